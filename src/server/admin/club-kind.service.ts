import { randomUUID } from 'node:crypto';
import type { ApiMessageKey } from '../api-text.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { copySlug, pageOf } from './club-content.ts';
import {
  clubSlugTaken, findClubRow, insertClubRow, listClubRows, updateClubRow, type ClubTable, type ListShape,
} from './club-content.repository.ts';
import type { ContentListQuery } from './content-list.ts';

// The writes every kind of the club lane shares (make, save back whole, a draft copy, archive and publish), with
// their rules: an id not in the club is a 404, a slug it already uses a 422; and, for the kinds whose view is made
// from their row alone, every operation the console's routes take. The SQL is in ./club-content.repository.ts.

/** The columns every club table has, which the writes below set. */
export interface ClubRowBase { id: string; organization_id: string; draft: number; archived_at: string | null; created_at: string; updated_at: string | null }

/** One item's row, or the API's 404 (the one the routes answer for an id not in the club). */
export async function clubRow<R extends ClubRowBase>(db: Db, table: ClubTable, organizationId: string, id: string): Promise<R> {
  const row = await findClubRow<R>(db, table, organizationId, id);
  if (!row) throw new ApiError('not_found', 'api.club.notFound');
  return row;
}

/** Runs a write; a slug the club already uses is the API's 422 naming `slug` (not a 500). */
export async function slugChecked<T>(run: () => Promise<T>, taken: ApiMessageKey = 'api.club.slugTaken'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: taken });
    throw error;
  }
}

/** Makes a new row from its kind's columns (a new id, a draft unless said otherwise), checked by `check` first. */
export async function insertNewClubRow<R extends ClubRowBase>(
  trx: Db, table: ClubTable, organizationId: string, columns: Partial<R>, draft: boolean, now: Date, check: (row: R) => void,
): Promise<R> {
  const at = now.toISOString();
  const row = { ...columns, id: randomUUID(), organization_id: organizationId, draft: draft ? 1 : 0, archived_at: null, created_at: at, updated_at: at } as R;
  check(row);
  await slugChecked(() => insertClubRow(trx, table, row));
  return row;
}

/**
 * Saves an item whole: its row with the kind's columns laid over it, checked by `check`, written back with
 * every column but its identity, its creation time and `kept` (columns only other paths write, such as the
 * places supporters have taken).
 */
export async function saveClubRow<R extends ClubRowBase>(
  trx: Db, table: ClubTable, organizationId: string, id: string, columns: Partial<R>, now: Date, check: (row: R) => void, kept: Array<keyof R> = [],
): Promise<R> {
  const row: R = { ...(await clubRow<R>(trx, table, organizationId, id)), ...columns, updated_at: now.toISOString() };
  check(row);
  const set = { ...row } as Record<string, unknown>;
  for (const column of ['id', 'organization_id', 'created_at', ...kept]) delete set[column as string];
  await slugChecked(() => updateClubRow(trx, table, organizationId, id, set));
  return row;
}

/** A copy's slug that the club does not use yet. */
export function freeCopySlug(trx: Db, table: Exclude<ClubTable, 'carousel_cards'>, organizationId: string, slug: string, max?: number): Promise<string> {
  return copySlug(slug, (candidate) => clubSlugTaken(trx, table, organizationId, candidate), max);
}

/** A draft copy of a row with a new id (and a free slug where the table has one); `reset` overrides what is not copied. */
export async function duplicateClubRow<R extends ClubRowBase>(trx: Db, table: ClubTable, organizationId: string, id: string, now: Date, reset: Partial<R> = {}): Promise<R> {
  const old = await clubRow<R & { slug?: string }>(trx, table, organizationId, id);
  const slug = table !== 'carousel_cards' && typeof old.slug === 'string' ? { slug: await freeCopySlug(trx, table, organizationId, old.slug, 80) } : {};
  const at = now.toISOString();
  const row = { ...old, ...slug, ...reset, id: randomUUID(), draft: 1, archived_at: null, created_at: at, updated_at: at } as R;
  await insertClubRow(trx, table, row);
  return row;
}

/** Archives a row (kept, never shown) or publishes it (draft off); answers the row after. */
export async function markClubRow<R extends ClubRowBase>(trx: Db, table: ClubTable, organizationId: string, id: string, what: 'archive' | 'publish', now: Date): Promise<R> {
  const old = await clubRow<R>(trx, table, organizationId, id);
  const set = what === 'archive' ? { archived_at: old.archived_at ?? now.toISOString() } : { draft: 0 };
  const row: R = { ...old, ...set, updated_at: now.toISOString() };
  await updateClubRow(trx, table, organizationId, id, { ...set, updated_at: row.updated_at });
  return row;
}

/** What the club's kinds whose view is made from their row alone (reward cards, activations, experiences) say of themselves. */
export interface RowKind<R extends ClubRowBase, V, U> {
  table: ClubTable;
  list: ListShape;
  /** The console's fields as the row's columns: the one mapping a new item and a saved one both use. */
  rowFieldsOf(input: U): Partial<R>;
  /** The row before it is written, checked by the supporters' schema. */
  check(row: R): void;
  toView(row: R, now: Date): V;
  /** Columns a new item and a copy start afresh (the places supporters have taken). */
  fresh?: Partial<R>;
}

/** The list, the read and every write of such a kind, for ./club-admin.routes.ts. */
export function rowKindOperations<R extends ClubRowBase, V, C extends U & { draft: boolean }, U>(k: RowKind<R, V, U>) {
  return {
    async list(db: Db, organizationId: string, query: ContentListQuery) {
      const now = new Date();
      const { rows, total } = await listClubRows<R>(db, k.table, organizationId, query, k.list, now);
      return pageOf(rows.map((row) => k.toView(row, now)), total, query);
    },
    async get(db: Db, organizationId: string, id: string): Promise<V | undefined> {
      const row = await findClubRow<R>(db, k.table, organizationId, id);
      return row && k.toView(row, new Date());
    },
    async insert(trx: Db, organizationId: string, input: C): Promise<V> {
      const now = new Date();
      return k.toView(await insertNewClubRow<R>(trx, k.table, organizationId, { ...k.fresh, ...k.rowFieldsOf(input) }, input.draft, now, k.check), now);
    },
    async change(trx: Db, organizationId: string, id: string, input: U): Promise<V> {
      const now = new Date();
      return k.toView(await saveClubRow<R>(trx, k.table, organizationId, id, k.rowFieldsOf(input), now, k.check), now);
    },
    async duplicate(trx: Db, organizationId: string, source: { id: string }): Promise<V> {
      const now = new Date();
      return k.toView(await duplicateClubRow<R>(trx, k.table, organizationId, source.id, now, k.fresh), now);
    },
    async mark(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish'): Promise<V> {
      const now = new Date();
      return k.toView(await markClubRow<R>(trx, k.table, organizationId, id, what, now), now);
    },
  };
}
