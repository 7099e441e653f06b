// Ledger kinds of the rewards, in a file of their own: the ledger's referral follow-up needs them
// without importing the services that award through the ledger.
export const BIRTHDAY_KIND = 'birthday_bonus';
export const REFERRAL_KIND = 'referral';
export const referralKey = (newUserId: string) => `referral:${newUserId}`;

/** Points a supporter is given rather than earns by their own doing: they do not make anyone active. */
export const PASSIVE_KINDS = [BIRTHDAY_KIND, REFERRAL_KIND];
