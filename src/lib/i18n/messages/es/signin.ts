import type en from '../en/signin.ts';

// Sign-in pages: /login, /login/verify-email.
const es: Record<keyof typeof en, string> = {
};

export default es;
