// Messages of API errors a supporter may see.
// English is the source of every key; es/api.ts must define the same keys.
export default {
};
