import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';

// The draw, as a pure function of public data, in one module both halves import: the server draws with it
// (src/server/sweepstakes/sweepstake.draw.ts), `npm run verify-draw` (scripts/verify-draw.ts) and the
// supporter's browser (/sweepstakes/{id}/verify) recompute the winners with this very code. SHA-256 and
// HMAC come from @noble/hashes (audited, synchronous, the same bytes as node:crypto on every platform), so
// the browser needs neither Node nor the asynchronous Web Crypto. docs/features.md, "A draw anyone can
// verify", explains each step so it can be redone by hand (sha256sum, openssl) or in any language.

/** Written into every block of the random stream, so a future procedure can never be mistaken for this one. */
export const DRAW_PROCEDURE = 'terrace-draw-v1';
const UINT32_RANGE = 2 ** 32;
const HEX64 = /^[0-9a-f]{64}$/;

/** One line of the published entry list: an entry request and its tickets, by opaque ids. */
export interface PublishedEntry {
  entryId: string;
  /** The same for all entries of one supporter in this sweepstake. */
  holder: string;
  tickets: number;
}

export interface DrawInput {
  /** The revealed seed: 64 lowercase hex characters. */
  seed: string;
  entries: readonly PublishedEntry[];
  winnerCount: number;
  /** A public randomness beacon's value (drand `randomness`), when the sweepstake announced one. */
  beacon?: string | null;
}

export interface DrawnWinner {
  position: number;
  entryId: string;
  holder: string;
  /** The ticket drawn, from 0, counted over the tickets still in the draw at that round. */
  ticket: number;
}

const utf8 = new TextEncoder();
const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const sha256Hex = (text: string): string => hex(sha256(utf8.encode(text)));

/** True for a seed, a commitment or a hash as the draw writes them: 64 lowercase hex characters. */
export const isHex64 = (value: unknown): value is string => typeof value === 'string' && HEX64.test(value);

/** The commitment published from the start: SHA-256 of the seed's hex text (`printf %s SEED | sha256sum`). */
export function commitmentOf(seed: string): string {
  return sha256Hex(seed);
}

const byEntryId = (a: PublishedEntry, b: PublishedEntry) => (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0);

/** The entries in the published order: by entry id, as plain byte strings compare. */
function orderEntries(entries: readonly PublishedEntry[]): PublishedEntry[] {
  return [...entries].sort(byEntryId);
}

/** One line of the canonical entry list. */
export const entryLine = (e: PublishedEntry): string => `${e.entryId} ${e.holder} ${e.tickets}\n`;

/** The canonical entry list: one line `ENTRY_ID HOLDER TICKETS\n` per entry, in the published order. */
export function entryListText(entries: readonly PublishedEntry[]): string {
  return orderEntries(entries).map(entryLine).join('');
}

/** The frozen entry list's hash: SHA-256 of its canonical text. */
export function entryListHash(entries: readonly PublishedEntry[]): string {
  return sha256Hex(entryListText(entries));
}

/**
 * The random stream: block i (from 0) is HMAC-SHA256 with the seed's hex text as the key over
 * `terrace-draw-v1:ENTRY_LIST_HASH:BEACON:i` (BEACON empty without one), read as eight big-endian
 * unsigned 32-bit numbers, block after block.
 */
export function randomStream(seed: string, listHash: string, beacon: string | null | undefined): () => number {
  const key = utf8.encode(seed);
  let block = 0;
  let bytes: DataView = new DataView(new ArrayBuffer(0));
  let offset = 0;
  return () => {
    if (offset >= bytes.byteLength) {
      const digest = hmac(sha256, key, utf8.encode(`${DRAW_PROCEDURE}:${listHash}:${beacon ?? ''}:${block}`));
      bytes = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
      block += 1;
      offset = 0;
    }
    const value = bytes.getUint32(offset, false);
    offset += 4;
    return value;
  };
}

/**
 * A whole number from 0 to n - 1 with no modulo bias: numbers at or above the largest multiple of n
 * below 2^32 are thrown away and the next one is taken; an accepted number x gives x mod n.
 */
export function uniformBelow(next: () => number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > UINT32_RANGE) throw new RangeError(`cannot draw among ${n} tickets`);
  const limit = UINT32_RANGE - (UINT32_RANGE % n);
  for (;;) {
    const x = next();
    if (x < limit) return x % n;
  }
}

