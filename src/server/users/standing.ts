import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import type { LedgerResult } from '../ledger/ledger.ts';
import { listRanks } from '../organization/organization.repository.ts';
import { rankFor } from './rank.ts';
import type { Standing } from './standing.schema.ts';
import { findUserPoints } from './user.repository.ts';


/** The balances and rank of a user: the two numbers, then the rank computed from the organization's ranks. */
export async function readPoints(db: Db, userId: string): Promise<{ organizationId: string; points: number; lifetimePoints: number }> {
  const row = await findUserPoints(db, userId);
  if (!row) throw new ApiError('unauthorized', 'api.auth.accountGone');
  return { organizationId: row.organization_id, points: Number(row.points), lifetimePoints: Number(row.lifetime_points) };
}

/**
 * The standing after `award`: a new ledger row carries the balances it left, so only the ranks are read;
 * with no row (nothing awarded) or a replayed one (its balances are from back then), the user's are.
 */
export async function standingAfter(db: Db, caller: { organizationId: string; userId: string }, award?: LedgerResult | null): Promise<Standing> {
  const fresh = award && !award.replayed ? award.entry : null;
  const [balances, ranks] = await Promise.all([
    fresh ? { points: Number(fresh.balance_after), lifetimePoints: Number(fresh.lifetime_after) } : readPoints(db, caller.userId),
    listRanks(db, caller.organizationId),
  ]);
  return { points: balances.points, lifetimePoints: balances.lifetimePoints, ...rankFor(ranks, balances.lifetimePoints) };
}
