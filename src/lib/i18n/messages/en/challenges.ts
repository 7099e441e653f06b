// Challenge lists and pages: poll, pick'em, keyword, feedback, arcade.
// English is the source of every key; es/challenges.ts must define the same keys.
export default {
};
