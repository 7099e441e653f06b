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

/**
 * Places by points: one plus the supporters above, from the levels (a sum above the highest of `points`, the few
 * levels between them one by one), less those counted there but left off the board.
 */
async function placesOf(db: Db, organizationId: string, board: string, points: readonly number[]): Promise<Map<number, number>> {
  const lowest = Math.min(...points);
  const highest = Math.max(...points);
  const [aboveHighest, between, leftOut] = await Promise.all([
    repo.countSupportersAbove(db, organizationId, board, highest),
    repo.listLevelsBetween(db, organizationId, board, lowest, highest),
    repo.listLeftOutAbove(db, organizationId, board, lowest),
  ]);
  const places = new Map<number, number>();
  for (const value of new Set(points)) {
    const above = between.reduce((sum, l) => sum + (Number(l.points) > value ? Number(l.supporters) : 0), aboveHighest);
    places.set(value, 1 + above - leftOut.filter((p) => p > value).length);
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
    const [above, below] = await Promise.all([
      repo.listNeighbours(db, caller.organizationId, board.key, domains, at, 'above', AROUND),
      repo.listNeighbours(db, caller.organizationId, board.key, domains, at, 'below', AROUND),
    ]);
    const around = [...above.reverse(), mine, ...below];
    // Every total the top shows has its place there (all higher totals are in it too); below the top, the levels say.
    const topPlaces = new Map(top.map((r) => [r.points, r.place]));
    const places = around.every((r) => topPlaces.has(Number(r.points)))
      ? topPlaces
      : await placesOf(db, caller.organizationId, board.key, around.map((r) => Number(r.points)));
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
