import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';

// Every award asks whether it pays a referrer: built and compiled once (../db/prepared.ts).
const rewardState = prepared((db, userId: string) => db.selectFrom('user_rewards').selectAll().where('user_id', '=', userId));

export function findRewardState(db: Db, userId: string) {
  return rewardState.first(db, userId);
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

