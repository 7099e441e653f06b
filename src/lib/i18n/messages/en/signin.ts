// Sign-in pages: /login, /login/verify-email.
// English is the source of every key; es/signin.ts must define the same keys.
export default {
};
