import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ApiError, ChallengeSubmissionError } from '../errors.ts';
import { unlessBlocked } from '../members/blocked.ts';
import { awardChallenge } from './challenge.award.ts';
import * as repo from './challenge.repository.ts';
import type { ChallengeTable } from './challenge.table.ts';
import { isExpired, parseOptions, toView, type ChallengeView } from './challenge.view.ts';



/** Records or changes the caller's pick until kick-off (`expires_on`) or the outcome; awards nothing now. */
export async function pick(trx: Db, userId: string, c: ChallengeTable, responseIndex: number, now: Date) {
  // Picks share the challenge's row and the outcome takes it whole: an outcome waits for picks in flight,
  // and a pick that starts after it sees the outcome.
  await repo.lockChallenge(trx, c.id, 'share');
  const outcome = (await repo.listOutcomes(trx, [c.id])).get(c.id) ?? null;
  if (isExpired(c, now) || outcome !== null) throw new ApiError('challenge_closed', 'api.pickem.closed');
  if (responseIndex >= parseOptions(c).length) throw new ChallengeSubmissionError('api.challenge.chooseOption');
  const row = {
    id: randomUUID(), user_id: userId, challenge_id: c.id, response_index: responseIndex, response_text: null, created_at: now.toISOString(),
  };
  await repo.savePick(trx, row);
  return { challenge: toView(c, now, row, [], null) as ChallengeView, pointsAwarded: 0, award: null };
}

/** A correct pick earns the chosen option's points, else the challenge's value. */
function pickPoints(c: ChallengeTable, index: number): number {
  return Number(parseOptions(c)[index]?.points ?? c.value);
}

/**
 * Operator: sets a pick'em's outcome and awards every correct pick once (awardChallenge).
 * Run in a transaction. Setting the same outcome again awards only picks not yet awarded (none); a
 * different outcome answers 422 `outcome_already_set` (a retry cannot change it).
 */
export async function setOutcome(trx: Db, organizationId: string, challengeId: string, responseIndex: number, now = new Date()) {
  const c = await repo.findChallengeById(trx, organizationId, challengeId);
  if (!c) throw new ApiError('not_found', 'api.challenge.notFound');
  if (c.subtype !== 'pickem') throw new ApiError('validation_failed', 'api.pickem.notPickem');
  await repo.lockChallenge(trx, c.id, 'update');
  if (responseIndex >= parseOptions(c).length) throw new ApiError('validation_failed', 'api.challenge.chooseOption');
  const outcome = await repo.setOutcomeOnce(trx, c.id, responseIndex, now.toISOString());
  if (outcome !== responseIndex) throw new ApiError('outcome_already_set', 'api.pickem.outcomeSet');
  const amount = pickPoints(c, outcome);
  let awarded = 0;
  if (amount > 0) {
    for (const userId of await repo.listPickers(trx, c.id, outcome)) {
      // A supporter the club has blocked is passed over; setting the same outcome again after they are
      // unblocked pays them (and nobody twice).
      const paid = await unlessBlocked(awardChallenge(trx, { userId, challengeId: c.id, amount }));
      if (paid && paid.pointsAwarded > 0) awarded += 1;
    }
  }
  return { challengeId: c.id, outcome, awarded };
}
