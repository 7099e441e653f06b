// Articles: the list, the article page and its read form.
// English is the source of every key; es/articles.ts must define the same keys.
export default {
};
