import type { Context } from 'hono';
import type { Db } from '../db/connection.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import * as repo from './idempotency.repository.ts';
import { ownerIsGone } from './process-owner.ts';

// An Idempotency-Key's life (./idempotency.middleware.ts): claimed, answered and kept, or replayed; shared with the
// routes that store it in their write's own transaction (./one-commit.ts).

const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Transient answers the client retries (with the same key): kept, they would be replayed to the retry. */
const TRANSIENT_4XX = new Set([408, 409, 425, 429]);
/** Headers replayed with the stored body; the rest (request id, cache control) are the replay's own. */
const KEPT_HEADERS = ['content-type', 'location'];

/**
 * The Idempotency-Key of a request to a route marked `commitsWithItsWrite`: `deferred` until its write claims it
 * in its transaction; `held` when a pending claim had to be committed first (an earlier claim taken over);
 * `done` once the answer is stored with the write, or the earlier answer given.
 */
export interface KeyOfWrite {
  claim: repo.Claim;
  cutoff: string;
  leaseCutoff: string;
  state: 'deferred' | 'held' | 'done';
}

/** Errors reach here as answers (app.onError). A retry of a 5xx or a transient 4xx must run again. */
export async function keepAnswer(c: Context<AppEnv>, db: Db, claim: repo.Claim): Promise<void> {
  if (!kept(c.res.status)) {
    await repo.releaseClaim(db, claim);
    return;
  }
  await repo.completeKey(db, claim, await answerToKeep(c.res));
}

/**
 * A refused write's answer, kept as any other, in one statement. When the key turns out taken (a request that ran
 * alongside stored its answer, the key was used for another request, an expired row) it is settled as the claim
 * before a request would have been: that earlier answer is given, or this one kept in place of an expired row.
 */
export async function keepRefusal(c: Context<AppEnv>, db: Db, key: KeyOfWrite): Promise<void> {
  if (!kept(c.res.status)) return;
  const answer = await answerToKeep(c.res);
  if (await repo.insertAnswered(db, key.claim, answer)) return;
  const earlier = await claimOrFind(db, key.claim, key.cutoff, key.leaseCutoff, true);
  if (earlier) c.res = earlierAnswer(earlier, key.claim.fingerprint);
  else await repo.completeKey(db, key.claim, answer);
}

const kept = (status: number) => status < 500 && !TRANSIENT_4XX.has(status);

/** What is kept of an answer: its status, the headers replayed with it, its bytes (read from a copy). */
export async function answerToKeep(response: Response): Promise<repo.Answer> {
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value]];
  }));
  return { status: response.status, headers, body: new Uint8Array(await response.clone().arrayBuffer()) };
}

/**
 * Claims a route's deferred key after its write found the key taken, committed on its own: answers the earlier answer
 * (a replay, or the 422 and 409 refusals as ever), or undefined once this request holds a pending claim (an expired
 * key replaced, an abandoned claim taken over), for the write's second run. The key is read first: it is known taken.
 */
export async function claimTakenKey(db: Db, key: KeyOfWrite): Promise<Response | undefined> {
  const earlier = await claimOrFind(db, key.claim, key.cutoff, key.leaseCutoff, true);
  key.state = earlier ? 'done' : 'held';
  return earlier && earlierAnswer(earlier, key.claim.fingerprint);
}

export function earlierAnswer(earlier: repo.IdempotencyKeyRow, fingerprint: string): Response {
  if (earlier.fingerprint !== fingerprint) {
    throw new ApiError('validation_failed', 'api.idempotency.reused');
  }
  if (earlier.status === 'pending') {
    throw new ApiError('conflict', 'api.idempotency.pending');
  }
  return replay(earlier);
}

/**
 * Claims the key (answers undefined), or answers the live row that already holds it. A pending claim
 * of the same request whose process has ended, or past its lease, was left by a request that died: it
 * is taken over, by one conditional update, so of two retries racing for it only one runs. `knownTaken`: the
 * key was just found taken, so the row is read first.
 */
export async function claimOrFind(db: Db, claim: repo.Claim, cutoff: string, leaseCutoff: string, knownTaken = false) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (!(knownTaken && attempt === 0) && await repo.insertClaim(db, claim)) return undefined;
    const row = await repo.findKey(db, claim.scope, claim.key);
    if (!row) continue; // released meanwhile: the key is new again
    if (row.created_at < cutoff) {
      await repo.deleteKeyCreatedAt(db, claim.scope, claim.key, row.created_at);
      continue;
    }
    const abandoned = row.status === 'pending' && row.fingerprint === claim.fingerprint
      && (row.created_at < leaseCutoff || ownerIsGone(row.owner));
    if (!abandoned) return row;
    if (await repo.takeOverClaim(db, claim, row.created_at)) return undefined;
  }
  throw new ApiError('conflict', 'api.idempotency.pending');
}

function replay(row: repo.IdempotencyKeyRow): Response {
  const bytes = Buffer.from(row.response_body ?? '', 'base64');
  const headers = new Headers(JSON.parse(row.response_headers ?? '{}') as Record<string, string>);
  headers.set(REPLAYED_HEADER, 'true');
  // 202, 204 and the like were sent without a body: a Response refuses one for 204.
  return new Response(bytes.length ? new Uint8Array(bytes) : null, { status: row.response_status ?? 200, headers });
}

