import type { Db } from '../db/connection.ts';

export function findRewardState(db: Db, userId: string) {
  return db.selectFrom('user_rewards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findUserByReferralCode(db: Db, organizationId: string, code: string) {
  return db.selectFrom('user_rewards').select('user_id')
    .where('organization_id', '=', organizationId).where('referral_code', '=', code).executeTakeFirst();
}

/** Makes sure the user has a row; an existing one is left as it is. */
export async function ensureRewardState(db: Db, userId: string, organizationId: string): Promise<void> {
  await db.insertInto('user_rewards').values({ user_id: userId, organization_id: organizationId })
    .onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

/** Sets the code only if the user has none yet (two first requests at once keep one code). */
export async function setReferralCodeIfNone(db: Db, userId: string, code: string): Promise<void> {
  await db.updateTable('user_rewards').set({ referral_code: code })
    .where('user_id', '=', userId).where('referral_code', 'is', null).execute();
}

/** Ties a brand-new user to the referrer; set once, never changed. */
export async function insertReferredUser(db: Db, userId: string, organizationId: string, referrerId: string): Promise<void> {
  await db.insertInto('user_rewards').values({ user_id: userId, organization_id: organizationId, referred_by: referrerId })
    .onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

export async function setBirthdaySeenYear(db: Db, userId: string, organizationId: string, year: number): Promise<void> {
  await db.insertInto('user_rewards').values({ user_id: userId, organization_id: organizationId, birthday_seen_year: year })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ birthday_seen_year: year })).execute();
}

export async function countReferredUsers(db: Db, referrerId: string): Promise<number> {
  const row = await db.selectFrom('user_rewards').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referred_by', '=', referrerId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The first and last time the user earned points by their own doing (not a referral or birthday
 * bonus): two different local days between them make the user active.
 */
export function earningSpan(db: Db, userId: string, passiveKinds: string[]) {
  return db.selectFrom('ledger_entries')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where('user_id', '=', userId).where('amount', '>', 0).where('kind', 'not in', passiveKinds)
    .executeTakeFirst();
}

/** When the user's entries of one kind since `since` were made (a month's referral awards: a handful). */
export async function listEntryTimesSince(db: Db, userId: string, kind: string, since: string): Promise<string[]> {
  const rows = await db.selectFrom('ledger_entries').select('created_at')
    .where('user_id', '=', userId).where('kind', '=', kind).where('created_at', '>=', since).execute();
  return rows.map((r) => r.created_at);
}

export async function countLedgerEntriesOfKind(db: Db, userId: string, kind: string): Promise<number> {
  const row = await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return Number(row?.n ?? 0);
}
