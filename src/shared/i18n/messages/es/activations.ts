import type en from '../en/activations.ts';

// Activations (the scannable /a/{slug} page) and the badges they give, on the profile.
const es: Record<keyof typeof en, string> = {
  'activations.eyebrow': 'Insignia para conseguir',
  'activations.eyebrowEarned': 'En tu colección',
  'activations.badgeAlt': 'La insignia {badge}',
  'activations.reward': 'La insignia {badge} y {points}',
  'activations.rewardBadgeOnly': 'La insignia {badge}',
  'activations.openUntil': 'Disponible hasta el {date}',
  'activations.collect': 'Conseguir insignia',
  'activations.collectHint': 'Una insignia por aficionado: conseguirla otra vez no da nada más.',
  'activations.collectedOn': 'Conseguiste esta insignia el {date}.',
  'activations.signInToCollect': 'Entra para conseguirla',
  'activations.signInHint': 'Al entrar vuelves aquí para conseguir la insignia con un toque.',
  'activations.seeBadges': 'Ver tus insignias',
  'activations.notStartedYet': 'Todavía no está disponible: vuelve el {date} para conseguirla.',
  'activations.over': 'Ya ha terminado: la insignia se podía conseguir hasta el {date}.',
  'activations.collectedToast': 'Insignia conseguida: {badge}',
  'activations.earnedPoints': 'Has ganado {points}.',
  'activations.alreadyToast': 'Ya tienes la insignia {badge}',
  'activations.alreadyText': 'No hay nada más que conseguir aquí: ya está en tu perfil.',
  'activations.failed': 'No hemos podido darte la insignia. Inténtalo de nuevo.',
  'badges.title': 'Tus insignias',
  'badges.earnedOn': 'Conseguida el {date}',
  'badges.emptyTitle': 'Todavía no tienes insignias',
  'badges.emptyText': 'Escanea los códigos del club en el estadio, en la tienda y en la taquilla para conseguirlas.',
  'badges.loadFailed': 'No hemos podido cargar tus insignias. Vuelve a cargar la página para intentarlo de nuevo.',
  'api.activations.notFound': 'Activación no encontrada',
  'api.activations.notStarted': 'Esta activación todavía no ha empezado. Vuelve cuando esté disponible.',
  'api.activations.over': 'Esta activación ha terminado: su insignia ya no se puede conseguir.',
};

export default es;
