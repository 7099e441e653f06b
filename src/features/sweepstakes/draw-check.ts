import { commitmentOf, drawWinners, entryListHash, isHex64, type PublishedEntry } from '~/shared/draw.ts';
import type { SweepstakeDetail, SweepstakeEntryList } from './sweepstakes.api.ts';

// The check /sweepstakes/{id}/verify runs in the supporter's browser (issue 26, point 6): the published record
// in, every step's outcome out, each mismatch said exactly. The draw is src/shared/draw.ts, the very code the
// server drew with; the record's shape is the file `npm run verify-draw -- --save` writes (scripts/verify-draw.ts).

type Published = SweepstakeDetail['winners'][number];

export interface DrawRecord {
  sweepstake: Pick<SweepstakeDetail, 'slug' | 'title' | 'winnerCount' | 'commitment' | 'entriesHash' | 'seed' | 'drawnAt' | 'beacon'> & {
    winners: Array<Pick<Published, 'position' | 'name' | 'holder' | 'entryId' | 'ticket'>>;
  };
  entries: Pick<SweepstakeEntryList, 'frozen' | 'entriesHash'> & { total?: number | null; entries: PublishedEntry[] };
}

/** One step of the check; `params` fill its message (`verify.check.<step>.ok` / `.bad`). */
export type CheckStep =
  | { step: 'seed'; ok: boolean; params: { computed: string; published: string } }
  | { step: 'list'; ok: boolean; params: { computed: string; published: string; count: number } }
  | { step: 'count'; ok: boolean; params: { count: number; total: number } }
  | { step: 'beacon'; ok: boolean; params: { round: number; value: string } }
  | { step: 'winner'; ok: boolean; params: { position: number; entry: string; ticket: number; published: string } }
  | { step: 'winners'; ok: boolean; params: { computed: number; published: number } };

export type DrawCheck =
  | { kind: 'not-drawn' }
  | { kind: 'checked'; ok: boolean; steps: CheckStep[]; entries: number; tickets: number; holders: number };

/** Recomputes the winners from the record and compares every published value with what the record gives. */
export function checkDraw(record: DrawRecord): DrawCheck {
  const { sweepstake: s, entries: list } = record;
  if (!s.seed || !s.drawnAt || !list.frozen) return { kind: 'not-drawn' };
  const entries = list.entries;
  const steps: CheckStep[] = [];
  const commitment = isHex64(s.seed) ? commitmentOf(s.seed) : '';
  steps.push({ step: 'seed', ok: commitment === s.commitment, params: { computed: commitment || s.seed, published: s.commitment } });
  const listHash = entryListHash(entries);
  const publishedHash = s.entriesHash ?? '';
  steps.push({
    step: 'list', ok: listHash === publishedHash && (list.entriesHash === null || list.entriesHash === publishedHash),
    params: { computed: listHash, published: publishedHash, count: entries.length },
  });
  if (typeof list.total === 'number') {
    steps.push({ step: 'count', ok: list.total === entries.length, params: { count: entries.length, total: list.total } });
  }
  const beacon = s.beacon?.value ?? null;
  if (s.beacon) steps.push({ step: 'beacon', ok: isHex64(beacon), params: { round: s.beacon.round, value: beacon ?? '' } });
  let recomputed: ReturnType<typeof drawWinners> = [];
  if (isHex64(s.seed)) {
    try {
      recomputed = drawWinners({ seed: s.seed, entries, winnerCount: s.winnerCount, beacon });
    } catch {
      // An entry with no tickets cannot be drawn among: the winners' step below says none match.
    }
  }
  for (const w of recomputed) {
    const shown = s.winners.find((p) => p.position === w.position);
    steps.push({
      step: 'winner',
      ok: !!shown && shown.entryId === w.entryId && shown.holder === w.holder && shown.ticket === w.ticket,
      params: { position: w.position, entry: w.entryId, ticket: w.ticket, published: shown?.entryId ?? '' },
    });
  }
  steps.push({ step: 'winners', ok: recomputed.length === s.winners.length, params: { computed: recomputed.length, published: s.winners.length } });
  return {
    kind: 'checked', ok: steps.every((x) => x.ok), steps, entries: entries.length,
    tickets: entries.reduce((sum, e) => sum + e.tickets, 0), holders: new Set(entries.map((e) => e.holder)).size,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A saved record (pasted or read from a file) as the check needs it; undefined when it is not one. */
export function readDrawRecord(text: string): DrawRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !isRecord(parsed['sweepstake']) || !isRecord(parsed['entries'])) return undefined;
  const s = parsed['sweepstake'];
  const list = parsed['entries'];
  const str = (v: unknown) => typeof v === 'string';
  const entries = list['entries'];
  const winners = s['winners'];
  if (!Array.isArray(entries) || !Array.isArray(winners) || typeof s['winnerCount'] !== 'number' || !str(s['commitment'])) return undefined;
  if (!entries.every((e) => isRecord(e) && str(e['entryId']) && str(e['holder']) && typeof e['tickets'] === 'number')) return undefined;
  if (!winners.every((w) => isRecord(w) && typeof w['position'] === 'number' && str(w['entryId']) && str(w['holder']) && typeof w['ticket'] === 'number')) {
    return undefined;
  }
  return parsed as unknown as DrawRecord;
}
