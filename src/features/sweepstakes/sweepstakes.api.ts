import { isHTTPError } from 'ky';
import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';
import { readApiProblem, unlessProblem, type ErrorCode } from '~/lib/api/errors.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type {
  Sweepstake, SweepstakeDetail, SweepstakeEntryList, SweepstakeEntryResult,
} from '~/server/sweepstakes/sweepstake.schema.ts';

export type { Sweepstake, SweepstakeDetail, SweepstakeEntryList, SweepstakeEntryResult };

/**
 * Spec sections 5 and 8: "422 on sweepstake entry: InsufficientPointsError", for every 422 the entry
 * answers. Its message is the server's own (in the page's language, the count field's when the count
 * was refused): how many points are missing, or why the draw refuses (closed, over the cap); `code`
 * keeps the server's reason for a caller that branches on it.
 */
export class InsufficientPointsError extends Error {
  override name = 'InsufficientPointsError';
  readonly code: ErrorCode;
  constructor(message: string, code: ErrorCode, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

const path = (id: string, rest = '') => `sweepstake/${encodeURIComponent(id)}${rest}`;

/** GET /sweepstake: live first, then coming soon, then ended; anonymous callers see them too. */
export function listSweepstakes(api: ApiClient): Promise<Sweepstake[]> {
  return dataOf<Sweepstake[]>(api.http.get('sweepstake'));
}

/** GET /sweepstake/{id} (id or slug); undefined when there is none (the page answers 404). */
export function getSweepstake(api: ApiClient, idOrSlug: string): Promise<SweepstakeDetail | undefined> {
  return unlessProblem('not_found', dataOf<SweepstakeDetail>(api.http.get(path(idOrSlug))));
}

/** The first page of the entry list a page shows: as many lines as a phone should render at once. */
export const SHOWN_ENTRY_LINES = 200;

/**
 * GET /sweepstake/{id}/entries: the first `limit` lines of the published list once entries have closed
 * (before, the caller's own), and the caller's own entries.
 */
export function listSweepstakeEntries(api: ApiClient, idOrSlug: string, limit: number): Promise<SweepstakeEntryList> {
  return dataOf<SweepstakeEntryList>(api.http.get(path(idOrSlug, '/entries'), { searchParams: { limit } }));
}

/** The most lines the API gives in one page of the entry list. */
const ENTRY_PAGE_LIMIT = 1000;

/**
 * The whole public record of a draw, as /sweepstakes/{id}/verify checks it in the browser and
 * `npm run verify-draw -- --save` keeps it: GET /sweepstake/{id}, and every page of GET
 * /sweepstake/{id}/entries (following `next`), the lines without the caller's `mine` marks.
 */
export async function fetchDrawRecord(api: ApiClient, idOrSlug: string): Promise<{
  sweepstake: SweepstakeDetail;
  entries: { frozen: boolean; entriesHash: string | null; total: number | null; entries: Array<{ entryId: string; holder: string; tickets: number }> };
}> {
  const sweepstake = await dataOf<SweepstakeDetail>(api.http.get(path(idOrSlug)));
  const page = (after?: string) => dataOf<SweepstakeEntryList>(api.http.get(path(sweepstake.sweepstakeId, '/entries'), {
    searchParams: after ? { limit: ENTRY_PAGE_LIMIT, after } : { limit: ENTRY_PAGE_LIMIT },
  }));
  const first = await page();
  const lines = [...first.entries];
  for (let next = first.next; next !== null;) {
    const more = await page(next);
    lines.push(...more.entries);
    next = more.next;
  }
  return {
    sweepstake,
    entries: {
      frozen: first.frozen, entriesHash: first.entriesHash, total: first.total,
      entries: lines.map(({ entryId, holder, tickets }) => ({ entryId, holder, tickets })),
    },
  };
}

async function insufficientAsError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 422) {
      const problem = await readApiProblem(error);
      throw new InsufficientPointsError(problem.details['count'] ?? problem.message, problem.code, { cause: error });
    }
    throw error;
  }
}

/**
 * POST /sweepstake/{id}/entry {count}: spends count × cost and answers the new entry count and `standing`.
 * Any 422 (too few points, closed, over the cap, a bad count) throws InsufficientPointsError. A form passes its own Idempotency-Key (`options.headers`).
 */
export function enterSweepstake(api: ApiClient, id: string, count: number, options: CallOptions = {}): Promise<SweepstakeEntryResult> {
  return insufficientAsError(dataOf<SweepstakeEntryResult>(api.http.post(path(id, '/entry'), { json: { count }, headers: options.headers ?? {} })));
}

/** POST /sweepstake/{id}/free-entry: the one free entry (no points). */
export function enterSweepstakeForFree(api: ApiClient, id: string, options: CallOptions = {}): Promise<SweepstakeEntryResult> {
  return dataOf<SweepstakeEntryResult>(api.http.post(path(id, '/free-entry'), { headers: options.headers ?? {} }));
}

/**
 * The official rules PDF as a Blob (spec section 7: "fetched as a blob from a media path on a content
 * delivery network"): a public file under MEDIA_BASE_URL, fetched without credentials.
 */
export async function fetchRulesPdf(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(`The rules answered ${res.status}`);
  return res.blob();
}
