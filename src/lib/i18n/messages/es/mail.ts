import type en from '../en/mail.ts';

// E-mails and their subjects.
const es: Record<keyof typeof en, string> = {
};

export default es;
