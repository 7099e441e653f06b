import type en from '../en/onboarding.ts';

// Las primeras páginas de un aficionado nuevo (/choose-your-membership, /welcome).
const es: Record<keyof typeof en, string> = {
  'onboarding.oneTierTitle': 'Tu membresía',
  'onboarding.oneTierIntro': 'Todo aficionado de {club} empieza como {tier}. Continúa para ver cómo ganar tus primeras recompensas.',
  'onboarding.continueWith': 'Continuar con {tier}',
};

export default es;
