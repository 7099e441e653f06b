import type en from '../en/challenges.ts';

// Challenge lists and pages: poll, pick'em, keyword, feedback, arcade.
const es: Record<keyof typeof en, string> = {
};

export default es;
