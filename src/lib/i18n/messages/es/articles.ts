import type en from '../en/articles.ts';

// Articles: the list, the article page and its read form.
const es: Record<keyof typeof en, string> = {
};

export default es;
