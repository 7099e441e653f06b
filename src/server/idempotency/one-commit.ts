import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/connection.ts';
import type { AppEnv } from '../env.ts';
import { errorResponse, RefusalKeepingWork } from '../errors.ts';
import { versionsOfWrite } from '../versions/versions.middleware.ts';
import { raiseSupporterVersions } from '../versions/versions.repository.ts';
import { answerToKeep, claimTakenKey } from './idempotency.claims.ts';
import * as repo from './idempotency.repository.ts';

// One commit per write (issue 27): a supporter's write, its Idempotency-Key's answer and the page versions it
// raises commit in one transaction. A failed or refused write rolls all of it back and stores nothing of it (the
// idempotency middleware keeps a refusal's answer in one statement); a crash leaves no pending claim behind.

/**
 * Marks a route (createRoute's `middleware`) that stores its Idempotency-Key's answer in its own write's
 * transaction, with `answerInOneCommit`: the key, the write and the page versions commit once.
 */
export const commitsWithItsWrite = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});

/** The key was taken when the write came to store its answer: rolls the write back. */
class KeyTaken extends Error {}

/**
 * Runs the write (`work`) in one transaction that also stores its answer, `{ data }` with 200 (or `status`), under the request's
 * Idempotency-Key (a route marked `commitsWithItsWrite`) and raises the page versions, then answers it. A key
 * already answered gives that answer instead (replayed), as the idempotency middleware does. A `RefusalKeepingWork`
 * thrown by the work commits what the work did before it, with the refusal as the answer. Pass the route's
 * race-lost mapping on the result (`.catch(refusedWhenRaceLost)`, or `retryOnceIfRaceLost` around it): a lost race on
 * the key never reaches it.
 */
export async function answerInOneCommit<T, S extends 200 | 201 = 200>(c: Context<AppEnv>, work: (trx: Db) => Promise<T>, status: S = 200 as S) {
  const answer = (data: T) => c.json({ data }, status);
  type Answer = ReturnType<typeof answer>;
  const db = c.get('db');
  const key = c.get('keyOfWrite');
  const callerId = c.get('caller')?.userId ?? null;
  const respond = (trx: Db) => work(trx).then(answer, (error: unknown) => {
    // One of the route's declared refusals, answered as the error handler answers it.
    if (error instanceof RefusalKeepingWork) return errorResponse(c, error) as Response as Answer;
    throw error;
  });
  // Twice at most: the second run holds a claim committed before it (an expired key replaced, an abandoned one taken over).
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { response, versions } = await db.transaction().execute(async (trx) => {
        const response = await respond(trx);
        const versions = versionsOfWrite(callerId);
        // The key is taken last, with the versions, in one statement: a key already answered (a retry, a second
        // send alongside) rolls the whole write back, and the earlier answer is given.
        if (key?.state === 'deferred') {
          if (!(await repo.storeAnswerInWrite(trx, key.claim, await answerToKeep(response), versions.ids))) throw new KeyTaken();
          return { response, versions };
        }
        if (key) await repo.completeKey(trx, key.claim, await answerToKeep(response));
        if (versions.ids.length) await raiseSupporterVersions(trx, versions.ids);
        return { response, versions };
      });
      if (key) key.state = 'done';
      versions.committed();
      return response;
    } catch (error) {
      if (!(error instanceof KeyTaken) || !key || attempt > 0) throw error;
      const earlier = await claimTakenKey(db, key);
      if (earlier) {
        // A replay: its work rolled back and changed nothing, so the after-write hook has no version to raise.
        versionsOfWrite(callerId).committed();
        // The stored bytes of an earlier answer of this same request: the route's answer, as typed.
        return earlier as Answer;
      }
    }
  }
}
