import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { enterSweepstake, enterSweepstakeForFree, InsufficientPointsError } from './sweepstakes.api.ts';

/** An API whose every call answers `status` with `body`. */
function answering(status: number, body: unknown) {
  const fetch = async () => Response.json(body, { status });
  return createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch, logger: { error() {}, warn() {} } });
}
const refusal = (code: string, message: string, details?: Record<string, string>) =>
  ({ error: { code, message, requestId: 'r1', ...(details ? { details } : {}) } });

describe('a sweepstake entry answered 422 (spec sections 5 and 8)', () => {
  it.each([
    ['insufficient_points', 'You need 10 more points for this (it costs 60).'],
    ['sweepstake_closed', 'This sweepstake has ended.'],
    ['entry_limit_reached', 'You can add only 3 more entries.'],
  ])('raises InsufficientPointsError for %s, carrying the server\'s code and its own message', async (code, message) => {
    const error = await enterSweepstake(answering(422, refusal(code, message)), 's1', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientPointsError);
    expect(error).toMatchObject({ name: 'InsufficientPointsError', code, message });
  });

  it('says what is wrong with the count when the server refused the count field', async () => {
    const body = refusal('validation_failed', 'Check the fields.', { count: 'Enter a whole number from 1.' });
    const error = await enterSweepstake(answering(422, body), 's1', 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientPointsError);
    expect(error).toMatchObject({ code: 'validation_failed', message: 'Enter a whole number from 1.' });
  });

  it('leaves other failures, and the free entry, as the HTTP errors they are', async () => {
    const forbidden = await enterSweepstake(answering(403, refusal('forbidden', 'Over 18 only.')), 's1', 1).catch((e: unknown) => e);
    expect(forbidden).not.toBeInstanceOf(InsufficientPointsError);
    const free = await enterSweepstakeForFree(answering(422, refusal('free_entry_used', 'Used.')), 's1').catch((e: unknown) => e);
    expect(free).not.toBeInstanceOf(InsufficientPointsError);
  });
});
