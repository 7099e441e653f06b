import type { Db } from '../db/connection.ts';
import { entryPage, ownEntryRows } from './sweepstake.repository.ts';
import { freezeIfDue, requireSweepstake, type SweepstakeCaller } from './sweepstake.service.ts';

// GET /sweepstake/{id}/entries: the frozen list a page at a time, and the caller's own entries. Each
// answer reads one page from an index and the caller's entries from another, so it costs the same
// with ten entries or a million (tests/perf/prize-scale.ts measures it).

const ENTRY_PAGE_DEFAULT = 500;

interface PublishedLine { entryId: string; holder: string; tickets: number; mine: boolean }

export interface EntryListView {
  frozen: boolean;
  entriesHash: string | null;
  /** Lines in the whole published list; null before the freeze. */
  total: number | null;
  /** Once frozen, one page of the published list (in order); before, the caller's own entries. */
  entries: PublishedLine[];
  /** The `after` that reads the next page; null on the last one (and before the freeze). */
  next: string | null;
  /** The caller's own entries, in the published order (empty for anonymous callers). */
  mine: PublishedLine[];
}

export interface EntryPageQuery {
  /** The last entry id of the page before; from the start without one. */
  after?: string | undefined;
  limit?: number | undefined;
}

export async function listEntries(db: Db, caller: SweepstakeCaller, idOrSlug: string, query: EntryPageQuery = {}, now = new Date()): Promise<EntryListView> {
  const row = await freezeIfDue(db, await requireSweepstake(db, caller.organizationId, idOrSlug), now);
  const mine = caller.userId
    ? (await ownEntryRows(db, row.id, caller.userId)).map((e) => ({ entryId: e.id, holder: e.holder, tickets: Number(e.tickets), mine: true }))
    : [];
  if (!row.frozen_at) return { frozen: false, entriesHash: null, total: null, entries: mine, next: null, mine };
  const limit = query.limit ?? ENTRY_PAGE_DEFAULT;
  // One more than asked tells whether another page follows, without counting.
  const rows = await entryPage(db, row.id, query.after, limit + 1);
  const entries = rows.slice(0, limit).map((e) => ({ entryId: e.id, holder: e.holder, tickets: Number(e.tickets), mine: e.user_id === caller.userId }));
  return {
    frozen: true, entriesHash: row.entries_hash, total: Number(row.published_entries ?? 0), entries,
    next: rows.length > limit ? entries[entries.length - 1]!.entryId : null, mine,
  };
}
