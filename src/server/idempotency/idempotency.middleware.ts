import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv, Caller } from '../env.ts';
import { ApiError } from '../errors.ts';
import { claimOrFind, earlierAnswer, keepAnswer, keepRefusal, type KeyOfWrite } from './idempotency.claims.ts';
import * as repo from './idempotency.repository.ts';
import { commitsWithItsWrite } from './one-commit.ts';
import { PROCESS_OWNER } from './process-owner.ts';

/** How long the first answer to a key is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a pending claim holds its key when its owner cannot be seen dead. The claim is committed
 * before the request runs (except on routes that store it with their write, ./one-commit.ts), so a process
 * killed in between leaves it behind. The claim names its process
 * (./process-owner.ts): a retry served by a process that can tell that one has ended (the restarted
 * server on the same host) takes it over at once; otherwise (an owner on another machine) past the lease.
 * No request takes this long; the ledger's own keys keep an award single even if one ever did.
 */
// 15 s: past the client's own 10 s timeout.
export const IDEMPOTENCY_LEASE_MS = 15_000;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Larger than any body an endpoint accepts (uploads stop at 5 MB); the fingerprint never reads more. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Answers that carry a secret are not kept at rest (sessions store only a token's hash). */
const SECRET_ANSWERS = new Set(['/api/session/email/verify', '/api/session/discourse/sso']);

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
  const leaseCutoff = new Date(now - leaseMs).toISOString();

  if (matchedRoutes(c).some((route) => route.handler === commitsWithItsWrite)) {
    // The route stores the answer in its write's own transaction (./one-commit.ts): nothing is claimed before it.
    const held: KeyOfWrite = { claim, cutoff, leaseCutoff, state: 'deferred' };
    c.set('keyOfWrite', held);
    try {
      await next();
    } catch (error) {
      if (held.state === 'held') await repo.releaseClaim(db, claim);
      throw error;
    }
    if (held.state === 'held') await keepAnswer(c, db, claim);
    // Deferred still: the write was refused (or failed) and rolled back; a refusal is kept in one statement.
    else if (held.state === 'deferred') await keepRefusal(c, db, held);
    return;
  }

  const earlier = await claimOrFind(db, claim, cutoff, leaseCutoff);
  if (earlier) return earlierAnswer(earlier, fingerprint);

  try {
    await next();
  } catch (error) {
    await repo.releaseClaim(db, claim);
    throw error;
  }
  await keepAnswer(c, db, claim);
});

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
