import { randomBytes } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { CONTENT_STATUSES, type ContentListQuery } from '../../admin/content-list.ts';

// What the console's three media kinds (stories, videos, articles) share: the status fields of an answer,
// the list's filters in SQL, the id parameter, instants as input, slugs.

export const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });

/** Where an item is in its life, beside its fields (see src/server/admin/content-list.ts). */
export const ConsoleStatusFields = {
  status: z.enum(CONTENT_STATUSES),
  draft: z.boolean().openapi({ description: 'Saved, not published: supporters never see it.' }),
  archivedAt: z.string().nullable().openapi({ description: 'When an operator archived it: kept, never shown.' }),
  updatedAt: z.string().nullable().openapi({ description: 'When an operator last saved it.' }),
};

/** An instant as input: ISO 8601 with a zone (`Z` or an offset); stored as UTC. */
export const InstantInput = z.iso.datetime({ offset: true }).transform((text) => new Date(text).toISOString());

/**
 * A picture's address as input: a path on this site, as the stored rows hold it (SitePathSchema), written
 * without a look-ahead so the OpenAPI document's pattern is one every client (and the fuzz) can read.
 */
export const SitePathInput = z.string().trim().regex(/^\/(?:[A-Za-z0-9._~%-]+\/?)*$/, 'api.adminMedia.sitePath')
  .refine((path) => !path.split('/').includes('..'), 'api.adminMedia.sitePath');

/** A lower-case slug as addresses carry it; the same rule the stored rows' schema holds. */
export const SlugInput = z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'api.adminMedia.slugFormat');

/** A slug made of a title: lower case, accents gone, words joined with `-`; `item` when nothing is left. */
export function slugOf(title: string): string {
  const slug = title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return slug || 'item';
}

/** A copy's slug: the original's with `-copy-` and four random letters (never taken twice by chance). */
export function copySlug(slug: string): string {
  return `${slug.slice(0, 65).replace(/-+$/, '')}-copy-${randomBytes(3).toString('hex').slice(0, 4)}`;
}

/** The page's offset and how many pages a total makes. */
export function pageOf(query: ContentListQuery, total: number) {
  return { offset: (query.page - 1) * query.limit, pages: Math.max(1, Math.ceil(total / query.limit)) };
}
