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
  'adminMoments.field.english': 'Inglés',
  'adminMoments.field.spanish': 'Español',
};

export default es;
