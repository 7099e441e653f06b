import type { ExpressionBuilder } from 'kysely';
import { CHALLENGE_KIND } from '../challenges/challenge-kind.ts';
import { isPostgres, type Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { LedgerEntryTable } from './ledger.table.ts';

/**
 * What the ledger's hooks need to know of the supporter whose balance a new row moved: the leaderboards their club,
 * address and the club's time zone, and whether they are staff (who earn on no board); the referral payout who
 * referred them. Read by the write's own statement, not by a round trip of each hook.
 */
export interface Earner { organization_id: string; email: string; time_zone: string; operator: boolean; referred_by: string | null }

/** The Earner's columns of the supporter `users` (unaliased: SQLite's RETURNING knows no alias of the table it updates). */
function earnerOf(eb: ExpressionBuilder<Database, 'users'>) {
  return [
    'users.organization_id', 'users.email',
    eb.selectFrom('organizations as g').select('g.time_zone').whereRef('g.id', '=', 'users.organization_id').$asScalar().$notNull().as('time_zone'),
    eb.exists(eb.selectFrom('operators as o').select('o.email').whereRef('o.organization_id', '=', 'users.organization_id').whereRef('o.email', '=', 'users.email')).as('operator'),
    eb.selectFrom('user_rewards as r').select('r.referred_by').whereRef('r.user_id', '=', 'users.id').$asScalar().as('referred_by'),
  ] as const;
}

// Every award and spend runs these: built and compiled once (../db/prepared.ts).
const entryByKey = prepared((db, userId: string, idempotencyKey: string) => db.selectFrom('ledger_entries').selectAll()
  .where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey));
/** The supporter's balances moved, when the change may apply to them (see BalanceChange). */
const balancesMoved = prepared((db, userId: string, points: number, lifetime: number, blocked: number, covered: number) => db.updateTable('users')
  .set((eb) => ({ points: eb('users.points', '+', points), lifetime_points: eb('users.lifetime_points', '+', lifetime) }))
  .where('users.id', '=', userId).where((eb) => eb.or([eb('users.blocked_at', 'is', null), eb(eb.val(blocked), '=', 1)])).where('users.points', '>=', covered)
  .returning((eb) => ['users.points', 'users.lifetime_points', ...earnerOf(eb)]));
const entryInserted = prepared((db, id: string, userId: string, amount: number, kind: string, reference: string | null, idempotencyKey: string, balanceAfter: number, lifetimeAfter: number, createdAt: string) => db
  .insertInto('ledger_entries').values({
    id, user_id: userId, amount, kind, reference, idempotency_key: idempotencyKey, balance_after: balanceAfter, lifetime_after: lifetimeAfter, created_at: createdAt,
  } satisfies Record<keyof LedgerEntryTable, unknown>));
/** PostgreSQL's one statement of writeEntry. */
const entryWritten = prepared((db, id: string, userId: string, amount: number, kind: string, reference: string | null, idempotencyKey: string, createdAt: string,
  points: number, lifetime: number, blocked: number, covered: number) => db
  .with('entry', (w) => w.insertInto('ledger_entries')
    .columns(['id', 'user_id', 'amount', 'kind', 'reference', 'idempotency_key', 'balance_after', 'lifetime_after', 'created_at'])
    .expression(w.selectFrom('users as u').select((eb) => [
      eb.val(id).as('id'), 'u.id as user_id', eb.val(amount).as('amount'), eb.val(kind).as('kind'), eb.val(reference).as('reference'),
      eb.val(idempotencyKey).as('idempotency_key'), eb('u.points', '+', points).as('balance_after'),
      eb('u.lifetime_points', '+', lifetime).as('lifetime_after'), eb.val(createdAt).as('created_at'),
    ]).where('u.id', '=', userId).where((eb) => eb.or([eb('u.blocked_at', 'is', null), eb(eb.val(blocked), '=', 1)])).where('u.points', '>=', covered)
      .forNoKeyUpdate())
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll())
  .with('balances', (w) => w.updateTable('users')
    .set((eb) => ({ points: eb('users.points', '+', points), lifetime_points: eb('users.lifetime_points', '+', lifetime) }))
    .from('entry').whereRef('users.id', '=', 'entry.user_id')
    .returning('users.id'))
  .selectFrom('entry').innerJoin('users', 'users.id', 'entry.user_id').selectAll('entry').select((eb) => earnerOf(eb))
  // Referenced so that no planner could leave the balances' move out (PostgreSQL runs every data-modifying part anyway).
  .where((eb) => eb.exists(eb.selectFrom('balances').select('balances.id'))));

export function findEntryByKey(db: Db, userId: string, idempotencyKey: string) {
  return entryByKey.first(db, userId, idempotencyKey);
}

