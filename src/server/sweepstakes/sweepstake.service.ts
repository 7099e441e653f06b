import { createHash, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { isUnderage } from '../users/age.ts';
import { findUserById } from '../users/user.repository.ts';
import { commitmentOf, entryLine, newSeed } from './sweepstake.draw.ts';
import {
  claimFreeze, entryPage, findSweepstakeRow, findSweepstakeRowById, insertSweepstake, looksLikeSweepstakeId, listSweepstakeRows, listWinnerRows, setEntriesHash, ticketsOfUser,
} from './sweepstake.repository.ts';
import type { SweepstakeTable } from './sweepstake.table.ts';
import { statusOf, toView, type Entrant, type SweepstakeStatus, } from './sweepstake.view.ts';
import type { Sweepstake } from './sweepstake.schema.ts';

export interface SweepstakeCaller {
  organizationId: string;
  userId: string | null;
  timeZone: string;
  /** The request's language: the texts the club wrote in it (English when left out or not written). */
  locale?: Locale | undefined;
}

type Row = Selectable<SweepstakeTable>;

/** Live first (ending soonest first), then coming soon (starting soonest), then ended (latest first). */
const ORDER: Record<SweepstakeStatus, number> = { live: 0, coming_soon: 1, ended: 2 };
function byStatus(a: Sweepstake, b: Sweepstake): number {
  if (a.status !== b.status) return ORDER[a.status] - ORDER[b.status];
  if (a.status === 'live') return a.endsAt.localeCompare(b.endsAt);
  if (a.status === 'coming_soon') return a.startsAt.localeCompare(b.startsAt);
  return b.endsAt.localeCompare(a.endsAt);
}

async function entrantOf(db: Db, caller: SweepstakeCaller, now: Date): Promise<Entrant | null> {
  if (!caller.userId) return null;
  const user = await findUserById(db, caller.userId);
  if (!user) throw new ApiError('unauthorized', 'api.auth.accountGone');
  return { userId: user.id, points: Number(user.points), underage: isUnderage(user.birthday, caller.timeZone, now) };
}

/** Rows read per query while the freeze hashes the list: memory stays flat however many entries there are. */
const FREEZE_BATCH = 5_000;

/** SHA-256 of the canonical list, read a batch at a time in the published order; and its length. */
async function hashEntryList(db: Db, sweepstakeId: string): Promise<{ hash: string; lines: number }> {
  const hash = createHash('sha256');
  let lines = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await entryPage(db, sweepstakeId, after, FREEZE_BATCH);
    for (const e of batch) {
      // The published order is byte order (sweepstake.draw.ts); the database must have read it so.
      if (after !== undefined && !(e.id > after)) throw new Error(`entries of ${sweepstakeId} out of order at ${e.id}`);
      hash.update(entryLine({ entryId: e.id, holder: e.holder, tickets: Number(e.tickets) }), 'utf8');
      after = e.id;
    }
    lines += batch.length;
    if (batch.length < FREEZE_BATCH) return { hash: hash.digest('hex'), lines };
  }
}

/**
 * Once entries have closed (after `ends_at`, not cancelled) the entry list is frozen: the freeze is claimed
 * first (a conditional update that, on PostgreSQL, holds the row), so an entry still in flight either
 * committed before, and is in the list, or finds the door shut. Then the list's hash and length are
 * stored, once: every later view reads them, and the list itself a page at a time.
 */
export async function freezeIfDue(db: Db, row: Row, now: Date): Promise<Row> {
  if (row.frozen_at || row.cancelled_at || now.toISOString() < row.ends_at) return row;
  const at = now.toISOString();
  const list = await db.transaction().execute(async (trx) => {
    if (!(await claimFreeze(trx, row.id, at))) return undefined;
    const hashed = await hashEntryList(trx, row.id);
    await setEntriesHash(trx, row.id, hashed.hash, hashed.lines);
    return hashed;
  });
  if (list) return { ...row, frozen_at: at, entries_hash: list.hash, published_entries: list.lines };
  // Frozen meanwhile by another request: read what it published.
  return (await findSweepstakeRowById(db, row.id)) ?? row;
}

