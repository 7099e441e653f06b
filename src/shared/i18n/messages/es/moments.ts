import type en from '../en/moments.ts';

const es: Record<keyof typeof en, string> = {
  'rank.named': '{rank} · {title}',
  'rank.nextBrings': '{rank} trae:',
  'rank.moment.close': 'Cerrar',
  'rank.moment.continue': 'Seguir',
  'rank.moment.also': 'Y además',
  'rank.moment.levelUp.eyebrow': 'Nuevo rango',
  'rank.moment.levelUp.title': '¡Has llegado a {rank}!',
  'rank.moment.levelUp.unlocked': 'Ya es tuyo',
  'rank.moment.levelUp.next': 'Siguiente: {rank}',
  'rank.moment.levelUp.top': 'El rango más alto: no hay nada por encima.',
  'rank.moment.badge.eyebrow': 'Insignia conseguida',
  'rank.moment.badge.title': '¡Has ganado la insignia {badge}!',
  'rank.moment.badge.text': 'Ya está en tu perfil, con la fecha de hoy.',
  'rank.moment.streak.eyebrow': 'Racha',
  'rank.moment.streak.title': '¡{days} días seguidos!',
  'rank.moment.streak.text': 'Vuelve mañana para mantenerla.',
  'rank.moment.firstEntry.eyebrow': 'Primera participación',
  'rank.moment.firstEntry.title': '¡Ya participas en tu primer sorteo!',
  'rank.moment.firstEntry.text': 'Suerte: los ganadores se sortean al cerrar la participación.',
};

export default es;
