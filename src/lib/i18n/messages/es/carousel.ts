import type en from '../en/carousel.ts';

// The reward carousel on the dashboard.
const es: Record<keyof typeof en, string> = {
};

export default es;
