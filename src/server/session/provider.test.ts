import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { ApiError } from '../errors.ts';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type RunningProvider } from '../testing/oidc-provider.ts';
import { createTestApp, headers, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { accountFor, verifiedEmailOf } from './provider.service.ts';

// The provider sign-in's API against a real OpenID Connect provider (oidc-provider, in this process): the
// browser's part (following redirects, signing in on the provider's development page) is done by fetch.
const APP_ORIGIN = 'http://terrace.test';
let t: TestApp;
let provider: RunningProvider;
let app: App;

beforeAll(async () => {
  t = await createTestApp();
  provider = await startOidcProvider(0, [APP_ORIGIN]);
  app = createApp({
    db: t.testDb.db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: APP_ORIGIN, production: false, mediaDir: t.mediaDir,
    provider: { issuer: provider.issuer, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET }, emailSignIn: false,
  });
});
afterAll(async () => {
  await provider.stop();
  await t.close();
});

const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => app.request(path, {
  method: init.method ?? 'POST', headers: headers(init.token),
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});

/** Starts a sign-in; answers its state and the provider's address. */
async function start() {
  const res = await call('/api/session/provider');
  expect(res.status).toBe(200);
  return (await res.json()).data as { url: string; state: string };
}

/** What a browser does at the provider: its development login (or its Cancel), up to the callback's query string. */
async function atProvider(url: string, login: string | 'cancel'): Promise<string> {
  const cookies = new Map<string, string>();
  const go = async (target: string, init: RequestInit = {}): Promise<string> => {
    const res = await fetch(target, {
      ...init, redirect: 'manual', headers: { ...init.headers as Record<string, string>, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      cookies.set(name!, value ?? '');
    }
    const location = res.headers.get('location');
    if (location?.startsWith(APP_ORIGIN)) return new URL(location).search.slice(1);
    if (location) return go(new URL(location, target).href);
    const page = await res.text();
    if (login === 'cancel') return go(new URL(/href="([^"]*\/abort)"/.exec(page)![1]!, target).href);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    return go(new URL(action, target).href, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
  };
  return go(url);
}

const finish = (body: unknown) => call('/api/session/provider/verify', { body });

describe(`sign-in with the club's identity provider (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('tells which sign-in methods are on offer', async () => {
    expect((await (await call('/api/session/methods', { method: 'GET' })).json()).data).toEqual({ email: false, provider: true });
    const plain = await t.app.request('/api/session/methods', { headers: headers() });
    expect((await plain.json()).data).toEqual({ email: true, provider: false });
  });

  it('refuses the e-mailed code with EMAIL_SIGN_IN=off (403), and a provider sign-in where none is set up (404)', async () => {
    const send = await call('/api/session/email', { body: { email: 'ana@example.com' } });
    expect(send.status).toBe(403);
    expect((await send.json()).error).toMatchObject({ code: 'email_sign_in_off' });
    const verify = await call('/api/session/email/verify', { body: { email: 'ana@example.com', code: '123456' } });
    expect(verify.status).toBe(403);
    const none = await t.app.request('/api/session/provider', { method: 'POST', headers: headers() });
    expect(none.status).toBe(404);
    expect((await none.json()).error).toMatchObject({ code: 'provider_off' });
  });

  it('answers 503 with words to wait by when the provider cannot be reached, and does not stop the server', async () => {
    const down = createApp({
      db: t.testDb.db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: APP_ORIGIN, production: false, mediaDir: t.mediaDir,
      // A port nothing listens on.
      provider: { issuer: 'http://127.0.0.1:9', clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET },
    });
    const res = await down.request('/api/session/provider', { method: 'POST', headers: headers() });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({
      code: 'unavailable', message: 'The club\'s sign-in service cannot be reached just now. Try again in a few minutes.',
    });
    expect((await down.request('/api/session/methods', { headers: headers() })).status).toBe(200);
  });

  it('starts the code flow with PKCE (S256), a state and a nonce, and keeps the verifier on the server', async () => {
    const { url, state } = await start();
    const sent = new URL(url).searchParams;
    expect(sent.get('response_type')).toBe('code');
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('state')).toBe(state);
    expect(sent.get('nonce')).toBeTruthy();
    expect(sent.get('redirect_uri')).toBe(`${APP_ORIGIN}/login/provider/callback`);
    const rows = await t.testDb.db.selectFrom('provider_sign_ins').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(state);
  });

  it('signs a new supporter in by the verified e-mail, once per state, and the next time as returning', async () => {
    const first = await start();
    const callback = await atProvider(first.url, 'ana-sub');
    const res = await finish({ state: first.state, callback });
    expect(res.status).toBe(200);
    const { token, isNewUser } = (await res.json()).data;
    expect(isNewUser).toBe(true);
    const me = await app.request('/api/user/me', { headers: headers(token) });
    expect((await me.json()).data).toMatchObject({ email: 'ana-sub@fans.test' });
    // The same callback again (a replay): its state is used up.
    const replay = await finish({ state: first.state, callback });
    expect(replay.status).toBe(422);
    expect((await replay.json()).error.code).toBe('provider_state_invalid');

    const again = await start();
    const second = await finish({ state: again.state, callback: await atProvider(again.url, 'ana-sub') });
    expect((await second.json()).data.isNewUser).toBe(false);
  });

  it('refuses a supporter the club has blocked with 403 account_blocked, once the provider has proven them', async () => {
    const first = await start();
    const signedIn = await finish({ state: first.state, callback: await atProvider(first.url, 'blocked-sub') });
    const { token } = (await signedIn.json()).data;
    await t.testDb.db.updateTable('users').set({ blocked_at: new Date().toISOString(), blocked_reason: 'test' }).where('email', '=', 'blocked-sub@fans.test').execute();
    // Blocked: the session it had is over at once.
    expect((await app.request('/api/user/me', { headers: headers(token) })).status).toBe(401);
    const again = await start();
    const refused = await finish({ state: again.state, callback: await atProvider(again.url, 'blocked-sub') });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'account_blocked', message: expect.stringContaining('has blocked this account') });
  });

  it('refuses a bad state: unknown, or not the one the callback came back with', async () => {
    const unknown = await finish({ state: 'forged-state', callback: 'code=x&state=forged-state' });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error).toMatchObject({
      code: 'provider_state_invalid', message: 'This sign-in link is out of date or was opened in another browser. Start signing in again.',
    });
    const started = await start();
    const callback = await atProvider(started.url, 'bea-sub');
    const other = await start();
    const swapped = await finish({ state: other.state, callback });
    expect(swapped.status).toBe(422);
    expect((await swapped.json()).error.code).toBe('provider_state_invalid');
  });

  it('refuses an e-mail the provider has not verified, and a cancelled sign-in, with 422', async () => {
    const started = await start();
    const unverified = await finish({ state: started.state, callback: await atProvider(started.url, 'unverified-cy') });
    expect(unverified.status).toBe(422);
    expect((await unverified.json()).error.code).toBe('provider_email_unverified');
    expect(await t.testDb.db.selectFrom('users').select('id').where('email', '=', 'unverified-cy@fans.test').executeTakeFirst()).toBeUndefined();

    const cancelled = await start();
    const denied = await finish({ state: cancelled.state, callback: await atProvider(cancelled.url, 'cancel') });
    expect(denied.status).toBe(422);
    expect((await denied.json()).error.code).toBe('provider_denied');
  });

  it('signs out here and answers the provider\'s end-session address with id_token_hint', async () => {
    const started = await start();
    const { token } = (await (await finish({ state: started.state, callback: await atProvider(started.url, 'dee-sub') })).json()).data;
    const res = await call('/api/session/sign-out', { token });
    expect(res.status).toBe(200);
    const url = new URL((await res.json()).data.providerSignOutUrl);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_ORIGIN}/`);
    expect((await app.request('/api/user/me', { headers: headers(token) })).status).toBe(401);
  });
});

