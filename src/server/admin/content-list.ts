import { z } from '@hono/zod-openapi';

// The console's content lists share one shape: a status each item is in, a search, and pages.

/**
 * - draft: saved, not published; archived: taken down by an operator (kept, never shown);
 * - scheduled: published, starts later; live: published and showing now; ended: its end has passed.
 */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'live', 'ended', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export function contentStatus(item: { draft: boolean; archivedAt: string | null; startsAt: string | null; endsAt: string | null }, now = new Date()): ContentStatus {
  const at = now.toISOString();
  if (item.archivedAt) return 'archived';
  if (item.draft) return 'draft';
  if (item.startsAt && item.startsAt > at) return 'scheduled';
  if (item.endsAt && item.endsAt <= at) return 'ended';
  return 'live';
}

/** A list's query: `q` searches the titles, `status` narrows, `page` counts from 1. */
export const ContentListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

/** A page of a list, with the total for the pager. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pages: z.number().int() });
}
