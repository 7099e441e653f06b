import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, entryListHash, entryListText, randomStream, type PublishedEntry } from './draw.ts';

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
