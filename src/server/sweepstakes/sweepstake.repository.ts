import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { prepared, preparedByShape } from '../db/prepared.ts';
import { assertStorable, keepValid, validOrNone } from '../stored/stored.ts';
import { SweepstakeRowSchema } from './sweepstake.stored.ts';
import type { SweepstakeEntryTable, SweepstakeTable, SweepstakeWinnerTable } from './sweepstake.table.ts';

const LIST_LIMIT = 100;
/** The request key of a supporter's one free entry in a sweepstake. */
export const FREE_REQUEST = 'free';

const liveRows = prepared((db, organizationId: string) => db.selectFrom('sweepstakes').selectAll()
  .where('organization_id', '=', organizationId)
  // Supporters never see a draft or an archived sweepstake (the console reads ./sweepstake.admin.ts).
  .where('draft', '=', 0).where('archived_at', 'is', null)
  .orderBy('ends_at', 'desc').orderBy('id').limit(LIST_LIMIT));

// A row that fails SweepstakeRowSchema (./sweepstake.stored.ts) is left out of the list and of a supporter's detail.
export async function listSweepstakeRows(db: Db, organizationId: string) {
  return keepValid('sweepstake', await liveRows.all(db, organizationId), SweepstakeRowSchema);
}

/** A sweepstake's id: a UUID, in lowercase as randomUUID makes it. */
const ID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a text has the form of a sweepstake id: a slug may never have it, so an address names one sweepstake. */
export const looksLikeSweepstakeId = (text: string): boolean => ID_FORM.test(text);

const sweepstakeBy = preparedByShape((column: 'id' | 'slug') => (db: Db, organizationId: string, idOrSlug: string) => db
  .selectFrom('sweepstakes').selectAll()
  .where('organization_id', '=', organizationId)
  .where('draft', '=', 0).where('archived_at', 'is', null)
  .where(column, '=', idOrSlug));

/** One sweepstake of an organization: by id when the text has an id's form, else by slug (never both). */
export async function findSweepstakeRow(db: Db, organizationId: string, idOrSlug: string) {
  const row = await sweepstakeBy(looksLikeSweepstakeId(idOrSlug) ? 'id' : 'slug').first(db, organizationId, idOrSlug);
  return validOrNone('sweepstake', row, SweepstakeRowSchema);
}

