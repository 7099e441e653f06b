import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { addDays } from '../reports/report.periods.ts';
import { dateInTimeZone, isUnderage } from '../users/age.ts';
import { boardOf, type LeaderboardPeriod } from './leaderboard.periods.ts';
import * as repo from './leaderboard.repository.ts';
import { requireUser } from '../users/require-user.ts';
import type { Leaderboard, LeaderboardName, LeaderboardRow, NameChoice } from './leaderboard.schema.ts';

export const TOP_PLACES = 50;
/** Rows shown either side of the supporter's own. */
const AROUND = 2;
/** Levels read either side of a supporter's own total: enough for the rows around, unless a level holds only the left out. */
const NEAR_LEVELS = 3;

/** A supporter's fixed number for "Supporter 4821": from their id, never from anything they wrote. */
export function supporterNumber(userId: string): number {
  return 1000 + (createHash('sha256').update(userId).digest().readUInt32BE(0) % 9000);
}

type Named = Pick<repo.StandingRow, 'first_name' | 'last_name' | 'username' | 'birthday' | 'erased_at'>;

/** "Ana G.": the first name and the initial of the last, else the username; never under 18, and an erased account has neither. */
function nameOf(row: Named, timeZone: string, now: Date): string | null {
  if (row.erased_at || isUnderage(row.birthday, timeZone, now)) return null;
  const first = row.first_name?.trim();
  const initial = row.last_name?.trim().charAt(0);
  if (first) return initial ? `${first} ${initial.toUpperCase()}.` : first;
  return row.username?.trim() || null;
}

/** The name a board shows: only for a supporter who chose it. */
const displayName = (row: repo.StandingRow, timeZone: string, now: Date) => (row.named_at ? nameOf(row, timeZone, now) : null);

type Level = { points: number | string; supporters: number | string };

/**
 * Places by points near a supporter's own: one plus the supporters above, less those counted in the levels but left
 * off the board. From the supporters above the supporter's own total and the levels nearest it (the rows either side
 * are at most two rows away, so almost always within them); a total beyond those levels is summed from the levels
 * between (one more query).
 */
async function placesNear(
  db: Db,
  near: { organizationId: string; board: string; points: number; aboveMine: number; up: Level[]; down: Level[]; leftOut: number[] },
  totals: readonly number[],
): Promise<Map<number, number>> {
  const levels = [...near.up, ...near.down].map((l) => ({ points: Number(l.points), supporters: Number(l.supporters) }));
  const reach = {
    high: near.up.length <= NEAR_LEVELS ? Infinity : Math.max(...levels.map((l) => l.points)),
    low: near.down.length < NEAR_LEVELS ? -Infinity : Math.min(...levels.map((l) => l.points)),
  };
  const outside = totals.filter((v) => v > reach.high || v < reach.low);
  if (outside.length) {
    const lowest = Math.min(...totals, near.points);
    const highest = Math.max(...totals, near.points);
    levels.splice(0, levels.length, ...(await repo.listLevelsBetween(db, near.organizationId, near.board, lowest - 1, highest))
      .map((l) => ({ points: Number(l.points), supporters: Number(l.supporters) })));
  }
  const places = new Map<number, number>();
  for (const value of new Set(totals)) {
    // Above `value`: those above the supporter's total, less the levels up to `value`, plus those between it and theirs.
    const above = levels.reduce((sum, l) => {
      if (l.points > near.points && l.points <= value) return sum - l.supporters;
      if (l.points > value && l.points <= near.points) return sum + l.supporters;
      return sum;
    }, near.aboveMine);
    places.set(value, 1 + above - near.leftOut.filter((p) => p > value).length);
  }
  return places;
}

export async function getLeaderboard(db: Db, caller: { organizationId: string; userId: string }, period: LeaderboardPeriod, now = new Date()): Promise<Leaderboard> {
  const { organization, settings } = await loadOrganizationSettings(db, caller.organizationId);
  const timeZone = readTimeZone(organization.time_zone, caller.organizationId);
  const board = boardOf(period, dateInTimeZone(now, timeZone), settings.leaderboardSeasonStart);
  const domains = settings.internalDomains;
  const [topRows, mine, named] = await Promise.all([
    repo.listTop(db, caller.organizationId, board.key, domains, TOP_PLACES),
    repo.findStanding(db, caller.organizationId, board.key, domains, caller.userId),
    repo.isNamed(db, caller.userId),
  ]);
  const row = (r: repo.StandingRow, place: number): LeaderboardRow => ({
    place, points: Number(r.points), name: displayName(r, timeZone, now), number: supporterNumber(r.user_id), you: r.user_id === caller.userId,
  });

  // In the top, a row's place is one plus the rows above it with more points.
  const top: LeaderboardRow[] = [];
  topRows.forEach((r, i) => {
    const previous = top[i - 1];
    top.push(row(r, previous && previous.points === Number(r.points) ? previous.place : i + 1));
  });

  let me: Leaderboard['me'] = null;
  if (mine) {
    const at = { points: Number(mine.points), userId: mine.user_id };
    // Everything a place needs, at once: the rows either side, the supporters above, the levels nearest, the left out.
    const [above, below, aboveMine, up, down, leftOut] = await Promise.all([
      repo.listNeighbours(db, caller.organizationId, board.key, domains, at, 'above', AROUND),
      repo.listNeighbours(db, caller.organizationId, board.key, domains, at, 'below', AROUND),
      repo.countSupportersAbove(db, caller.organizationId, board.key, at.points),
      repo.listLevelsNear(db, caller.organizationId, board.key, at.points, 'up', NEAR_LEVELS + 1),
      repo.listLevelsNear(db, caller.organizationId, board.key, at.points, 'down', NEAR_LEVELS),
      repo.listLeftOutAbove(db, caller.organizationId, board.key, 0),
    ]);
    const around = [...above.reverse(), mine, ...below];
    // Every total the top shows has its place there (all higher totals are in it too); below the top, the levels say.
    const topPlaces = new Map(top.map((r) => [r.points, r.place]));
    const places = around.every((r) => topPlaces.has(Number(r.points)))
      ? topPlaces
      : await placesNear(db, { organizationId: caller.organizationId, board: board.key, points: at.points, aboveMine, up, down, leftOut }, around.map((r) => Number(r.points)));
    me = {
      place: places.get(at.points) ?? 1,
      points: at.points,
      around: around.map((r) => row(r, places.get(Number(r.points)) ?? 1)),
    };
  }
  return { period, startsOn: board.startsOn, endsOn: addDays(board.endsBefore, -1), top, me, named };
}

/** The caller's choice, their number and the name a board would show for them. */
export async function getName(db: Db, caller: { userId: string; timeZone: string }, now = new Date()): Promise<LeaderboardName> {
  const [user, named] = await Promise.all([requireUser(db, caller.userId), repo.isNamed(db, caller.userId)]);
  return { named, number: supporterNumber(caller.userId), name: nameOf(user, caller.timeZone, now) };
}

export async function chooseName(db: Db, caller: { userId: string; timeZone: string }, choice: NameChoice, now = new Date()): Promise<LeaderboardName> {
  await repo.setNamed(db, caller.userId, choice.named, now.toISOString());
  return getName(db, caller, now);
}