async function views(db: Db, caller: SweepstakeCaller, rows: Row[], now: Date): Promise<Sweepstake[]> {
  const [entrant, frozen] = await Promise.all([entrantOf(db, caller, now), Promise.all(rows.map((r) => freezeIfDue(db, r, now)))]);
  const ids = frozen.map((r) => r.id);
  const [holdings, winners] = await Promise.all([
    entrant ? ticketsOfUser(db, entrant.userId, ids) : new Map(),
    listWinnerRows(db, frozen.filter((r) => r.drawn_at).map((r) => r.id)),
  ]);
  return frozen.map((row) => {
    const view = toView(row, now, entrant, holdings.get(row.id), winners.filter((w) => w.sweepstake_id === row.id));
    const texts = localized({ title: view.title, description: view.description, prize: view.prize }, row.translations, caller.locale ?? 'en');
    return { ...view, ...texts };
  });
}

export async function listSweepstakes(db: Db, caller: SweepstakeCaller, now = new Date()): Promise<Sweepstake[]> {
  const rows = await listSweepstakeRows(db, caller.organizationId);
  return (await views(db, caller, rows, now)).sort(byStatus);
}

export async function requireSweepstake(db: Db, organizationId: string, idOrSlug: string): Promise<Row> {
  const row = await findSweepstakeRow(db, organizationId, idOrSlug);
  if (!row) throw new ApiError('not_found', 'api.sweepstakes.notFound');
  return row;
}

export async function getSweepstake(db: Db, caller: SweepstakeCaller, idOrSlug: string, now = new Date()): Promise<{ view: Sweepstake; row: Row }> {
  const row = await requireSweepstake(db, caller.organizationId, idOrSlug);
  const [view] = await views(db, caller, [row], now);
  return { view: view!, row };
}

export interface NewSweepstake {
  organizationId: string;
  slug: string;
  title: string;
  description: string;
  prize: string;
  prizeValue: number;
  currency: string;
  sponsor: string;
  mediaId: string | null;
  costPerEntry: number;
  maxEntriesPerSupporter: number;
  winnerCount: number;
  startsAt: string;
  endsAt: string;
  /** A drand round announced with the sweepstake (it must come after `endsAt`), mixed into the draw. */
  beacon?: { url: string; round: number } | null;
  /** Saved, not shown to supporters until published (the console's drafts); the seed and operators' sweepstakes are live. */
  draft?: boolean;
  /** The stored `translations` text (../admin/translations.ts). */
  translations?: string;
  /** The club's own rules, printed in the rules PDF. */
  rules?: string;
}

/** What an operator writes of a sweepstake (its texts, prize, entries, window, rules). */
export type SweepstakeFields = Omit<NewSweepstake, 'organizationId' | 'beacon' | 'draft'>;

/** Those fields as the row's columns: the one mapping a new sweepstake and the console's save both write. */
export function sweepstakeColumns(input: SweepstakeFields) {
  return {
    slug: input.slug, title: input.title, description: input.description, prize: input.prize, prize_value: input.prizeValue, currency: input.currency,
    sponsor: input.sponsor, media_id: input.mediaId, cost_per_entry: input.costPerEntry, max_entries_per_supporter: input.maxEntriesPerSupporter,
    winner_count: input.winnerCount, starts_at: input.startsAt, ends_at: input.endsAt, rules: input.rules ?? '', translations: input.translations ?? '{}',
  } satisfies Partial<Row>;
}

/** A new sweepstake with its secret seed; its commitment is public from now on. */
export async function createSweepstake(db: Db, input: NewSweepstake, now = new Date()): Promise<Row> {
  // Every writer comes here (the operator endpoint, the seed): a slug in an id's form would shadow that id's address.
  if (looksLikeSweepstakeId(input.slug)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: 'api.sweepstakes.slugLooksLikeId' });
  const seed = newSeed();
  const row: Row = {
    id: randomUUID(), organization_id: input.organizationId, ...sweepstakeColumns(input), seed, commitment: commitmentOf(seed),
    beacon_url: input.beacon?.url ?? null, beacon_round: input.beacon?.round ?? null, beacon_value: null,
    ticket_count: 0, frozen_at: null, entries_hash: null, published_entries: null, drawn_at: null, cancelled_at: null, rules_media: '{}',
    created_at: now.toISOString(), draft: input.draft ? 1 : 0, archived_at: null, updated_at: null,
  };
  await insertSweepstake(db, row);
  return row;
}

export { statusOf };
