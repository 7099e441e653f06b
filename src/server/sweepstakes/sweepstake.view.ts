import type { Selectable } from 'kysely';
import type { Sweepstake } from './sweepstake.schema.ts';
import type { SweepstakeTable, SweepstakeWinnerTable } from './sweepstake.table.ts';

// What a sweepstake looks like to a caller: the server decides its status and whether the caller can
// enter (and why not), once, here; pages and islands only show it.

export type SweepstakeStatus = Sweepstake['status'];
/** Why the caller cannot enter now; null when they can. */
type EntryBlock = Sweepstake['entry']['blockedBy'];

type Row = Selectable<SweepstakeTable>;

/** The spec's three states: ended once drawn, cancelled or past its end; coming soon before its start. */
export function statusOf(row: Pick<Row, 'starts_at' | 'ends_at' | 'drawn_at' | 'cancelled_at'>, now: Date): SweepstakeStatus {
  const at = now.toISOString();
  if (row.cancelled_at || row.drawn_at || at >= row.ends_at) return 'ended';
  return at < row.starts_at ? 'coming_soon' : 'live';
}

/** The caller as a sweepstake sees them: anonymous (null), or a supporter with their balance and age. */
export interface Entrant {
  userId: string;
  points: number;
  underage: boolean;
}

export interface Holding {
  tickets: number;
  free: boolean;
}

function blockOf(row: Row, status: SweepstakeStatus, entrant: Entrant | null, remaining: number): EntryBlock {
  if (row.cancelled_at) return 'cancelled';
  if (status !== 'live') return status;
  if (!entrant) return 'sign_in';
  if (entrant.underage) return 'underage';
  return remaining <= 0 ? 'limit_reached' : null;
}

/** First name and initial ("Ada L."), as winners are published. */
export function publicName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim();
  if (!first) return null;
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export function toView(
  row: Row, now: Date, entrant: Entrant | null, holding: Holding | undefined,
  winners: Array<Selectable<SweepstakeWinnerTable>>,
): Sweepstake {
  const status = statusOf(row, now);
  const cap = Number(row.max_entries_per_supporter);
  const cost = Number(row.cost_per_entry);
  const tickets = holding?.tickets ?? 0;
  const remaining = entrant ? Math.max(0, cap - tickets) : cap;
  const blockedBy = blockOf(row, status, entrant, remaining);
  const free = holding?.free ?? false;
  const drawn = !!row.drawn_at;
  return {
    sweepstakeId: row.id, slug: row.slug, status, mediaId: row.media_id, startsAt: row.starts_at, endsAt: row.ends_at,
    title: row.title, description: row.description, prize: row.prize, prizeValue: Number(row.prize_value), currency: row.currency,
    sponsor: row.sponsor, costPerEntry: cost, maxEntriesPerSupporter: cap, winnerCount: Number(row.winner_count),
    totalEntries: Number(row.ticket_count), entryCount: tickets, freeEntryUsed: free,
    entry: {
      canEnter: blockedBy === null,
      blockedBy,
      remaining,
      affordable: blockedBy === null && entrant ? Math.min(remaining, Math.floor(entrant.points / cost)) : 0,
      freeEntryAvailable: blockedBy === null && !free,
    },
    commitment: row.commitment,
    entriesHash: row.entries_hash,
    beacon: row.beacon_url && row.beacon_round !== null
      ? { url: row.beacon_url, round: Number(row.beacon_round), value: row.beacon_value }
      : null,
    seed: drawn ? row.seed : null,
    drawnAt: row.drawn_at,
    cancelledAt: row.cancelled_at,
    winners: drawn
      ? winners.map((w) => ({
        position: Number(w.position), name: w.display_name, holder: w.holder, entryId: w.entry_id, ticket: Number(w.ticket),
        you: !!entrant && w.user_id === entrant.userId,
      }))
      : [],
  };
}
