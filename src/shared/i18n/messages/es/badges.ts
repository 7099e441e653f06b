import type en from '../en/badges.ts';

// Las insignias por hitos en el perfil (/profile, /profile/badges).
const es: Record<keyof typeof en, string> = {
  'badges.pageTitle': 'Insignias',
  'badges.seeAll': 'Todas las insignias',
  'badges.toEarnTitle': 'Por conseguir',
  'badges.locked': 'Aún sin conseguir',
  'badges.how.first-checkin': 'Registra tu visita en tu panel.',
  'badges.how.streak-7': 'Registra tu visita siete días seguidos.',
  'badges.how.challenges-10': 'Responde diez retos.',
  'badges.how.first-entry': 'Participa por primera vez en un sorteo.',
};

export default es;
