import type en from '../en/carousel.ts';

// The reward carousel on the dashboard.
const es: Record<keyof typeof en, string> = {
  'carousel.title': 'Recompensas para ti',
  'carousel.ad': 'Anuncio',
  'carousel.dismiss': 'Ocultar «{title}»',
  'carousel.externalLink': '(abre otra web)',
  'carousel.dismissed': 'Tarjeta ocultada',
  'carousel.dismissedText': 'No volverá a aparecer.',
  'carousel.dismissFailed': 'No se ha podido ocultar la tarjeta. Inténtalo de nuevo.',
};

export default es;
