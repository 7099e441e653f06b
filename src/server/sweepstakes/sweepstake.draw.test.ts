import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, entryListHash, entryListText, randomStream, uniformBelow, type PublishedEntry } from './sweepstake.draw.ts';

// The published procedure (docs/features.md, "A draw anyone can verify"): a fixed example that anyone reimplementing
// it can check against, and its properties.

const SEED = '0f'.repeat(32);
const ENTRIES: PublishedEntry[] = [
  { entryId: 'cc', holder: 'h3', tickets: 5 },
  { entryId: 'aa', holder: 'h1', tickets: 1 },
  { entryId: 'bb', holder: 'h2', tickets: 2 },
  { entryId: 'dd', holder: 'h1', tickets: 2 },
];

describe('the draw procedure', () => {
  it('hashes the seed\'s hex text and the canonical list (one line per entry, ordered by entry id)', () => {
    expect(commitmentOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(entryListText(ENTRIES)).toBe('aa h1 1\nbb h2 2\ncc h3 5\ndd h1 2\n');
    expect(entryListHash(ENTRIES)).toBe(entryListHash([...ENTRIES].reverse()));
    expect(entryListHash([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('gives this example\'s winners, the same on every run and whatever order the entries come in', () => {
    const winners = drawWinners({ seed: SEED, entries: ENTRIES, winnerCount: 2 });
    expect(winners).toEqual(drawWinners({ seed: SEED, entries: [...ENTRIES].reverse(), winnerCount: 2 }));
    expect(winners).toMatchInlineSnapshot(`
      [
        {
          "entryId": "cc",
          "holder": "h3",
          "position": 1,
          "ticket": 3,
        },
        {
          "entryId": "dd",
          "holder": "h1",
          "position": 2,
          "ticket": 3,
        },
      ]
    `);
    // A beacon value changes the stream, hence (here) the outcome's tickets.
    const withBeacon = drawWinners({ seed: SEED, entries: ENTRIES, winnerCount: 2, beacon: 'ab'.repeat(32) });
    expect(withBeacon).not.toEqual(winners);
  });

  it('never lets a supporter win twice, and stops when every supporter has won', () => {
    const winners = drawWinners({ seed: SEED, entries: ENTRIES, winnerCount: 10 });
    expect(winners.map((w) => w.holder).sort()).toEqual(['h1', 'h2', 'h3']);
    expect(drawWinners({ seed: SEED, entries: [], winnerCount: 3 })).toEqual([]);
  });

  it('throws away numbers past the last whole multiple of n (no modulo bias)', () => {
    const values = [2 ** 32 - 1, 2 ** 32 - 2, 7];
    const next = () => values.shift()!;
    // 2^32 = 3 × 1431655765 + 1: 4294967295 is past the limit (4294967295), 4294967294 is not.
    expect(uniformBelow(next, 3)).toBe(4294967294 % 3);
    expect(uniformBelow(() => 5, 1)).toBe(0);
    expect(() => uniformBelow(() => 0, 0)).toThrow(RangeError);
  });

  it('reads the stream as big-endian 32-bit numbers of HMAC-SHA256 blocks keyed by the seed', () => {
    const next = randomStream(SEED, 'h', null);
    const first = Array.from({ length: 9 }, next);
    expect(first).toHaveLength(9);
    expect(first.every((n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32)).toBe(true);
    expect(first.slice(0, 8)).toEqual(Array.from({ length: 8 }, randomStream(SEED, 'h', '')));
  });

  it('draws each ticket about equally often', () => {
    const entries: PublishedEntry[] = [{ entryId: 'a', holder: 'x', tickets: 1 }, { entryId: 'b', holder: 'y', tickets: 3 }];
    let b = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i += 1) {
      const seed = i.toString(16).padStart(64, '0');
      if (drawWinners({ seed, entries, winnerCount: 1 })[0]!.entryId === 'b') b += 1;
    }
    // 3 in 4, within five standard deviations (σ ≈ 27 over 4000 draws).
    expect(Math.abs(b - runs * 0.75)).toBeLessThan(140);
  });

  it('refuses a seed that is not 64 hex characters, and entries without tickets', () => {
    expect(() => drawWinners({ seed: 'xyz', entries: ENTRIES, winnerCount: 1 })).toThrow(/seed/);
    expect(() => drawWinners({ seed: SEED, entries: [{ entryId: 'a', holder: 'x', tickets: 0 }], winnerCount: 1 })).toThrow(/tickets/);
  });
});
