import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '~/lib/toast/store.ts';
import { createApiClient } from './client.ts';
import { readApiProblem } from './errors.ts';
import { announceSignedOut } from './signed-out.ts';

// A signed-in page as the Base layout renders it: the signed-out words on <html>, in the page's language.
function signedInPage(words = { signedOut: 'You are signed out: sign in to go on.', signIn: 'Sign in' }) {
  vi.stubGlobal('document', { documentElement: { dataset: words } });
}
const answering = (status: number, code: string) => createApiClient({
  prefix: 'http://api.test/api', organizationKey: 'pk', logger: { error() {}, warn() {} }, onUnauthorized: announceSignedOut,
  fetch: async () => new Response(JSON.stringify({ error: { code, message: `The API says ${code}.`, requestId: 'r1' } }), {
    status, headers: { 'content-type': 'application/json' },
  }),
});
afterEach(() => { vi.unstubAllGlobals(); $toasts.set([]); });

describe('a 401 in an island', () => {
  it('says the supporter is signed out, beside the form and in a toast that stays, with the way to sign in', async () => {
    signedInPage();
    const failed = await answering(401, 'unauthorized').http.post('checkin').json().catch((e: unknown) => e);
    expect(await readApiProblem(failed)).toMatchObject({ status: 401, code: 'unauthorized', message: 'You are signed out: sign in to go on.' });
    expect($toasts.get()).toEqual([expect.objectContaining({
      title: 'You are signed out: sign in to go on.', action: { label: 'Sign in', href: '/login' }, duration: Infinity, open: true,
    })]);
  });

  it('leaves other failures, and 401s on the server (no page), to their own words', async () => {
    signedInPage();
    const refused = await answering(422, 'already_checked_in').http.post('checkin').json().catch((e: unknown) => e);
    expect((await readApiProblem(refused)).message).toBe('The API says already_checked_in.');
    expect($toasts.get()).toEqual([]);
    vi.unstubAllGlobals();
    const server = await answering(401, 'unauthorized').http.get('user/me').json().catch((e: unknown) => e);
    expect((await readApiProblem(server)).message).toBe('The API says unauthorized.');
    expect($toasts.get()).toEqual([]);
  });
});
