import type { Db } from '../db/connection.ts';
import type { Earner } from '../ledger/ledger.repository.ts';
import { listSettings } from '../organization/organization.repository.ts';
import { settingSchema } from '../organization/settings.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { boardsAt } from './leaderboard.periods.ts';
import * as repo from './leaderboard.repository.ts';

// The leaderboards kept in the award's own transaction: src/server/ledger calls `countEarned` where it writes
// an award (+) or takes one back (-), so a board is never behind the ledger and never ahead of it (a rolled-back
// award rolls its board back too). A spend, and the refund of one, never move a board.

function read<T>(key: string, value: string | null | undefined, fallback: T): T {
  const parsed = settingSchema(key)?.safeParse(value ?? undefined);
  return parsed?.success ? parsed.data as T : fallback;
}

/** The supporter whose award moves the boards, as the ledger's write read them (../ledger/ledger.repository.ts). */
export type BoardEarner = Pick<Earner, 'organization_id' | 'email' | 'time_zone' | 'operator'> & { userId: string };

/**
 * Moves the supporter's week, month and season totals of the moment `at` by `amount` (negative: an award taken
 * back, on the boards of the award's own moment, never below zero), and the levels that count places with them.
 * The club's staff earn on no board.
 */
export async function countEarned(db: Db, earner: BoardEarner, amount: number, at: string): Promise<void> {
  if (earner.operator) return;
  const { organization_id: organizationId, userId } = earner;
  // The club's settings: kept under its version for a request (../organization/club-snapshot.ts).
  const settings = await listSettings(db, organizationId);
  const domains = read<string[]>('internalDomains', settings['internalDomains'], []);
  if (domains.some((domain) => earner.email.endsWith(`@${domain}`))) return;
  const timeZone = readTimeZone(earner.time_zone, organizationId);
  const [week, month, season] = boardsAt(new Date(at), timeZone, read('leaderboardSeasonStart', settings['leaderboardSeasonStart'], '07-01'));
  const boards = [week.key, month.key, season.key] as const;

  if (amount > 0) {
    await repo.addEarned(db, organizationId, userId, boards, amount);
    return;
  }
  const moves: { board: string; before: number; after: number }[] = [];
  for (const row of await repo.listTotalsOf(db, organizationId, userId, boards)) {
    const after = Math.max(0, Number(row.points) + amount);
    await repo.setTotal(db, organizationId, row.board, userId, after);
    moves.push({ board: row.board, before: Number(row.points), after });
  }
  await repo.moveLevels(db, organizationId, userId, repo.levelMoves(moves));
}
