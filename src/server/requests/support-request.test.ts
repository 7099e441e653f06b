import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../testing/operators.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let supportKey: string;
let editorKey: string;
beforeAll(async () => {
  t = await createTestApp();
  [supportKey, editorKey] = await Promise.all([operatorKey(t.testDb.db, 'support'), operatorKey(t.testDb.db, 'editor')]);
});
afterAll(() => t.close());

const call = (path: string, token: string, init: { method?: string; body?: unknown; locale?: string } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
  headers: headers(token, init.locale ? { 'Accept-Language': init.locale } : {}),
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const dataOf = async (res: Response) => (await res.json()).data;

/** A supporter signed in, with a birthday (a minor's, an adult's, or none). */
async function supporter(name: string, birthday: string | null) {
  const email = `${name}@requests.test`;
  const { token } = await signIn(t, email);
  await t.testDb.db.updateTable('users').set({ birthday, birthday_set_at: birthday && '2020-01-01T00:00:00.000Z' }).where('email', '=', email).execute();
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, email, id };
}
/** The first mail to `to` whose subject holds `words` (the sign-in code came to the same address before). */
async function mailTo(to: string, words: string) {
  const find = () => t.smtp.messages.find((m) => m.to.includes(to) && m.subject.includes(words));
  await expect.poll(find).toBeTruthy();
  return find()!;
}
const minorBirthday = () => `${new Date().getUTCFullYear() - 15}-03-10`;

