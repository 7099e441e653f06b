import { z } from '@hono/zod-openapi';
import { SitePathSchema } from '../stored/fields.ts';
import { CONTENT_STATUSES, type ContentListQuery } from './content-list.ts';

// The club lane's lists (reward cards, activations, experiences, sweepstakes): pages, copies' slugs and the
// fields every admin view has (the SQL is in ./club-content.repository.ts).

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
