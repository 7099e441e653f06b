import { z } from '@hono/zod-openapi';
import type { ApiMessageKey } from '../api-text.ts';
import { ApiError } from '../errors.ts';
import { SitePathSchema } from '../stored/fields.ts';
import { CONTENT_STATUSES, type ContentListQuery } from './content-list.ts';

// The club lane's lists (reward cards, activations, experiences, sweepstakes): pages, copies' slugs, the
// fields every admin view has and the check of a row before it is written (the SQL is in
// ./club-content.repository.ts).

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

/**
 * A path on this site as the console sends it: checked by the stored values' own SitePathSchema (its pattern's
 * lookahead stays out of the OpenAPI document, which the fuzz turns into generators).
 */
export const SitePathInput = z.string().trim().max(500).refine((path) => SitePathSchema.safeParse(path).success, 'api.field.format')
  .openapi({ description: 'A path on this site, such as /images/carousel/kit-launch.svg.' });

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

/**
 * A row about to be written, checked by the schema the supporters' reads use; a refusal names the console's
 * field (the column in camelCase, or `fieldOf`'s name) with `why`'s reason for that column, else "invalid".
 */
export function checkClubRow(schema: z.ZodType, row: object, why: Record<string, ApiMessageKey> = {}, fieldOf: Record<string, string> = {}): void {
  const parsed = schema.safeParse(row);
  if (parsed.success) return;
  const column = String(parsed.error.issues[0]?.path[0] ?? 'id');
  const field = fieldOf[column] ?? column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
  throw new ApiError('validation_failed', 'api.fields.invalid', { [field]: why[column] ?? 'api.field.invalid' });
}
