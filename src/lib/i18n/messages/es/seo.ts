import type en from '../en/seo.ts';

// What search engines and link previews read.
const es: Record<keyof typeof en, string> = {
};

export default es;