describe('the account behind a provider subject', () => {
  const org = async () => (await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;

  it('is found by the subject after the e-mail changed, else by the e-mail, and not taken over by a second subject', async () => {
    const organizationId = await org();
    const now = new Date();
    const made = await accountFor(t.testDb.db, organizationId, 'sub-1', 'first@fans.test', now);
    expect(made.isNewUser).toBe(true);
    expect(await accountFor(t.testDb.db, organizationId, 'sub-1', 'changed@fans.test', now)).toEqual({ userId: made.userId, isNewUser: false });
    await expect(accountFor(t.testDb.db, organizationId, 'sub-2', 'first@fans.test', now)).rejects.toMatchObject({ code: 'provider_account_taken' });
  });

  it('takes only a verified, well-formed e-mail', () => {
    expect(verifiedEmailOf({ email: ' Fan@Example.COM ', email_verified: true })).toBe('fan@example.com');
    expect(verifiedEmailOf({ email: 'fan@example.com', email_verified: 'true' })).toBe('fan@example.com');
    for (const profile of [{ email: 'fan@example.com', email_verified: false }, { email: 'fan@example.com' }, { email_verified: true }, { email: 'not-an-address', email_verified: true }]) {
      expect(() => verifiedEmailOf(profile)).toThrow(ApiError);
    }
  });
});
