// The dashboard, check-in, points and rank, history, referral and membership pages.
// English is the source of every key; es/dashboard.ts must define the same keys.
export default {
};
