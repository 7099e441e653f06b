import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ContentListQuery, ContentStatus } from './content-list.ts';
import { offsetOf } from './club-content.ts';

// The SQL of the club lane's lists and writes (reward cards, activations, experiences, sweepstakes): the
// status and search of ./content-list.ts said over each table's own columns, one item, a page of them, a row
// written or saved back. The rules around them (404, a taken slug, drafts, copies) are ./club-kind.service.ts.

/** The tables of the club lane's collections: each has id, organization_id, draft, archived_at, updated_at. */
export type ClubTable = 'carousel_cards' | 'activations' | 'experiences' | 'sweepstakes';

// The four tables share the columns used here; Kysely cannot type a query over a table chosen at run time.
const loose = (db: Db) => db as unknown as Kysely<Record<ClubTable, Record<string, unknown>>>;

/** A table's columns that decide its status: its draft flag, archive time and window (a column or null). */
export interface StatusColumns {
  draft: string;
  archivedAt: string;
  startsAt: string | null;
  endsAt: string | null;
}

const ref = (column: string) => sql.ref(column);

/** The SQL condition of one status at `now` (ISO text compares as time). */
export function statusCondition(columns: StatusColumns, status: ContentStatus, now: string): Expression<SqlBool> {
  const live = sql`${ref(columns.archivedAt)} is null and ${ref(columns.draft)} = 0`;
  const started = columns.startsAt ? sql`(${ref(columns.startsAt)} is null or ${ref(columns.startsAt)} <= ${now})` : sql`1 = 1`;
  const notEnded = columns.endsAt ? sql`(${ref(columns.endsAt)} is null or ${ref(columns.endsAt)} > ${now})` : sql`1 = 1`;
  switch (status) {
    case 'archived': return sql<SqlBool>`${ref(columns.archivedAt)} is not null`;
    case 'draft': return sql<SqlBool>`${ref(columns.archivedAt)} is null and ${ref(columns.draft)} <> 0`;
    case 'scheduled': return columns.startsAt ? sql<SqlBool>`${live} and ${ref(columns.startsAt)} > ${now}` : sql<SqlBool>`1 = 0`;
    case 'ended': return columns.endsAt ? sql<SqlBool>`${live} and ${started} and ${ref(columns.endsAt)} <= ${now}` : sql<SqlBool>`1 = 0`;
    case 'live': return sql<SqlBool>`${live} and ${started} and ${notEnded}`;
  }
}

/** Case-insensitive search in these text columns (`%` and `_` taken literally). */
export function searchCondition(columns: string[], q: string): Expression<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql`lower(${ref(c)}) like ${pattern} escape '\\'`), sql` or `)})`;
}

export interface ListShape {
  status: StatusColumns;
  search: string[];
  order: Array<[string, 'asc' | 'desc']>;
}

/** One page of a collection and the number of items that match. */
export async function listClubRows<R>(db: Db, table: ClubTable, organizationId: string, query: ContentListQuery, shape: ListShape, now: Date) {
  let q = loose(db).selectFrom(table).where('organization_id', '=', organizationId);
  if (query.q) q = q.where(searchCondition(shape.search, query.q));
  if (query.status) q = q.where(statusCondition(shape.status, query.status, now.toISOString()));
  let rows = q.selectAll();
  for (const [column, direction] of shape.order) rows = rows.orderBy(column, direction);
  const [count, items] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows.orderBy('id').limit(query.limit).offset(offsetOf(query)).execute(),
  ]);
  return { rows: items as R[], total: Number(count['n']) };
}

export async function findClubRow<R>(db: Db, table: ClubTable, organizationId: string, id: string): Promise<R | undefined> {
  return await loose(db).selectFrom(table).selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst() as R | undefined;
}

export async function insertClubRow(db: Db, table: ClubTable, row: object): Promise<void> {
  await loose(db).insertInto(table).values(row as Record<string, unknown>).execute();
}

export async function updateClubRow(db: Db, table: ClubTable, organizationId: string, id: string, set: object): Promise<void> {
  await loose(db).updateTable(table).set(set as Record<string, unknown>).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}

export async function clubSlugTaken(db: Db, table: Exclude<ClubTable, 'carousel_cards'>, organizationId: string, slug: string): Promise<boolean> {
  return !!(await loose(db).selectFrom(table).select('id').where('organization_id', '=', organizationId).where('slug', '=', slug).executeTakeFirst());
}
