import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/connection.ts';
import { sentWithNext } from '../db/pg-named.ts';
import { prepared, preparedByShape } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

// The leaderboards' SQL (migration 031). Who is on a board is decided where it is read: a supporter blocked
// by the club, an operator's address or an address at one of the club's internal domains is left out, by the
// same test the reports make (src/server/reports/report.audience.repository.ts).

/** The supporter `u` may stand on a board of the organization `t.organization_id`. */
function eligible(internalDomains: readonly string[]): RawBuilder<boolean> {
  const domains = internalDomains.map((domain) => sql`u.email like ${`%@${domain}`}`);
  return sql<boolean>`u.blocked_at is null
    and not exists (select 1 from operators o where o.organization_id = u.organization_id and o.email = u.email)
    ${domains.length ? sql`and not (${sql.join(domains, sql` or `)})` : sql``}`;
}

/**
 * Adds an award to the supporter's totals on these boards (a first row for a board they had not earned on) and moves
 * the levels with them: they leave the level of their old total and join the one of their new. On PostgreSQL one
 * statement, sent with the award's next one (issue 27: no round trip of its own), on SQLite two.
 */
export async function addEarned(db: Db, organizationId: string, userId: string, boards: readonly [string, string, string], amount: number): Promise<void> {
  if (isPostgres(db)) {
    await earnedAdded.all(db, organizationId, userId, ...boards, amount, levelShard(userId));
    return;
  }
  const totals = await totalsAdded.all(db, organizationId, userId, ...boards, amount);
  await moveLevels(db, organizationId, userId, levelMoves(totals.map((row) => ({ board: row.board, before: Number(row.points) - amount, after: Number(row.points) }))));
}

/**
 * The shard of a level a supporter's moves go to (migration 041): always the same one for a supporter, so a shard's
 * count stays what it joined by; sixteen of them, so sixteen awards of the same points at once (every first check-in
 * of a match day) take sixteen rows instead of waiting for one. Reads sum a level's shards.
 */
const LEVEL_SHARDS = 16;
export function levelShard(userId: string): number {
  let hash = 0;
  for (let i = 0; i < userId.length; i += 1) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return hash % LEVEL_SHARDS;
}

/** The award added to the supporter's three totals (a first row for a board they had not earned on), answering the new ones. */
function totalsAddedBy(db: QueryCreator<Database>, organizationId: string, userId: string, boards: readonly string[], amount: number) {
  return db.insertInto('leaderboard_totals')
    .values(boards.map((board) => ({ organization_id: organizationId, board, user_id: userId, points: amount })))
    .onConflict((oc) => oc.columns(['organization_id', 'board', 'user_id'])
      .doUpdateSet((eb) => ({ points: eb('leaderboard_totals.points', '+', eb.ref('excluded.points')) })))
    .returning(['board', 'points']);
}
const totalsAdded = prepared((db, organizationId: string, userId: string, week: string, month: string, season: string, amount: number) =>
  totalsAddedBy(db, organizationId, userId, [week, month, season], amount));

/**
 * addEarned's one statement on PostgreSQL: the levels' rows taken in the order of levelMoves (board, then points). Its
 * answer is not read: it goes out with the award's next statement.
 */
const earnedAdded = prepared((db, organizationId: string, userId: string, week: string, month: string, season: string, amount: number, shard: number) => sentWithNext(db
  .with('t', (w) => totalsAddedBy(w, organizationId, userId, [week, month, season], amount))
  .insertInto('leaderboard_levels')
  .columns(['organization_id', 'board', 'points', 'shard', 'supporters'])
  .expression((eb) => eb.selectFrom(
    eb.selectFrom('t').select((t) => ['t.board', t('t.points', '-', amount).as('points'), sql<number>`-1`.as('by')]).where('t.points', '>', amount)
      .unionAll(eb.selectFrom('t').select(['t.board', 't.points', sql<number>`1`.as('by')]))
      .as('m'))
    .select((m) => [m.val(organizationId).as('organization_id'), 'm.board', 'm.points', m.val(shard).as('shard'), 'm.by'])
    .orderBy('m.board').orderBy('m.points'))
  .onConflict((oc) => oc.columns(['organization_id', 'board', 'points', 'shard'])
    .doUpdateSet((eb) => ({ supporters: eb('leaderboard_levels.supporters', '+', eb.ref('excluded.supporters')) })))));

