import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Caller } from '../env.ts';
import { ApiError } from '../errors.ts';
import * as repo from './idempotency.repository.ts';
import { ownerIsGone, PROCESS_OWNER } from './process-owner.ts';

/** How long the first answer to a key is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a pending claim holds its key when its owner cannot be seen dead. The claim is committed
 * before the request runs, so a process killed in between leaves it behind. The claim names its process
 * (./process-owner.ts): a retry served by a process that can tell that one has ended (the restarted
 * server on the same host) takes it over at once; otherwise (an owner on another machine) past the lease.
 * No request takes this long; the ledger's own keys keep an award single even if one ever did.
 */
// 15 s: past the client's own 10 s timeout.
export const IDEMPOTENCY_LEASE_MS = 15_000;
const REPLAYED_HEADER = 'Idempotent-Replayed';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Larger than any body an endpoint accepts (uploads stop at 5 MB); the fingerprint never reads more. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Answers that carry a secret are not kept at rest (sessions store only a token's hash). */
const SECRET_ANSWERS = new Set(['/api/session/email/verify', '/api/session/discourse/sso']);
/** Transient answers the client retries (with the same key): kept, they would be replayed to the retry. */
const TRANSIENT_4XX = new Set([408, 409, 425, 429]);
/** Headers replayed with the stored body; the rest (request id, cache control) are the replay's own. */
const KEPT_HEADERS = ['content-type', 'location'];

/**
 * Idempotency-Key on POST, PUT, PATCH and DELETE: the first answer per caller and key is kept for
 * 24 hours and replayed byte for byte (with `Idempotent-Replayed: true`) to any repeat of the same
 * request; the same key on a different request is refused. Runs after the caller is resolved.
 */
export const idempotentRequests = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  const caller = c.get('caller') as Caller | undefined;
  // Open paths have no caller to scope a key to; requests without a key behave as ever.
  if (key === undefined || !UNSAFE_METHODS.has(c.req.method) || !caller || SECRET_ANSWERS.has(c.req.path)) {
    return next();
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError('bad_request', 'api.idempotency.badKey');
  }
  const db = c.get('db');
  const now = Date.now();
  const cutoff = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
  // A key past the cutoff counts as new (claimOrFind replaces it); the others past it go in the hourly retention
  // purge (src/server/privacy/retention.ts), run once across processes rather than by a request in each.

  const scope = caller.userId ? `user:${caller.userId}` : `org:${caller.organizationId}`;
  const url = new URL(c.req.url);
  const fingerprint = `${c.req.method} ${url.pathname}${url.search} sha256:${await bodyDigest(c.req.raw)}`;
  const claim = { scope, key, fingerprint, created_at: new Date(now).toISOString(), owner: PROCESS_OWNER };

  const leaseMs = c.get('deps').idempotencyLeaseMs ?? IDEMPOTENCY_LEASE_MS;
  const earlier = await claimOrFind(db, claim, cutoff, new Date(now - leaseMs).toISOString());
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) {
      throw new ApiError('validation_failed', 'api.idempotency.reused');
    }
    if (earlier.status === 'pending') {
      throw new ApiError('conflict', 'api.idempotency.pending');
    }
    return replay(earlier);
  }

  try {
    await next();
  } catch (error) {
    await repo.releaseClaim(db, claim);
    throw error;
  }
  // Errors reach here as answers (app.onError). A retry of a 5xx or a transient 4xx must run again.
  const { status, headers } = c.res;
  if (status >= 500 || TRANSIENT_4XX.has(status)) {
    await repo.releaseClaim(db, claim);
    return;
  }
  const kept = Object.fromEntries(KEPT_HEADERS.flatMap((name) => {
    const value = headers.get(name);
    return value === null ? [] : [[name, value]];
  }));
  const body = new Uint8Array(await c.res.clone().arrayBuffer());
  await repo.completeKey(db, claim, { status, headers: kept, body });
});

/**
 * Claims the key (answers undefined), or answers the live row that already holds it. A pending claim
 * of the same request whose process has ended, or past its lease, was left by a request that died: it
 * is taken over, by one conditional update, so of two retries racing for it only one runs.
 */
async function claimOrFind(db: AppEnv['Variables']['db'], claim: repo.Claim, cutoff: string, leaseCutoff: string) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await repo.insertClaim(db, claim)) return undefined;
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

/** SHA-256 of the body, read from a copy so the handler still gets the stream untouched. */
async function bodyDigest(request: Request): Promise<string> {
  const hash = createHash('sha256');
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  const reader = request.clone().body?.getReader();
  let total = 0;
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    total += chunk.value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    hash.update(chunk.value);
  }
  return hash.digest('hex');
}

function tooLarge(): ApiError {
  return new ApiError('payload_too_large', 'api.request.tooLarge');
}
