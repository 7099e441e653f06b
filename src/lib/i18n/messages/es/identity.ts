import type en from '../en/identity.ts';

// The club's header and the landing page.
const es: Record<keyof typeof en, string> = {
};

export default es;
