// What search engines and link previews read.
// English is the source of every key; es/seo.ts must define the same keys.
export default {
};
