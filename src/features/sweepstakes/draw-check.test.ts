import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, entryListHash, type PublishedEntry } from '~/shared/draw.ts';
import { checkDraw, readDrawRecord, type DrawRecord } from './draw-check.ts';

// The check the verify page runs in the browser: every published value compared with what the record gives.

const seed = '7'.repeat(64);
const entries: PublishedEntry[] = Array.from({ length: 9 }, (_, i) => ({ entryId: `e${i}`, holder: `h${i % 5}`, tickets: 1 + (i % 3) }));

function record(): DrawRecord {
  const winners = drawWinners({ seed, entries, winnerCount: 2 }).map((w) => ({ ...w, name: null }));
  const hash = entryListHash(entries);
  return {
    sweepstake: { slug: 's', title: 'S', winnerCount: 2, commitment: commitmentOf(seed), entriesHash: hash, seed, drawnAt: '2026-01-01T00:00:00Z', beacon: null, winners },
    entries: { frozen: true, entriesHash: hash, total: entries.length, entries },
  };
}

const failed = (r: DrawRecord) => {
  const result = checkDraw(r);
  return result.kind === 'checked' ? result.steps.filter((s) => !s.ok).map((s) => s.step) : ['not-drawn'];
};

describe('checkDraw', () => {
  it('passes the record the draw made', () => {
    expect(checkDraw(record())).toMatchObject({ kind: 'checked', ok: true, entries: 9, tickets: 18, holders: 5 });
  });

  it('names each step that does not match', () => {
    const r = record();
    expect(failed({ ...r, sweepstake: { ...r.sweepstake, seed: '8'.repeat(64) } })).toEqual(expect.arrayContaining(['seed']));
    expect(failed({ ...r, entries: { ...r.entries, entries: entries.slice(1) } })).toEqual(expect.arrayContaining(['list', 'count']));
    expect(failed({ ...r, sweepstake: { ...r.sweepstake, winners: r.sweepstake.winners.slice(0, 1) } })).toEqual(['winner', 'winners']);
    expect(failed({ ...r, sweepstake: { ...r.sweepstake, seed: 'not hex' } })).toEqual(expect.arrayContaining(['seed', 'winners']));
  });

  it('has nothing to check before the draw', () => {
    const r = record();
    expect(checkDraw({ ...r, sweepstake: { ...r.sweepstake, seed: null } })).toEqual({ kind: 'not-drawn' });
  });

  it('reads a saved record, and refuses anything else', () => {
    expect(readDrawRecord(JSON.stringify(record()))).toEqual(record());
    for (const text of ['', 'null', '[]', '{"sweepstake":{},"entries":{}}', JSON.stringify({ ...record(), entries: { entries: [{ entryId: 1 }] } })]) {
      expect(readDrawRecord(text), text).toBeUndefined();
    }
  });
});
