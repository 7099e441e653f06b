import type { Db } from '../db/connection.ts';

/** Where the previous page ended: rows come in (created_at, id) order. */
export interface After { createdAt: string; id: string }
/** Instants, start inclusive, end exclusive. */
export interface Period { from?: string | undefined; to?: string | undefined }

/** One page of the supporters who joined in the period, in joining order (index users_by_joining). */
export function memberRows(db: Db, organizationId: string, period: Period, after: After | undefined, limit: number) {
  let query = db.selectFrom('users')
    .select(['id', 'email', 'username', 'first_name', 'last_name', 'points', 'lifetime_points', 'created_at', 'blocked_at'])
    .where('organization_id', '=', organizationId);
  if (period.from) query = query.where('created_at', '>=', period.from);
  if (period.to) query = query.where('created_at', '<', period.to);
  // A row comparison, which both databases answer as one index range (an OR of two conditions they do not).
  if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)));
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}
