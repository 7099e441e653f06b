import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUserConsentEvents } from './consent.repository.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Consent { id: string; consentId: string; name: string; value: 0 | 1; enabled: boolean; data: Record<string, unknown> | null }

const list = async (token: string): Promise<Consent[]> => {
  const res = await t.app.request('/api/consent/user', { headers: headers(token) });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};
const patch = (token: string | undefined, id: string, body: unknown) =>
  t.app.request(`/api/consent/user/${id}`, { method: 'PATCH', headers: headers(token), body: JSON.stringify(body) });
const byKey = (consents: Consent[], key: string) => consents.find((c) => c.consentId === key)!;

describe(`consents (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("lists the demo organization's consents, each not given until the user answers", async () => {
    const { token } = await signIn(t, 'fresh@example.com');
    const consents = await list(token);
    expect(consents.map((c) => c.consentId)).toEqual(['marketing_email', 'sms', 'partner_offers']);
    for (const consent of consents) {
      expect(consent).toMatchObject({ value: 0, enabled: false, data: null });
      expect(consent.id).toMatch(/\S/);
      expect(consent.name).toMatch(/\S/);
    }
  });

  it('sets a consent, keeps every change as a history row, and lists the latest value', async () => {
    const { token } = await signIn(t, 'round.trip@example.com');
    const sms = byKey(await list(token), 'sms');

    const given = await patch(token, sms.id, { consentId: 'sms', value: 1, data: { channel: 'profile' } });
    expect(given.status).toBe(200);
    expect((await given.json()).data).toMatchObject({ id: sms.id, consentId: 'sms', value: 1, enabled: true, data: { channel: 'profile' } });
    expect(byKey(await list(token), 'sms')).toMatchObject({ value: 1, enabled: true, data: { channel: 'profile' } });

    // Withdrawn without data: the data given before stays with the answer.
    const withdrawn = await patch(token, sms.id, { consentId: 'sms', value: 0 });
    expect((await withdrawn.json()).data).toMatchObject({ value: 0, enabled: false, data: { channel: 'profile' } });
    const after = await list(token);
    expect(byKey(after, 'sms')).toMatchObject({ value: 0, enabled: false });
    expect(byKey(after, 'marketing_email').value).toBe(0);

    const user = await t.testDb.db.selectFrom('users').select('id').where('email', '=', 'round.trip@example.com').executeTakeFirstOrThrow();
    const events = await listUserConsentEvents(t.testDb.db, user.id);
    expect(events.map((e) => [e.consent_id, Number(e.value)])).toEqual([[sms.id, 1], [sms.id, 0]]);
    for (const event of events) expect(new Date(event.created_at).toISOString()).toBe(event.created_at);
    expect(events[0]!.created_at < events[1]!.created_at).toBe(true);
    expect(JSON.parse(events[0]!.data!)).toEqual({ channel: 'profile' });
  });

  it("keeps one user's answers away from another's", async () => {
    const a = await signIn(t, 'alice@example.com');
    const b = await signIn(t, 'bob@example.com');
    const marketing = byKey(await list(a.token), 'marketing_email');
    expect((await patch(a.token, marketing.id, { consentId: 'marketing_email', value: 1 })).status).toBe(200);
    expect(byKey(await list(a.token), 'marketing_email').value).toBe(1);
    expect(byKey(await list(b.token), 'marketing_email').value).toBe(0);
  });

  it('answers 404 with a clear message for an unknown consent', async () => {
    const { token } = await signIn(t, 'unknown.consent@example.com');
    const res = await patch(token, 'no-such-consent', { consentId: 'sms', value: 1 });
    expect(res.status).toBe(404);
    const { error } = await res.json();
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('No consent with id no-such-consent. Reload the page to see the current consents.');
  });

  it('answers 422 with a message per field for a bad body', async () => {
    const { token } = await signIn(t, 'bad.body@example.com');
    const sms = byKey(await list(token), 'sms');
    const res = await patch(token, sms.id, { value: 2, data: 'yes' });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.details).toEqual({
      consentId: 'Send the consentId of the consent you are changing.',
      value: 'value must be 0 or 1.',
      data: 'data must be an object, or null.',
    });

    const mismatch = await patch(token, sms.id, { consentId: 'partner_offers', value: 1 });
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).error.details).toEqual({ consentId: 'consentId must be sms, the consent at this path.' });
    expect(byKey(await list(token), 'sms').value).toBe(0);
  });

  it('answers 401 to an anonymous caller, before looking at the body', async () => {
    expect((await t.app.request('/api/consent/user', { headers: headers() })).status).toBe(401);
    const res = await patch(undefined, 'anything', { value: 'nope' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe('Sign in to do this.');
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/consent/user', '/consent/user/{id}']));
  });
});
