import type en from '../en/nav.ts';

// The shell: skip link, tab bar, anonymous bar, error pages.
const es: Record<keyof typeof en, string> = {
  'shell.skipToContent': 'Saltar al contenido',
  'shell.mainNavigation': 'Principal',
  'tabs.dashboard': 'Inicio',
  'tabs.challenges': 'Retos',
  'tabs.media': 'Multimedia',
  'tabs.sweepstakes': 'Sorteos',
  'tabs.profile': 'Perfil',
  'tabs.about': 'El club',
  'nav.signIn': 'Entrar',
  'error.title': 'Lo sentimos, no encontramos esta página',
  'error.goBackHome': 'Volver al inicio',
  'error.notFound': 'Página no encontrada',
  'error.invalidRoute': 'Página no encontrada: {path}',
  'error.serverError': 'Algo salió mal',
};

export default es;
