// The club's header and the landing page.
// English is the source of every key; es/identity.ts must define the same keys.
export default {
};
