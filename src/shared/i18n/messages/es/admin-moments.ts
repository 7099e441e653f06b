import type en from '../en/admin-moments.ts';

// La consola de rangos e insignias (/admin/ranks, /admin/badges).
const es: Record<keyof typeof en, string> = {
  'adminMoments.nav.ranks': 'Rangos',
  'adminMoments.ranks.title': 'Rangos',
  'adminMoments.ranks.intro': 'Los rangos conservan sus códigos, de P10 a P1, y los puntos que pide cada uno. Dale a cada uno un nombre y una frase corta sobre lo que trae alcanzarlo: la afición los ve en su panel, en su perfil y al alcanzar el rango. Si lo dejas en blanco, el rango se muestra solo con su código.',
  'adminMoments.ranks.heading': '{rank} · desde {points}',
  'adminMoments.ranks.save': 'Guardar {rank}',
  'adminMoments.ranks.saved': '{rank} guardado.',
  'adminMoments.field.title': 'Nombre',
  'adminMoments.field.perk': 'Lo que trae',
  'adminMoments.nav.badges': 'Insignias',
  'adminMoments.badges.title': 'Insignias',
  'adminMoments.badges.intro': 'Las insignias que la afición gana por un hito: su primera visita, una racha de siete días, diez retos y su primera participación en un sorteo. Ponle nombre a cada una y elige su imagen; la afición las ve en su perfil y al ganarlas. La insignia de una activación se define en la activación.',
  'adminMoments.badges.builtIn': 'Nombre e imagen de serie',
  'adminMoments.badges.save': 'Guardar insignia',
  'adminMoments.badges.saved': 'Insignia guardada: {badge}.',
  'adminMoments.badges.upload': 'Sube una imagen (PNG, JPEG o WebP)',
  'adminMoments.badges.uploadButton': 'Subir',
  'adminMoments.badges.picture': 'La imagen actual de la insignia',
  'adminMoments.badges.milestone.first-checkin': 'Primera visita',
  'adminMoments.badges.milestone.streak-7': 'Una racha de siete días',
  'adminMoments.badges.milestone.challenges-10': 'Diez retos respondidos',
  'adminMoments.badges.milestone.first-entry': 'Primera participación en un sorteo',
  'adminMoments.field.name': 'Nombre',
  'adminMoments.field.image': 'Imagen (una ruta de este sitio)',
};

export default es;
