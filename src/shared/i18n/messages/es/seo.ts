import type en from '../en/seo.ts';

// What search engines and link previews read.
const es: Record<keyof typeof en, string> = {
  'seo.about.crestAlt': 'Escudo de {name}',
  'seo.about.pointsHeading': 'Gana y gasta {points}',
};

export default es;
