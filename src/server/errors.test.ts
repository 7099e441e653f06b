import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ChallengeSubmissionError, errorResponse, InsufficientPointsError } from './errors.ts';

// The typed errors reach the caller through the one error map, with the codes the spec's client reads.
const app = new Hono()
  .get('/challenge', () => { throw new ChallengeSubmissionError('api.challenge.wrongKeyword'); })
  .get('/spend', () => { throw new InsufficientPointsError(50); });
app.onError((error, c) => errorResponse(c, error));

describe('typed errors', () => {
  it('answers a refused challenge answer 422 challenge_submission_failed with its message', async () => {
    const res = await app.request('/challenge');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'challenge_submission_failed', message: 'That is not the keyword. Try again.', requestId: '' },
    });
  });

  it('answers a spend over the balance 422 insufficient_points', async () => {
    const res = await app.request('/spend');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'insufficient_points', message: 'You need 50 points for this and do not have enough yet.', requestId: '' },
    });
  });
});
