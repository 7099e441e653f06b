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
  const boards = boardsAt(new Date(at), timeZone, read('leaderboardSeasonStart', settings['leaderboardSeasonStart'], '07-01')).map((b) => b.key);

  const moves: { board: string; before: number; after: number }[] = [];
  if (amount > 0) {
    for (const row of await repo.addToTotals(db, organizationId, userId, boards, amount)) {
      moves.push({ board: row.board, before: Number(row.points) - amount, after: Number(row.points) });
    }
  } else {
    for (const row of await repo.listTotalsOf(db, organizationId, userId, boards)) {
      const after = Math.max(0, Number(row.points) + amount);
      await repo.setTotal(db, organizationId, row.board, userId, after);
      moves.push({ board: row.board, before: Number(row.points), after });
    }
  }
  // Levels are shared by every supporter of a board: always taken in one order (board, then points), so two
  // awards at once wait for each other instead of deadlocking. A supporter leaves one level of a board for another,
  // so no level is named twice.
  const levels = moves.flatMap(({ board, before, after }) => [
    ...(before > 0 ? [{ board, points: before, by: -1 as const }] : []),
    ...(after > 0 ? [{ board, points: after, by: 1 as const }] : []),
  ]).sort((a, b) => a.board.localeCompare(b.board) || a.points - b.points);
  await repo.moveLevels(db, organizationId, levels);
}
