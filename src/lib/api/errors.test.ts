import { describe, expect, it } from 'vitest';
import { dataOf } from './answer.ts';
import { createApiClient } from './client.ts';
import { readApiProblem, unlessProblem } from './errors.ts';

/** A client whose every call answers `status` with `body`. */
function answering(status: number, body: string) {
  const fetch = async () => new Response(body, { status, headers: { 'content-type': 'application/json' } });
  return createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch, logger: { error() {}, warn() {} } });
}
const problem = (code: string) => JSON.stringify({ error: { code, message: `It is ${code}.`, requestId: 'r1' } });

describe('API problems', () => {
  it("reads the API's code, message and details from a failed call", async () => {
    const failed = await answering(422, problem('birthday_locked')).http.get('x').json().catch((e: unknown) => e);
    expect(await readApiProblem(failed)).toEqual({ status: 422, code: 'birthday_locked', message: 'It is birthday_locked.', details: {} });
  });

  it('calls an answer without the API error shape (a proxy page) internal_error', async () => {
    const failed = await answering(502, '<html>Bad gateway</html>').http.get('x').json().catch((e: unknown) => e);
    expect(await readApiProblem(failed)).toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('answers undefined for the one code a caller expects, and throws any other failure on', async () => {
    expect(await unlessProblem('not_found', dataOf(answering(404, problem('not_found')).http.get('x')))).toBeUndefined();
    await expect(unlessProblem('not_found', dataOf(answering(401, problem('unauthorized')).http.get('x')))).rejects.toThrow();
    expect(await unlessProblem('not_found', dataOf(answering(200, '{"data":{"a":1}}').http.get('x')))).toEqual({ a: 1 });
  });
});
