import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import type { LedgerResult } from '../ledger/ledger.ts';
import type { Moment } from '../moments/moment.schema.ts';
import { levelUpMoment } from '../moments/moments.ts';
import { listRanks } from '../organization/organization.repository.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
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
 * The standing after `award` (an award or a spend, never a refund: its amount did not raise the lifetime
 * points): a new ledger row carries the balances it left, so only the ranks are read; with no row (nothing
 * awarded) or a replayed one (its balances are from back then), the user's are. `earned`: the moments the
 * caller's own rules made in the same transaction (a badge, a streak, a first entry); a new rank is found here.
 */
export async function standingAfter(
  db: Db, caller: { organizationId: string; userId: string; locale?: Locale | undefined }, award?: LedgerResult | null, earned: Moment[] = [],
): Promise<Standing> {
  const fresh = award && !award.replayed ? award.entry : null;
  const [balances, ranks] = await Promise.all([
    fresh ? { points: Number(fresh.balance_after), lifetimePoints: Number(fresh.lifetime_after) } : readPoints(db, caller.userId),
    listRanks(db, caller.organizationId),
  ]);
  const locale = caller.locale ?? 'en';
  const now = rankFor(ranks, balances.lifetimePoints, locale);
  const before = fresh && Number(fresh.amount) > 0 ? rankFor(ranks, balances.lifetimePoints - Number(fresh.amount), locale) : now;
  const levelUp = before.rank.name === now.rank.name ? [] : [await levelUpMoment(db, caller.organizationId, now)];
  return { points: balances.points, lifetimePoints: balances.lifetimePoints, ...now, moments: [...levelUp, ...earned] };
}
