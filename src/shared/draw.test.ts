import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, drawWinnersPaged, entryListHash, entryListText, randomStream, type PagedList, type PublishedEntry } from './draw.ts';

// The draw moved here from src/server/sweepstakes (issue 26, point 6) so the browser runs it too. Its results must
// not move with it: the hashes and the random stream are node:crypto's bytes, and a published draw keeps its winners.

const entries: PublishedEntry[] = Array.from({ length: 40 }, (_, i) => ({
  entryId: `e${String(i).padStart(3, '0')}`, holder: `h${i % 13}`, tickets: 1 + (i * 7) % 5,
}));
const seed = `${'a'.repeat(32)}0123456789abcdef0123456789abcdef`;

describe('the shared draw', () => {
  it('draws the winners the node:crypto draw drew before it moved (recorded from that code)', () => {
    const pairs = (beacon: string | null = null) => drawWinners({ seed, entries, winnerCount: beacon ? 3 : 5, beacon }).map((w) => [w.entryId, w.ticket]);
    expect(pairs()).toEqual([['e039', 119], ['e021', 58], ['e006', 17], ['e028', 67], ['e017', 39]]);
    expect(pairs('f'.repeat(64))).toEqual([['e016', 46], ['e009', 26], ['e034', 84]]);
  });

  it('hashes as node:crypto does, for any seed and list', () => {
    for (let round = 0; round < 50; round += 1) {
      const s = randomBytes(32).toString('hex');
      expect(commitmentOf(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
      const list = entries.slice(round % 7, 10 + round).map((e) => ({ ...e, tickets: 1 + ((e.tickets + round) % 9) }));
      expect(entryListHash(list)).toBe(createHash('sha256').update(entryListText(list), 'utf8').digest('hex'));
    }
  });

  it('streams the numbers node:crypto HMAC-SHA256 gives, block after block, with and without a beacon', () => {
    for (const beacon of [null, randomBytes(32).toString('hex')]) {
      const s = randomBytes(32).toString('hex');
      const hash = entryListHash(entries);
      const next = randomStream(s, hash, beacon);
      for (let block = 0; block < 20; block += 1) {
        const bytes = createHmac('sha256', s).update(`terrace-draw-v1:${hash}:${beacon ?? ''}:${block}`, 'utf8').digest();
        for (let i = 0; i < 8; i += 1) expect(next()).toBe(bytes.readUInt32BE(i * 4));
      }
    }
  });
});

/** `entries` (in the published order) as the server's reader gives them: pages of `size`, and a holder's entries. */
function paged(entries: PublishedEntry[], size: number): PagedList<PublishedEntry> & { reads: number[] } {
  const chunks = Array.from({ length: Math.ceil(entries.length / size) }, (_, i) => entries.slice(i * size, (i + 1) * size));
  const reads: number[] = [];
  return {
    reads,
    pages: chunks.map((c) => ({ first: c[0]!.entryId, last: c.at(-1)!.entryId, tickets: c.reduce((sum, e) => sum + e.tickets, 0) })),
    read: async (page) => {
      reads.push(page);
      return chunks[page]!;
    },
    entriesOfHolder: async (winner) => entries.filter((e) => e.holder === winner.holder),
  };
}

describe('the draw a page at a time (the server\'s, over a list it does not hold)', () => {
  const ordered = [...entries].sort((a, b) => (a.entryId < b.entryId ? -1 : 1));

  it('draws the winners the whole list\'s draw gives, for any list, page size, winner count and beacon', async () => {
    const entry = fc.record({ holder: fc.integer({ min: 0, max: 30 }), tickets: fc.integer({ min: 1, max: 9 }) });
    await fc.assert(fc.asyncProperty(
      fc.array(entry, { maxLength: 200 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 40 }),
      fc.option(fc.constant('e'.repeat(64))), fc.stringMatching(/^[0-9a-f]{64}$/),
      async (drawn, size, winnerCount, beacon, s) => {
        const list = drawn.map((e, i) => ({ entryId: i.toString(16).padStart(6, '0'), holder: `h${e.holder}`, tickets: e.tickets }));
        const whole = drawWinners({ seed: s, entries: list, winnerCount, beacon });
        const byPage = await drawWinnersPaged({ seed: s, listHash: entryListHash(list), winnerCount, beacon }, paged(list, size));
        expect(byPage.map(({ entry: _entry, ...w }) => w)).toEqual(whole);
      },
    ), { numRuns: 300 });
  });

  it('reads one page a round, and gives the recorded winners', async () => {
    const list = paged(ordered, 6);
    const winners = await drawWinnersPaged({ seed, listHash: entryListHash(entries), winnerCount: 5 }, list);
    expect(winners.map((w) => [w.entryId, w.ticket])).toEqual([['e039', 119], ['e021', 58], ['e006', 17], ['e028', 67], ['e017', 39]]);
    expect(list.reads).toHaveLength(5);
  });

  it('refuses a page that does not hold what its total said (the list changed after its map was made)', async () => {
    const list = paged(ordered, 10);
    const changed = { ...list, read: async (page: number) => (await list.read(page)).map((e, i) => (i === 0 ? { ...e, tickets: e.tickets + 1 } : e)) };
    await expect(drawWinnersPaged({ seed, listHash: entryListHash(entries), winnerCount: 3 }, changed)).rejects.toThrow(/page \d+ of the list holds/);
  });
});