/**
 * What a ledger row does to the balances, and when it may: `points` and `lifetime` are added (negative: taken);
 * `blocked` says whether it applies to a supporter the club has blocked; the spendable balance must be at least
 * `covered` before it (what a spend or a reversal takes, so it never goes below zero, whatever runs at once).
 */
export interface BalanceChange { points: number; lifetime: number; blocked: boolean; covered: number }

/** The row as written, without its balances: those are the supporter's after the change. */
export type NewEntry = Omit<LedgerEntryTable, 'balance_after' | 'lifetime_after'>;

/**
 * Writes one ledger row and moves the balances with it, unless its key was used before or the change may not apply
 * (then nothing is written and this answers undefined). On PostgreSQL one statement (issue 27: every round trip
 * costs both sides): the supporter's row is locked as an update of it would lock it (`for no key update`: balances
 * are read after any change committed meanwhile, and rows that merely refer to the supporter, which take a key-share
 * lock, never wait for it nor it for them; `for update` deadlocked two writes of one supporter that had each
 * inserted such a row), the row inserted unless its key exists, and the balances moved by what was inserted. On
 * SQLite, where a statement costs no round trip and a write holds the whole database, three.
 */
export async function writeEntry(db: Db, entry: NewEntry, change: BalanceChange): Promise<{ entry: LedgerEntryTable; earner: Earner } | undefined> {
  const args = [entry.id, entry.user_id, entry.amount, entry.kind, entry.reference, entry.idempotency_key, entry.created_at,
    change.points, change.lifetime, change.blocked ? 1 : 0, change.covered] as const;
  if (isPostgres(db)) {
    const row = await entryWritten.first(db, ...args);
    if (!row) return undefined;
    const { organization_id, email, time_zone, operator, referred_by, ...written } = row;
    return { entry: written, earner: { organization_id, email, time_zone, operator: Boolean(operator), referred_by } };
  }
  if (await findEntryByKey(db, entry.user_id, entry.idempotency_key)) return undefined;
  const moved = await balancesMoved.first(db, entry.user_id, change.points, change.lifetime, change.blocked ? 1 : 0, change.covered);
  if (!moved) return undefined;
  const written = { ...entry, balance_after: Number(moved.points), lifetime_after: Number(moved.lifetime_points) };
  await entryInserted.all(db, written.id, written.user_id, written.amount, written.kind, written.reference, written.idempotency_key, written.balance_after, written.lifetime_after, written.created_at);
  const { organization_id, email, time_zone, operator, referred_by } = moved;
  return { entry: written, earner: { organization_id, email, time_zone, operator: Boolean(operator), referred_by } };
}

/** Whether the club has blocked the supporter (a refused award or spend says why it was refused). */
export async function isBlocked(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('blocked_at').where('id', '=', userId).executeTakeFirst();
  return !!row?.blocked_at;
}

/** The user's entries of one kind for one reference (e.g. everything a challenge paid or took back), oldest first. */
export function listEntriesFor(db: Db, userId: string, kind: string, reference: string) {
  return db.selectFrom('ledger_entries').select(['idempotency_key', 'amount', 'created_at'])
    .where('user_id', '=', userId).where('kind', '=', kind).where('reference', '=', reference)
    .orderBy('created_at').orderBy('id')
    .execute();
}

/**
 * The user's keys of one kind that start with `prefix` and sort before `before`, largest first (check-in
 * keys hold the local day, so newest first): a range scan of the unique (user_id, idempotency_key) index.
 */
export async function listKeysBefore(
  db: Db, userId: string, query: { kind: string; prefix: string; before: string; limit: number },
): Promise<string[]> {
  const rows = await keysBefore.all(db, userId, query.kind, query.prefix, query.before, query.limit);
  return rows.map((r) => r.idempotency_key);
}

// The dashboard reads the check-in streak on every load: built and compiled once (../db/prepared.ts).
const keysBefore = prepared((db, userId: string, kind: string, prefix: string, before: string, limit: number) => db.selectFrom('ledger_entries')
  .select('idempotency_key')
  .where('user_id', '=', userId)
  .where('kind', '=', kind)
  .where('idempotency_key', '>=', prefix)
  .where('idempotency_key', '<', before)
  .orderBy('idempotency_key', 'desc')
  .limit(limit));

/** The first and last time the user gained points, entries of `exceptKinds` aside. */
export function findEarningSpan(db: Db, userId: string, exceptKinds: string[]) {
  return db.selectFrom('ledger_entries')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where('user_id', '=', userId).where('amount', '>', 0).where('kind', 'not in', exceptKinds)
    .executeTakeFirst();
}