/**
 * The levels a supporter's totals moving from `before` to `after` leave and join. Levels are shared by every supporter
 * of a board: always taken in one order (board, then points), so two awards at once wait for each other instead of
 * deadlocking. A supporter leaves one level of a board for another, so no level is named twice.
 */
export function levelMoves(totals: ReadonlyArray<{ board: string; before: number; after: number }>): LevelMove[] {
  return totals.flatMap(({ board, before, after }) => [
    ...(before > 0 ? [{ board, points: before, by: -1 as const }] : []),
    ...(after > 0 ? [{ board, points: after, by: 1 as const }] : []),
  ]).sort((a, b) => (a.board < b.board ? -1 : a.board > b.board ? 1 : a.points - b.points));
}

export function listTotalsOf(db: Db, organizationId: string, userId: string, boards: readonly string[]) {
  return db.selectFrom('leaderboard_totals').select(['board', 'points'])
    .where('organization_id', '=', organizationId).where('user_id', '=', userId).where('board', 'in', [...boards])
    .execute();
}

export function setTotal(db: Db, organizationId: string, board: string, userId: string, points: number) {
  return db.updateTable('leaderboard_totals').set({ points })
    .where('organization_id', '=', organizationId).where('board', '=', board).where('user_id', '=', userId)
    .execute();
}

/** A level of a board and how many supporters more (+1) or fewer (-1) stand at it. */
export interface LevelMove { board: string; points: number; by: 1 | -1 }

// By the number of levels moved (a supporter's three boards, each left and joined: at most six), compiled once each.
const levelsMoved = preparedByShape((count: number) => (db: Db, organizationId: string, shard: number, ...moves: Array<string | number>) => db
  .insertInto('leaderboard_levels')
  .values(Array.from({ length: count }, (_, i) => ({
    organization_id: organizationId, board: moves[3 * i] as string, points: moves[3 * i + 1] as number, shard, supporters: moves[3 * i + 2] as number,
  })))
  .onConflict((oc) => oc.columns(['organization_id', 'board', 'points', 'shard'])
    .doUpdateSet((eb) => ({ supporters: eb('leaderboard_levels.supporters', '+', eb.ref('excluded.supporters')) }))));

/**
 * Moves these levels of the supporter's shard in one statement, in the order given (PostgreSQL takes the rows' locks
 * in it): a level no one stood at before is made with its one supporter. No two moves may name the same level.
 */
export async function moveLevels(db: Db, organizationId: string, userId: string, moves: readonly LevelMove[]): Promise<void> {
  if (moves.length === 0) return;
  await levelsMoved(moves.length).all(db, organizationId, levelShard(userId), ...moves.flatMap(({ board, points, by }) => [board, points, by]));
}

const standing = (db: Db, organizationId: string, board: string, internalDomains: readonly string[]) => db
  .selectFrom('leaderboard_totals as t')
  .innerJoin('users as u', 'u.id', 't.user_id')
  .leftJoin('leaderboard_names as n', 'n.user_id', 't.user_id')
  .select(['t.user_id', 't.points', 'u.first_name', 'u.last_name', 'u.username', 'u.birthday', 'u.erased_at', 'n.chosen_at as named_at'])
  .where('t.organization_id', '=', organizationId).where('t.board', '=', board).where('t.points', '>', 0)
  .where(eligible(internalDomains));

export type StandingRow = Awaited<ReturnType<ReturnType<typeof standing>['execute']>>[number];

/** The board's first `limit` supporters: most points first, ties in a fixed order (the user id, descending). */
export function listTop(db: Db, organizationId: string, board: string, internalDomains: readonly string[], limit: number) {
  return standing(db, organizationId, board, internalDomains)
    .orderBy('t.points', 'desc').orderBy('t.user_id', 'desc').limit(limit).execute();
}

/** The supporter's row on the board, if they may stand on it. */
export function findStanding(db: Db, organizationId: string, board: string, internalDomains: readonly string[], userId: string) {
  return standing(db, organizationId, board, internalDomains).where('t.user_id', '=', userId).executeTakeFirst();
}

