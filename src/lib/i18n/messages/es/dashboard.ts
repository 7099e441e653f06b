import type en from '../en/dashboard.ts';

// The dashboard, check-in, points and rank, history, referral and membership pages.
const es: Record<keyof typeof en, string> = {
};

export default es;