/**
 * The winners. Tickets are numbered along the entry list in its order (an entry of 3 tickets holds three
 * numbers in a row). Each round draws one ticket among those still in the draw; its entry's holder wins,
 * and all of that holder's tickets leave the draw, so no supporter wins twice. It stops after
 * `winnerCount` rounds, or sooner when no ticket is left.
 */
export function drawWinners(input: DrawInput): DrawnWinner[] {
  if (!HEX64.test(input.seed)) throw new Error('the seed must be 64 lowercase hex characters');
  for (const e of input.entries) {
    if (!Number.isSafeInteger(e.tickets) || e.tickets < 1) throw new Error(`entry ${e.entryId} holds ${e.tickets} tickets`);
  }
  const listHash = entryListHash(input.entries);
  const next = randomStream(input.seed, listHash, input.beacon);
  let pool = orderEntries(input.entries);
  const winners: DrawnWinner[] = [];
  while (winners.length < input.winnerCount && pool.length > 0) {
    const total = pool.reduce((sum, e) => sum + e.tickets, 0);
    const ticket = uniformBelow(next, total);
    let passed = 0;
    const entry = pool.find((e) => (passed += e.tickets) > ticket)!;
    winners.push({ position: winners.length + 1, entryId: entry.entryId, holder: entry.holder, ticket });
    pool = pool.filter((e) => e.holder !== entry.holder);
  }
  return winners;
}

/** One page of a list read a page at a time: its first and last entry ids and the tickets between them. */
export interface ListPage {
  first: string;
  last: string;
  tickets: number;
}

/**
 * A list too long to hold, as the server reads it for its draw: its pages (consecutive, in the published order),
 * one page's entries when asked, and every entry of a winner's holder (E carries what the reader needs to find
 * them: the server's row has the supporter's id).
 */
export interface PagedList<E extends PublishedEntry> {
  pages: readonly ListPage[];
  read(page: number): Promise<E[]>;
  entriesOfHolder(winner: E): Promise<PublishedEntry[]>;
}

/**
 * drawWinners over a paged list, with the same rounds ticket for ticket (draw.test.ts draws both ways), holding
 * one page and the winners' entries at a time. Each round takes the page totals less the tickets of the holders
 * already drawn, draws among them, and reads the one page the ticket falls in. `listHash` is the frozen list's
 * published hash, computed when it froze.
 */
export async function drawWinnersPaged<E extends PublishedEntry>(
  input: Omit<DrawInput, 'entries'> & { listHash: string }, list: PagedList<E>,
): Promise<Array<DrawnWinner & { entry: E }>> {
  if (!HEX64.test(input.seed)) throw new Error('the seed must be 64 lowercase hex characters');
  const next = randomStream(input.seed, input.listHash, input.beacon);
  const { pages } = list;
  const pageOf = (entryId: string) => {
    let low = 0;
    let high = pages.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pages[middle]!.last < entryId) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const left = pages.map((p) => p.tickets);
  const drawnHolders = new Set<string>();
  const winners: Array<DrawnWinner & { entry: E }> = [];
  let total = left.reduce((sum, tickets) => sum + tickets, 0);
  while (winners.length < input.winnerCount && total > 0) {
    const ticket = uniformBelow(next, total);
    let page = 0;
    let before = 0;
    while (before + left[page]! <= ticket) before += left[page++]!;
    const rows = await list.read(page);
    let passed = before;
    let entry: E | undefined;
    for (const e of rows) {
      if (drawnHolders.has(e.holder)) continue;
      if (!Number.isSafeInteger(e.tickets) || e.tickets < 1) throw new Error(`entry ${e.entryId} holds ${e.tickets} tickets`);
      passed += e.tickets;
      if (!entry && passed > ticket) entry = e;
    }
    // The page must hold what its total said: else the list changed, or a holder's entries were not all found.
    if (!entry || passed - before !== left[page]) throw new Error(`page ${page} of the list holds ${passed - before} tickets, not ${left[page]}`);
    winners.push({ position: winners.length + 1, entryId: entry.entryId, holder: entry.holder, ticket, entry });
    drawnHolders.add(entry.holder);
    for (const e of await list.entriesOfHolder(entry)) {
      if (e.holder !== entry.holder) continue;
      left[pageOf(e.entryId)]! -= e.tickets;
      total -= e.tickets;
    }
  }
  return winners;
}