/** The `limit` supporters just above (`above`) or just below a place on the board, nearest first: one index range each way. */
export function listNeighbours(db: Db, organizationId: string, board: string, internalDomains: readonly string[], at: { points: number; userId: string }, side: 'above' | 'below', limit: number) {
  const query = standing(db, organizationId, board, internalDomains)
    .where((eb) => eb(eb.refTuple('t.points', 't.user_id'), side === 'above' ? '>' : '<', eb.tuple(at.points, at.userId)));
  return (side === 'above' ? query.orderBy('t.points', 'asc').orderBy('t.user_id', 'asc') : query.orderBy('t.points', 'desc').orderBy('t.user_id', 'desc'))
    .limit(limit).execute();
}

/** Supporters of the board with more than `points`: one sum over the levels (a few thousand rows at most). */
export async function countSupportersAbove(db: Db, organizationId: string, board: string, points: number): Promise<number> {
  const row = await db.selectFrom('leaderboard_levels').select((eb) => eb.fn.sum<number | string | null>('supporters').as('n'))
    .where('organization_id', '=', organizationId).where('board', '=', board).where('points', '>', points)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A board's levels with their shards summed (migration 041), those someone stands at. */
const levels = (db: Db, organizationId: string, board: string) => db.selectFrom('leaderboard_levels')
  .select((eb) => ['points', eb.fn.sum<number | string>('supporters').as('supporters')])
  .where('organization_id', '=', organizationId).where('board', '=', board)
  .groupBy('points').having((eb) => eb.fn.sum('supporters'), '>', 0);

const numbers = (rows: Array<{ points: number; supporters: number | string }>) => rows.map((r) => ({ points: Number(r.points), supporters: Number(r.supporters) }));

/** The `limit` nearest levels of the board from `points` up (its own included), or below it (`down`). */
export async function listLevelsNear(db: Db, organizationId: string, board: string, points: number, side: 'up' | 'down', limit: number) {
  const query = levels(db, organizationId, board);
  return numbers(await (side === 'up' ? query.where('points', '>=', points).orderBy('points', 'asc') : query.where('points', '<', points).orderBy('points', 'desc'))
    .limit(limit).execute());
}

/** The levels of the board in (`above`, `upTo`]: the few between a supporter's neighbours. */
export async function listLevelsBetween(db: Db, organizationId: string, board: string, above: number, upTo: number) {
  return numbers(await levels(db, organizationId, board).where('points', '>', above).where('points', '<=', upTo).execute());
}

/**
 * The totals above `points` of supporters counted in the levels but not on the board: blocked since they earned
 * (the partial index users_blocked finds them) or made operators since (the operators' few addresses).
 */
export async function listLeftOutAbove(db: Db, organizationId: string, board: string, points: number): Promise<number[]> {
  // Read from the few left out to their rows (leaderboard_totals_by_user, from the index alone), never through the
  // board's million rows; a user's id and the board's key name the row (ids are unique across organizations).
  const blocked = db.selectFrom('users as u')
    .innerJoin('leaderboard_totals as t', (join) => join.onRef('t.user_id', '=', 'u.id').on('t.board', '=', board))
    .select('t.points')
    .where('u.organization_id', '=', organizationId).where('u.blocked_at', 'is not', null).where('t.points', '>', points);
  const operators = db.selectFrom('operators as o')
    .innerJoin('users as u', (join) => join.onRef('u.organization_id', '=', 'o.organization_id').onRef('u.email', '=', 'o.email'))
    .innerJoin('leaderboard_totals as t', (join) => join.onRef('t.user_id', '=', 'u.id').on('t.board', '=', board))
    .select('t.points')
    .where('o.organization_id', '=', organizationId).where('u.blocked_at', 'is', null).where('t.points', '>', points);
  const rows = await blocked.unionAll(operators).execute();
  return rows.map((r) => Number(r.points));
}

export async function isNamed(db: Db, userId: string): Promise<boolean> {
  return !!await db.selectFrom('leaderboard_names').select('user_id').where('user_id', '=', userId).executeTakeFirst();
}

export async function setNamed(db: Db, userId: string, named: boolean, now: string): Promise<void> {
  if (!named) {
    await db.deleteFrom('leaderboard_names').where('user_id', '=', userId).execute();
    return;
  }
  await db.insertInto('leaderboard_names').values({ user_id: userId, chosen_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing()).execute();
}
