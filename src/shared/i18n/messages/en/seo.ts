// What search engines and link previews read.
// English is the source of every key; es/seo.ts must define the same keys.
export default {
  'seo.about.crestAlt': '{name} crest',
  'seo.about.pointsHeading': 'Earn and spend {points}',
};
