// The checks after the crash: each balance against its history, each acknowledged award present
// once, no award paid twice.
import { send } from '../harness/http.ts';

export interface Transaction {
  id: string;
  amount: number;
  kind: string;
  reference: string | null;
}

async function getJson<T>(origin: string, path: string, token: string): Promise<T> {
  const outcome = await send(origin, { method: 'GET', path, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, label: path });
  if (outcome.kind !== 'answer' || outcome.status !== 200) {
    throw new Error(`GET ${path} answered ${outcome.kind === 'answer' ? `${outcome.status}: ${outcome.sample}` : outcome.kind === 'none' ? outcome.reason : 'nothing'}`);
  }
  return JSON.parse(outcome.text ?? '') as T;
}

export async function balance(origin: string, token: string): Promise<number> {
  return (await getJson<{ data: { points: number } }>(origin, '/api/user/me/points', token)).data.points;
}

/** Every entry of the supporter's history, page by page. */
export async function history(origin: string, token: string): Promise<Transaction[]> {
  const entries: Transaction[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1_000; page += 1) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer: { data: Transaction[]; nextCursor: string | null } = await getJson(origin, `/api/user/me/transactions?limit=100${query}`, token);
    entries.push(...answer.data);
    cursor = answer.nextCursor;
    if (!cursor) return entries;
  }
  throw new Error('the history did not end after 1,000 pages');
}

/** Awards that the ledger holds more than once (same kind and reference), quizzes aside (they pay per question). */
export function doubled(entries: Transaction[], quizzes: Set<string> = new Set()): string[] {
  const seen = new Map<string, number>();
  for (const e of entries.filter((e) => e.amount > 0 && !(e.kind === 'challenge' && quizzes.has(e.reference ?? '')))) {
    const key = `${e.kind}:${e.reference ?? ''}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
}
