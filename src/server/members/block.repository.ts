import type { Db } from '../db/connection.ts';

/** A supporter of the organization with their blocked state, or undefined. */
export function findMemberBlock(db: Db, organizationId: string, userId: string) {
  return db.selectFrom('users').select(['id', 'blocked_at', 'blocked_reason'])
    .where('organization_id', '=', organizationId).where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets (a date and a reason) or clears (nulls) the block. */
export function setMemberBlock(db: Db, userId: string, block: { at: string; reason: string } | null) {
  return db.updateTable('users')
    .set({ blocked_at: block?.at ?? null, blocked_reason: block?.reason ?? null })
    .where('id', '=', userId)
    .execute();
}

/** Ends every live session of the supporter (index sessions_by_user); answers how many were live. */
export async function endSessionsOfUser(db: Db, userId: string, now: string): Promise<number> {
  const result = await db.updateTable('sessions').set({ ended_at: now })
    .where('user_id', '=', userId).where('ended_at', 'is', null).where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The holders (opaque ids) of a sweepstake's entries whose supporter the club has blocked. */
export async function listBlockedHolders(db: Db, sweepstakeId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sweepstake_entries')
    .innerJoin('users', 'users.id', 'sweepstake_entries.user_id')
    .select('sweepstake_entries.holder').distinct()
    .where('sweepstake_entries.sweepstake_id', '=', sweepstakeId).where('users.blocked_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.holder));
}