describe(`support requests (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('a minor and an adult send requests; each gets a reference at once and by e-mail in their language', async () => {
    const minor = await supporter('minor', minorBirthday());
    const adult = await supporter('adult', '1980-05-05');
    const sent = await call('/user/me/requests', minor.token, { body: { topic: 'birthday', message: 'I was born in 1990, not 2011.' }, locale: 'es' });
    expect(sent.status).toBe(201);
    const request = await dataOf(sent);
    expect(request).toMatchObject({ topic: 'birthday', status: 'open', replies: [] });
    expect(request.reference).toMatch(/^TR-[2-9A-HJKMNP-TW-Z]{5}$/);
    const mail = await mailTo(minor.email, request.reference);
    expect(mail.subject).toBe(`Terrace FC ha recibido tu solicitud ${request.reference}`);
    expect(mail.text).toContain(`Tu referencia es ${request.reference}`);
    expect(mail.text).toContain('http://terrace.test/profile/requests');

    const adults = await call('/user/me/requests', adult.token, { body: { topic: 'points', message: 'My check-in of Saturday is missing.' } });
    expect(adults.status).toBe(201);
    const { reference } = await dataOf(adults);
    expect((await mailTo(adult.email, reference)).subject).toBe(`Terrace FC has your request ${reference}`);

    const mine = await dataOf(await call('/user/me/requests', minor.token));
    expect(mine.map((r: { reference: string }) => r.reference)).toEqual([request.reference]);
  });

  it('refuses a bad topic, an empty or too long message, and a caller who is not signed in', async () => {
    const { token } = await supporter('careless', '1990-01-01');
    const topic = await call('/user/me/requests', token, { body: { topic: 'refund', message: 'x' } });
    expect(topic.status).toBe(422);
    expect((await topic.json()).error.details.topic).toBe('Choose what it is about: birthday, points or other.');
    const empty = await call('/user/me/requests', token, { body: { topic: 'other', message: '   ' } });
    expect((await empty.json()).error.details.message).toBe('Write a message.');
    const long = await call('/user/me/requests', token, { body: { topic: 'other', message: 'x'.repeat(2001) }, locale: 'es' });
    expect((await long.json()).error.details.message).toBe('El mensaje puede tener hasta 2000 caracteres.');
    expect((await call('/user/me/requests', token, { body: { topic: 'other', message: 'x'.repeat(2000) } })).status).toBe(201);
    expect((await call('/user/me/requests', 'pk_demo_terrace', { body: { topic: 'other', message: 'hi' } })).status).toBe(401);
    expect((await call('/user/me/requests', 'pk_demo_terrace')).status).toBe(401);
  });

  it('gives every request its own reference; ten an hour, then asks the supporter to wait', async () => {
    const { token } = await supporter('many', '1990-01-01');
    const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => call('/user/me/requests', token, { body: { topic: 'other', message: `n${i}` } })));
    const references = await Promise.all(sent.map(async (res) => (await dataOf(res)).reference as string));
    expect(new Set(references).size).toBe(10);
    const eleventh = await call('/user/me/requests', token, { body: { topic: 'other', message: 'once more' } });
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).error.message).toMatch(/minutes/);
  });

  it('support sees the queue newest first, by status; opens one with the supporter; answers by e-mail in their language; closes it', async () => {
    const first = await supporter('queue-first', '1991-02-02');
    const second = await supporter('queue-second', minorBirthday());
    const older = await dataOf(await call('/user/me/requests', first.token, { body: { topic: 'points', message: 'Missing 50 points' } }));
    const newer = await dataOf(await call('/user/me/requests', second.token, { body: { topic: 'birthday', message: 'Wrong year' }, locale: 'es' }));
    // Two requests in one millisecond are possible: the first is made a minute older, so the order is certain.
    await t.testDb.db.updateTable('support_requests').set({ created_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', older.id).execute();
    const queue = await dataOf(await call('/admin/requests', supportKey));
    const refs = queue.map((r: { reference: string }) => r.reference);
    expect(refs.indexOf(newer.reference)).toBeLessThan(refs.indexOf(older.reference));
    expect(queue.find((r: { id: string }) => r.id === newer.id)).toMatchObject({ topic: 'birthday', status: 'open', excerpt: 'Wrong year', member: { email: second.email } });

    const opened = await dataOf(await call(`/admin/requests/${newer.id}`, supportKey));
    expect(opened).toMatchObject({
      reference: newer.reference, locale: 'es', message: 'Wrong year',
      member: { id: second.id, email: second.email, birthday: minorBirthday(), underage: true, consolePath: `/admin/members/${second.id}` },
    });

    const replied = await call(`/admin/requests/${newer.id}/reply`, supportKey, { body: { message: 'We fixed your birthday.\n\nSee you at the ground!' } });
    expect(replied.status).toBe(200);
    expect(await dataOf(replied)).toMatchObject({ status: 'answered', replies: [{ message: 'We fixed your birthday.\n\nSee you at the ground!' }] });
    const reply = await mailTo(second.email, 'respondido');
    expect(reply.subject).toBe(`${newer.reference}: Terrace FC te ha respondido`);
    expect(reply.text).toContain(`Sobre tu solicitud ${newer.reference}:`);
    expect(reply.text).toContain('See you at the ground!');

    // The supporter reads the answer on their page, without who on the staff wrote it.
    const mine = await dataOf(await call('/user/me/requests', second.token));
    expect(mine[0]).toMatchObject({ status: 'answered', replies: [{ message: 'We fixed your birthday.\n\nSee you at the ground!' }] });
    expect(mine[0].replies[0].by).toBeUndefined();

    const answered = await dataOf(await call('/admin/requests?status=answered', supportKey));
    expect(answered.map((r: { id: string }) => r.id)).toContain(newer.id);
    expect((await dataOf(await call('/admin/requests?status=open', supportKey))).map((r: { id: string }) => r.id)).not.toContain(newer.id);
    expect((await call(`/admin/requests/${newer.id}/close`, supportKey, { method: 'POST' })).status).toBe(200);
    expect((await dataOf(await call('/admin/requests?status=closed', supportKey))).map((r: { id: string }) => r.id)).toEqual([newer.id]);
    // Found by the reference a supporter quotes, typed any which way, whatever its status.
    const quoted = ` ${newer.reference.toLowerCase()} `;
    expect((await dataOf(await call(`/admin/requests?reference=${encodeURIComponent(quoted)}`, supportKey))).map((r: { id: string }) => r.id)).toEqual([newer.id]);
    expect(await dataOf(await call('/admin/requests?reference=TR-00000', supportKey))).toEqual([]);
    // Closing again changes nothing, and is not audited twice.
    expect((await dataOf(await call(`/admin/requests/${newer.id}/close`, supportKey, { method: 'POST' }))).status).toBe('closed');

    const trail = await t.testDb.db.selectFrom('audit_entries').select(['action', 'actor_role', 'before', 'after'])
      .where('subject_id', '=', newer.id).orderBy('at').execute();
    expect(trail.map((e) => e.action)).toEqual(['request.view', 'request.reply', 'request.close']);
    expect(trail.every((e) => e.actor_role === 'support')).toBe(true);
    // The answer's words stay out of the trail.
    expect(JSON.stringify(trail)).not.toContain('ground');
  });

  it('refuses a bad status, an unknown request, an empty answer, an editor (403) and a revoked key (401)', async () => {
    const { token } = await supporter('refusals', '1990-01-01');
    const request = await dataOf(await call('/user/me/requests', token, { body: { topic: 'other', message: 'Hello' } }));
    expect((await call('/admin/requests?status=lost', supportKey)).status).toBe(422);
    expect((await call('/admin/requests/nope', supportKey)).status).toBe(404);
    expect((await call('/admin/requests/nope/reply', supportKey, { body: { message: 'x' } })).status).toBe(404);
    const empty = await call(`/admin/requests/${request.id}/reply`, supportKey, { body: { message: '' } });
    expect((await empty.json()).error.details.message).toBe('Write a message.');
    for (const [path, body] of [['/admin/requests', undefined], [`/admin/requests/${request.id}`, undefined], [`/admin/requests/${request.id}/reply`, { message: 'x' }], [`/admin/requests/${request.id}/close`, {}]] as const) {
      expect((await call(path, editorKey, { body })).status, path).toBe(403);
    }
    const key = await dataOf(await call('/admin/api-keys', t.ownerKey, { body: { name: 'old support', role: 'support' } }));
    expect((await call(`/admin/api-keys/${key.id}/revoke`, t.ownerKey, { method: 'POST' })).status).toBe(200);
    expect((await call('/admin/requests', key.key)).status).toBe(401);
    // A supporter's session opens no console call, and their own list holds only their requests.
    expect((await call('/admin/requests', token)).status).toBe(403);
    const other = await supporter('nosy', '1990-01-01');
    expect(await dataOf(await call('/user/me/requests', other.token))).toEqual([]);
    expect((await dataOf(await call('/admin/requests', t.ownerKey))).map((r: { id: string }) => r.id)).toContain(request.id);
  });
});
