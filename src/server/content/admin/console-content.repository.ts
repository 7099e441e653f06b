import { sql, type RawBuilder } from 'kysely';
import type { ContentListQuery } from '../../admin/content-list.ts';
import type { Db } from '../../db/connection.ts';

// The SQL the console's media lists share: a status as a condition, a search, and a kind's slugs.

/** The columns of a kind's schedule: when it starts showing, and when it stops (null: never). */
export interface ScheduleColumns {
  start: string;
  end: string | null;
}

/** The SQL condition of a status (the same rule as contentStatus, in the database, for lists and counts). */
export function statusCondition(status: ContentListQuery['status'], now: string, columns: ScheduleColumns): RawBuilder<boolean> {
  const start = sql.ref(columns.start);
  const published = sql`archived_at is null and draft = 0`;
  const ended = columns.end ? sql`${sql.ref(columns.end)} <= ${now}` : sql`1 = 0`;
  switch (status) {
    case 'archived': return sql<boolean>`archived_at is not null`;
    case 'draft': return sql<boolean>`archived_at is null and draft = 1`;
    case 'scheduled': return sql<boolean>`${published} and ${start} > ${now}`;
    case 'ended': return sql<boolean>`${published} and ${start} <= ${now} and ${ended}`;
    case 'live': return sql<boolean>`${published} and ${start} <= ${now} and not (${ended})`;
    default: return sql<boolean>`1 = 1`;
  }
}

/** A search in a column, ignoring case; `%` and `_` in the words are taken as themselves. */
export function searchCondition(q: string | undefined, column: string): RawBuilder<boolean> {
  if (!q) return sql<boolean>`1 = 1`;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** Whether another item of the club in `table` has this slug. */
export async function isSlugTaken(db: Db, table: 'videos' | 'articles', organizationId: string, slug: string, exceptId: string | null): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('organization_id', '=', organizationId).where('slug', '=', slug)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!)).executeTakeFirst();
  return !!row;
}

/** A page of a table's rows under the list's filters, newest first by `start`, and how many match in all. */
export async function pageRows<T extends 'stories' | 'videos' | 'articles'>(
  db: Db, table: T, organizationId: string, query: ContentListQuery, now: string, columns: ScheduleColumns, searched: string, offset: number,
) {
  const filtered = () => db.selectFrom(table as 'stories').where('organization_id', '=', organizationId)
    .where(statusCondition(query.status, now, columns)).where(searchCondition(query.q, searched));
  const counted = await filtered().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await filtered().selectAll().orderBy(sql.ref(columns.start), 'desc').orderBy('id').limit(query.limit).offset(offset).execute();
  return { rows: rows as unknown[], total: Number(counted?.n ?? 0) };
}
