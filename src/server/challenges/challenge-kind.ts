// The ledger kind of every challenge award, in a file of its own (as ../rewards/reward-kinds.ts): the
// ledger's history names the challenge of such an entry without importing the services that award
// through the ledger. Only ./challenge.award.ts writes entries of this kind.
export const CHALLENGE_KIND = 'challenge';