/** For operators, whose token is not tied to an organization: by id only. */
export function findSweepstakeRowById(db: Db, id: string) {
  return db.selectFrom('sweepstakes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSweepstake(db: Db, row: SweepstakeTable): Promise<void> {
  assertStorable('sweepstake', [row], SweepstakeRowSchema);
  await db.insertInto('sweepstakes').values(row).execute();
}

export async function countSweepstakes(db: Db, organizationId: string): Promise<number> {
  const row = await db.selectFrom('sweepstakes').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

const ticketsAdded = prepared((db, sweepstakeId: string, tickets: number) => db.updateTable('sweepstakes')
  .set((eb) => ({ ticket_count: eb('ticket_count', '+', tickets) }))
  .where('id', '=', sweepstakeId).where('frozen_at', 'is', null).where('cancelled_at', 'is', null)
  .returning('id'));

/**
 * Counts `tickets` more on an open sweepstake (neither frozen nor cancelled) and answers whether it did.
 * On PostgreSQL it holds the sweepstake's row until the transaction ends, so an entry runs it last
 * (./sweepstake.entry.ts): a freeze or a cancellation waits for the entry holding it, and one committed first
 * refuses the entry here.
 */
export async function addTickets(db: Db, sweepstakeId: string, tickets: number): Promise<boolean> {
  return !!(await ticketsAdded.first(db, sweepstakeId, tickets));
}

// An `in` list of at most a page of sweepstakes (LIST_LIMIT): one prepared query per length.
const ticketsIn = preparedByShape((length: number) => (db: Db, userId: string, ...sweepstakeIds: string[]) => db
  .selectFrom('sweepstake_entries')
  .select((eb) => ['sweepstake_id', eb.fn.sum<number>('tickets').as('tickets')])
  .select((eb) => eb.fn.sum<number>(eb.case().when('request_key', '=', FREE_REQUEST).then(1).else(0).end()).as('free'))
  .where('user_id', '=', userId).where('sweepstake_id', 'in', sweepstakeIds.slice(0, length)).where('refunded_at', 'is', null)
  .groupBy('sweepstake_id'));

/** The supporter's tickets in each of these sweepstakes (refunded ones aside). */
export async function ticketsOfUser(db: Db, userId: string, sweepstakeIds: string[]): Promise<Map<string, { tickets: number; free: boolean }>> {
  if (sweepstakeIds.length === 0) return new Map();
  const rows = await ticketsIn(sweepstakeIds.length).all(db, userId, ...sweepstakeIds);
  return new Map(rows.map((r) => [r.sweepstake_id, { tickets: Number(r.tickets), free: Number(r.free) > 0 }]));
}

const holdingOf = prepared((db, sweepstakeId: string, userId: string) => db.selectFrom('sweepstake_entries')
  .select((eb) => [
    eb.fn.sum<number>(eb.case().when('refunded_at', 'is', null).then(eb.ref('tickets')).else(0).end()).as('tickets'),
    eb.fn.sum<number>(eb.case().when(eb.and([eb('refunded_at', 'is', null), eb('request_key', '=', FREE_REQUEST)])).then(1).else(0).end()).as('free'),
    eb.fn.min('holder').as('holder'),
  ])
  .where('sweepstake_id', '=', sweepstakeId).where('user_id', '=', userId));

/**
 * What the supporter holds in one sweepstake, in one read of the index on (sweepstake_id, user_id, id): their tickets
 * and whether the free one is among them (refunded entries aside), and their opaque holder id once they have entered
 * (refunded entries included: a supporter keeps one holder id in a sweepstake).
 */
export async function holdingIn(db: Db, sweepstakeId: string, userId: string): Promise<{ tickets: number; free: boolean; holder: string | undefined }> {
  const row = await holdingOf.first(db, sweepstakeId, userId);
  return { tickets: Number(row?.tickets ?? 0), free: Number(row?.free ?? 0) > 0, holder: row?.holder ?? undefined };
}

const anyEntryOf = prepared((db, userId: string) => db.selectFrom('sweepstake_entries').select('id').where('user_id', '=', userId).limit(1));

/** Whether the supporter ever entered any sweepstake (a refunded entry counts: the moment was had). */
export async function hasEarlierEntry(db: Db, userId: string): Promise<boolean> {
  return Boolean(await anyEntryOf.first(db, userId));
}

const entryByRequest = prepared((db, sweepstakeId: string, userId: string, requestKey: string) => db.selectFrom('sweepstake_entries').selectAll()
  .where('sweepstake_id', '=', sweepstakeId).where('user_id', '=', userId).where('request_key', '=', requestKey));

export function findEntryByRequest(db: Db, sweepstakeId: string, userId: string, requestKey: string) {
  return entryByRequest.first(db, sweepstakeId, userId, requestKey);
}

const entryInserted = prepared((db, id: string, sweepstakeId: string, userId: string, holder: string, tickets: number, pointsSpent: number, requestKey: string, ledgerKey: string | null, createdAt: string) => db
  .insertInto('sweepstake_entries').values({
    id, sweepstake_id: sweepstakeId, user_id: userId, holder, tickets, points_spent: pointsSpent, request_key: requestKey,
    ledger_key: ledgerKey, refunded_at: null, created_at: createdAt,
  }));

/** A new entry (never a refunded one: refunds mark an entry later, markRefunded). */
export async function insertEntry(db: Db, entry: SweepstakeEntryTable & { refunded_at: null }): Promise<void> {
  await entryInserted.all(db, entry.id, entry.sweepstake_id, entry.user_id, entry.holder, entry.tickets, entry.points_spent,
    entry.request_key, entry.ledger_key, entry.created_at);
}

/** Every entry of a sweepstake, in the published order (by id): for the draw and a cancellation, once each. */
export function listEntryRows(db: Db, sweepstakeId: string) {
  return db.selectFrom('sweepstake_entries').select(['id', 'user_id', 'holder', 'tickets', 'points_spent', 'ledger_key', 'refunded_at'])
    .where('sweepstake_id', '=', sweepstakeId)
    .orderBy('id')
    .execute();
}

/**
 * The list cut into pages of `size` entries in the published order: each page's first and last entry id, its
 * tickets and its fewest tickets on one entry. One pass over the index on (sweepstake_id, id) in the database,
 * a row a page back: the draw's map of the list (sweepstake.operator.ts).
 */
export function entryPageMapQuery(db: Db, sweepstakeId: string, size: number) {
  const numbered = db.selectFrom('sweepstake_entries')
    .select(['id', 'tickets', sql<number>`(row_number() over (order by id) - 1) / ${sql.lit(size)}`.as('page')])
    .where('sweepstake_id', '=', sweepstakeId);
  return db.selectFrom(numbered.as('numbered'))
    .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last'), eb.fn.sum<number>('tickets').as('tickets'), eb.fn.min('tickets').as('fewest')])
    .groupBy('page').orderBy('page');
}

export async function entryPageMap(db: Db, sweepstakeId: string, size: number) {
  const rows = await entryPageMapQuery(db, sweepstakeId, size).execute();
  return rows.map((r) => ({ first: r.first, last: r.last, tickets: Number(r.tickets), fewest: Number(r.fewest) }));
}

/**
 * Up to `limit` entries after the entry id `after` (from the start without one), in the published order:
 * read from the index on (sweepstake_id, id), so a page costs the same however long the list is.
 * Entry ids are lowercase hex, which every collation orders as bytes compare.
 */
export function entryPage(db: Db, sweepstakeId: string, after: string | undefined, limit: number) {
  let query = db.selectFrom('sweepstake_entries').select(['id', 'user_id', 'holder', 'tickets'])
    .where('sweepstake_id', '=', sweepstakeId);
  if (after !== undefined) query = query.where('id', '>', after);
  return query.orderBy('id').limit(limit).execute();
}

/** The supporter's own entries in a sweepstake, from the index on (sweepstake_id, user_id, id). */
export function ownEntryRows(db: Db, sweepstakeId: string, userId: string) {
  return db.selectFrom('sweepstake_entries').select(['id', 'holder', 'tickets'])
    .where('sweepstake_id', '=', sweepstakeId).where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Marks the list frozen once entries have closed; answers false when it already was (or is not due). */
export async function claimFreeze(db: Db, sweepstakeId: string, now: string): Promise<boolean> {
  const row = await db.updateTable('sweepstakes').set({ frozen_at: now })
    .where('id', '=', sweepstakeId).where('frozen_at', 'is', null).where('ends_at', '<=', now)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function setEntriesHash(db: Db, sweepstakeId: string, hash: string, lines: number): Promise<void> {
  await db.updateTable('sweepstakes').set({ entries_hash: hash, published_entries: lines }).where('id', '=', sweepstakeId).execute();
}

export async function setRulesMedia(db: Db, sweepstakeId: string, rulesMedia: string): Promise<void> {
  await db.updateTable('sweepstakes').set({ rules_media: rulesMedia }).where('id', '=', sweepstakeId).execute();
}

/**
 * The console's change of a sweepstake, only while nobody can have entered it: a draft, or before its start;
 * never once frozen, drawn or cancelled. Answers whether it changed.
 */
export async function updateBeforeStart(db: Db, sweepstakeId: string, set: Partial<SweepstakeTable>, now: string): Promise<boolean> {
  const done = await db.updateTable('sweepstakes').set(set).where('id', '=', sweepstakeId)
    .where('drawn_at', 'is', null).where('cancelled_at', 'is', null).where('frozen_at', 'is', null)
    .where((eb) => eb.or([eb('draft', '=', 1), eb('starts_at', '>', now)]))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Cancels a sweepstake not yet drawn; answers false when it was drawn or cancelled already. */
export async function markCancelled(db: Db, sweepstakeId: string, now: string): Promise<boolean> {
  const row = await db.updateTable('sweepstakes').set({ cancelled_at: now })
    .where('id', '=', sweepstakeId).where('cancelled_at', 'is', null).where('drawn_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function markRefunded(db: Db, entryId: string, now: string): Promise<void> {
  await db.updateTable('sweepstake_entries').set({ refunded_at: now }).where('id', '=', entryId).where('refunded_at', 'is', null).execute();
}

/** Records the draw once: answers false when another call drew first. */
export async function markDrawn(db: Db, sweepstakeId: string, now: string, beaconValue: string | null): Promise<boolean> {
  const row = await db.updateTable('sweepstakes').set({ drawn_at: now, beacon_value: beaconValue })
    .where('id', '=', sweepstakeId).where('drawn_at', 'is', null).where('cancelled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function insertWinners(db: Db, rows: SweepstakeWinnerTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('sweepstake_winners').values(rows).execute();
}

// An `in` list of at most a page of sweepstakes (LIST_LIMIT): one prepared query per length.
const winnersIn = preparedByShape((length: number) => (db: Db, ...sweepstakeIds: string[]) => db.selectFrom('sweepstake_winners').selectAll()
  .where('sweepstake_id', 'in', sweepstakeIds.slice(0, length))
  .orderBy('sweepstake_id').orderBy('position'));

export function listWinnerRows(db: Db, sweepstakeIds: string[]) {
  if (sweepstakeIds.length === 0) return Promise.resolve([]);
  return winnersIn(sweepstakeIds.length).all(db, ...sweepstakeIds);
}

export async function markNotified(db: Db, sweepstakeId: string, position: number, now: string): Promise<void> {
  await db.updateTable('sweepstake_winners').set({ notified_at: now })
    .where('sweepstake_id', '=', sweepstakeId).where('position', '=', position).execute();
}

/**
 * Takes a winner's e-mail to send: true for exactly one of the callers asking at once, while it is not sent and
 * nobody holds it (a claim taken before `abandonedBefore` was left by a process that died mid-send).
 */
export async function claimWinnerMail(db: Db, sweepstakeId: string, position: number, now: string, abandonedBefore: string): Promise<boolean> {
  const result = await db.updateTable('sweepstake_winners').set({ mail_claimed_at: now })
    .where('sweepstake_id', '=', sweepstakeId).where('position', '=', position).where('notified_at', 'is', null)
    .where((eb) => eb.or([eb('mail_claimed_at', 'is', null), eb('mail_claimed_at', '<', abandonedBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claimed e-mail back after a failed delivery, so the next draw call sends it. */
export async function releaseWinnerMail(db: Db, sweepstakeId: string, position: number, claimedAt: string): Promise<void> {
  await db.updateTable('sweepstake_winners').set({ mail_claimed_at: null })
    .where('sweepstake_id', '=', sweepstakeId).where('position', '=', position).where('mail_claimed_at', '=', claimedAt).execute();
}

/** What a winner's mail and the published name need. */
export function findWinnerContacts(db: Db, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', 'in', userIds).execute();
}
