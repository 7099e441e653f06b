import { z } from '@hono/zod-openapi';
import { sql, type Expression, type SqlBool } from 'kysely';
import { CONTENT_STATUSES, type ContentListQuery, type ContentStatus } from './content-list.ts';

// The club lane's lists (reward cards, activations, experiences, sweepstakes): the status and search of
// ./content-list.ts said as SQL over each table's own columns, and a page of it.

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

/** What a page of a list is: its items, the total and where it is. */
export function pageOf<T>(items: T[], total: number, query: Pick<ContentListQuery, 'page' | 'limit'>) {
  return { items, total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
}

export const offsetOf = (query: Pick<ContentListQuery, 'page' | 'limit'>) => (query.page - 1) * query.limit;

/** A copy's slug: `<slug>-copy`, then `-copy-2`…, the first one `taken` says is free (within the slug's length). */
export async function copySlug(slug: string, taken: (candidate: string) => Promise<boolean>, max = 64): Promise<string> {
  for (let n = 1; n < 1000; n += 1) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const candidate = `${slug.slice(0, max - suffix.length)}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${slug.slice(0, max - 9)}-${Date.now().toString(36)}`;
}

/** An instant as the console sends it (ISO 8601 with an offset), stored as UTC ISO text. */
export const InstantInput = z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString());

/** The admin view's status fields: where the item stands, as ./content-list.ts decides it. */
export const AdminStatusFields = {
  status: z.enum(CONTENT_STATUSES),
  draft: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
};
