import type en from '../en/api.ts';

// Messages of API errors a supporter may see.
const es: Record<keyof typeof en, string> = {
};

export default es;
