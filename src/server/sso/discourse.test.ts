import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

// Written from the DiscourseConnect protocol, not from discourse.service.ts: the forum's side is built here
// with node:crypto alone.
const SECRET = 'forum-shared-secret-0123456789';
const FORUM = 'https://forum.terrace.test';

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t, 'sso-fan@example.com'));
  ({ id: userId } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', 'sso-fan@example.com').executeTakeFirstOrThrow());
  // An adult: without a birthday the under-18 rules (and the forum's under-18 group) apply.
  await t.testDb.db.updateTable('users').set({ birthday: '1990-05-17' }).where('id', '=', userId).execute();
});
afterAll(() => t.close());

async function setSetting(key: string, value: string | null) {
  const { id } = await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
  await t.testDb.db.deleteFrom('organization_settings').where('organization_id', '=', id).where('key', '=', key).execute();
  if (value !== null) await t.testDb.db.insertInto('organization_settings').values({ organization_id: id, key, value }).execute();
}

beforeEach(async () => {
  await setSetting('ssoEnabled', 'true');
  await setSetting('discourseUrl', FORUM);
  await setSetting('discourseSecret', SECRET);
});

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function forumRequest(options: { nonce?: string; returnUrl?: string; secret?: string; raw?: string } = {}) {
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const text = options.raw ?? new URLSearchParams({ nonce, return_sso_url: options.returnUrl ?? `${FORUM}/session/sso_login` }).toString();
  const sso = Buffer.from(text).toString('base64');
  return { nonce, sso, sig: hmac(options.secret ?? SECRET, sso) };
}

const call = (step: 'validate' | 'sso', request: { sso: string; sig: string }, bearer = token) =>
  t.app.request(`/api/session/discourse/${step}?${new URLSearchParams({ sso: request.sso, sig: request.sig })}`, {
    method: 'POST', headers: headers(bearer),
  });

async function refusal(res: Response) {
  return { status: res.status, code: (await res.json()).error.code as string };
}

describe(`DiscourseConnect (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('validates a signed request and answers a signed return URL with the supporter and the same nonce', async () => {
    await t.testDb.db.updateTable('users').set({ first_name: 'Ana', last_name: 'Ruiz', username: 'ana', avatar_url: '/api/media/a.webp' })
      .where('id', '=', userId).execute();
    const request = forumRequest();
    const valid = await call('validate', request);
    expect(valid.status).toBe(200);
    expect((await valid.json()).data).toEqual({ nonce: request.nonce, returnSsoUrl: `${FORUM}/session/sso_login` });

    const res = await call('sso', request);
    expect(res.status).toBe(200);
    const target = new URL((await res.json()).data.redirectUrl);
    expect(target.origin + target.pathname).toBe(`${FORUM}/session/sso_login`);
    const sso = target.searchParams.get('sso')!;
    expect(target.searchParams.get('sig')).toBe(hmac(SECRET, sso));
    const fields = Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8')));
    expect(fields).toEqual({
      nonce: request.nonce,
      email: 'sso-fan@example.com',
      external_id: userId,
      username: 'ana',
      name: 'Ana Ruiz',
      avatar_url: 'http://terrace.test/api/media/a.webp',
      require_activation: 'false',
      add_groups: 'entry',
      remove_groups: expect.any(String),
    });
    expect(fields['remove_groups']!.split(',')).toContain('under-18');
    expect(fields['remove_groups']!.split(',')).not.toContain('entry');
  });

  it('adds the under-18 group to a supporter under 18, and removes it otherwise', async () => {
    const year = new Date().getUTCFullYear() - 15;
    await t.testDb.db.updateTable('users').set({ birthday: `${year}-01-01` }).where('id', '=', userId).execute();
    const res = await call('sso', forumRequest());
    await t.testDb.db.updateTable('users').set({ birthday: null }).where('id', '=', userId).execute();
    const sso = new URL((await res.json()).data.redirectUrl).searchParams.get('sso')!;
    const fields = new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'));
    expect(fields.get('add_groups')!.split(',')).toEqual(['entry', 'under-18']);
    expect(fields.get('remove_groups')!.split(',')).not.toContain('under-18');
  });

  it('honours a nonce once: a replay answers 422 sso_nonce_used, at both steps', async () => {
    const request = forumRequest();
    expect((await call('sso', request)).status).toBe(200);
    expect(await refusal(await call('sso', request))).toEqual({ status: 422, code: 'sso_nonce_used' });
    expect(await refusal(await call('validate', request))).toEqual({ status: 422, code: 'sso_nonce_used' });
  });

  it('refuses a tampered signature, a foreign return URL and a malformed payload with 422 and a message', async () => {
    const good = forumRequest();
    const tampered = { ...good, sig: good.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    expect(await refusal(await call('validate', tampered))).toEqual({ status: 422, code: 'sso_signature_invalid' });
    expect(await refusal(await call('sso', tampered))).toEqual({ status: 422, code: 'sso_signature_invalid' });
    expect(await refusal(await call('sso', forumRequest({ secret: 'another-secret-0123456789' })))).toEqual({ status: 422, code: 'sso_signature_invalid' });
    expect(await refusal(await call('sso', { sso: good.sso, sig: 'zz' }))).toEqual({ status: 422, code: 'sso_signature_invalid' });
    for (const returnUrl of ['https://evil.test/session/sso_login', 'https://forum.terrace.test.evil.test/x', 'http://forum.terrace.test/x']) {
      expect(await refusal(await call('sso', forumRequest({ returnUrl })))).toEqual({ status: 422, code: 'sso_return_url_foreign' });
    }
    for (const raw of ['return_sso_url=https%3A%2F%2Fforum.terrace.test%2Fx', 'nonce=abc', 'nonce=abc&return_sso_url=not%20a%20url']) {
      expect(await refusal(await call('sso', forumRequest({ raw })))).toEqual({ status: 422, code: 'sso_payload_invalid' });
    }
    const notBase64 = '%%%';
    const res = await call('sso', { sso: notBase64, sig: hmac(SECRET, notBase64) });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'sso_payload_invalid', message: expect.stringContaining('nonce') });
    const spanish = await t.app.request(`/api/session/discourse/sso?${new URLSearchParams(tampered)}`, {
      method: 'POST', headers: headers(token, { 'Accept-Language': 'es' }),
    });
    expect((await spanish.json()).error.message).toMatch(/firmada/);
  });

  it('is off (404 sso_disabled) unless ssoEnabled is true and the forum and a 16-character secret are set', async () => {
    await setSetting('ssoEnabled', 'false');
    expect(await refusal(await call('validate', forumRequest()))).toEqual({ status: 404, code: 'sso_disabled' });
    await setSetting('ssoEnabled', 'true');
    await setSetting('discourseSecret', 'short');
    expect(await refusal(await call('sso', forumRequest({ secret: 'short' })))).toEqual({ status: 404, code: 'sso_disabled' });
    await setSetting('discourseSecret', SECRET);
    await setSetting('discourseUrl', null);
    expect(await refusal(await call('sso', forumRequest()))).toEqual({ status: 404, code: 'sso_disabled' });
  });

  it('needs a signed-in supporter', async () => {
    expect((await call('sso', forumRequest(), 'pk_demo_terrace')).status).toBe(401);
    expect((await call('validate', forumRequest(), 'pk_demo_terrace')).status).toBe(401);
  });

  it('never shows the secret: not in the organization answer', async () => {
    const res = await t.app.request('/api/organization/current', { headers: headers(token) });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/discourse/i);
  });
});
