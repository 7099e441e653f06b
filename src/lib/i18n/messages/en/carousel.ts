// The reward carousel on the dashboard.
// English is the source of every key; es/carousel.ts must define the same keys.
export default {
};