/** When the user's entries of one kind since `since` were made. */
export async function listEntryTimesOfKind(db: Db, userId: string, kind: string, since: string): Promise<string[]> {
  const rows = await db.selectFrom('ledger_entries').select('created_at')
    .where('user_id', '=', userId).where('kind', '=', kind).where('created_at', '>=', since).execute();
  return rows.map((r) => r.created_at);
}

export async function countEntriesOfKind(db: Db, userId: string, kind: string): Promise<number> {
  const row = await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Ledger kinds whose reference is a sweepstake (its entries and their refunds). */
const SWEEPSTAKE_KINDS = ['sweepstake_entry', 'sweepstake_refund'];

/**
 * Newest first; the cursor is the last entry of the previous page. A challenge's, a sweepstake's, a story's, a
 * video's or an article's entry carries its title (`title`), so the history can say which one it was; a row the club wrote (an adjustment,
 * a reversal of one award) carries the club's reason and its translations (`adjustment_reason`, found through the
 * supporter's own adjustments: a handful, by index).
 */
export function listEntries(db: Db, userId: string, limit: number, after?: { createdAt: string; id: string }) {
  let query = db.selectFrom('ledger_entries as e')
    .leftJoin('challenges as c', (join) => join.onRef('c.id', '=', 'e.reference').on('e.kind', '=', CHALLENGE_KIND))
    .leftJoin('sweepstakes as s', (join) => join.onRef('s.id', '=', 'e.reference').on('e.kind', 'in', SWEEPSTAKE_KINDS))
    // A story read, a video watched, an article read: the history names which (issue 26).
    .leftJoin('stories as st', (join) => join.onRef('st.id', '=', 'e.reference').on('e.kind', '=', 'story'))
    .leftJoin('videos as v', (join) => join.onRef('v.id', '=', 'e.reference').on('e.kind', '=', 'video'))
    .leftJoin('articles as ar', (join) => join.onRef('ar.id', '=', 'e.reference').on('e.kind', '=', 'article'))
    .leftJoin('member_adjustments as a', (join) => join.onRef('a.user_id', '=', 'e.user_id').onRef('a.ledger_entry_id', '=', 'e.id'))
    .selectAll('e').select((eb) => eb.fn.coalesce('c.title', 's.title', 'st.title', 'v.name', 'ar.title').as('title'))
    .select(['a.reason as adjustment_reason', 'a.translations as adjustment_translations'])
    .where('e.user_id', '=', userId);
  if (after) {
    query = query.where((eb) => eb.or([
      eb('e.created_at', '<', after.createdAt),
      eb.and([eb('e.created_at', '=', after.createdAt), eb('e.id', '<', after.id)]),
    ]));
  }
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
}

/** Which of these idempotency keys the user has used (e.g. the `video:<id>` keys of a list): one indexed query. */
export async function findUsedKeys(db: Db, userId: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('ledger_entries').select('idempotency_key')
    .where('user_id', '=', userId).where('idempotency_key', 'in', [...keys])
    .execute();
  return new Set(rows.map((r) => r.idempotency_key));
}

/** Every entry of one supporter, oldest first (their data export). */
export function listAllEntries(db: Db, userId: string) {
  return db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/**
 * One page of the organization's entries written in [from, to), oldest first, after `after` (keyset on the
 * ledger_entries_time index): the ledger CSV export reads a month of a million supporters this way.
 */
export function listEntriesOfPeriod(db: Db, organizationId: string, period: { from?: string | undefined; to?: string | undefined }, after: { createdAt: string; id: string } | undefined, limit: number) {
  let query = db.selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.created_at', 'l.user_id', 'u.email', 'l.kind', 'l.reference', 'l.amount', 'l.balance_after', 'l.lifetime_after'])
    .where('u.organization_id', '=', organizationId);
  if (period.from) query = query.where('l.created_at', '>=', period.from);
  if (period.to) query = query.where('l.created_at', '<', period.to);
  // A row comparison, which both databases answer as one index range (an OR of two conditions they do not).
  if (after) query = query.where((eb) => eb(eb.refTuple('l.created_at', 'l.id'), '>', eb.tuple(after.createdAt, after.id)));
  return query.orderBy('l.created_at').orderBy('l.id').limit(limit).execute();
}

/** One entry of one supporter by its id (the award a club's reversal names). */
export function findEntryOf(db: Db, userId: string, entryId: string) {
  return db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('id', '=', entryId).executeTakeFirst();
}

/** The balance after each of these entries, by entry id. */
export async function balancesAfter(db: Db, entryIds: readonly string[]): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db.selectFrom('ledger_entries').select(['id', 'balance_after']).where('id', 'in', entryIds).execute();
  return new Map(rows.map((r) => [r.id, Number(r.balance_after)]));
}
