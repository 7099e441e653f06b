import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor, operatorKey } from '../testing/operators.ts';
import { balances, enter, newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { can, type Permission } from '../../shared/operator-roles.ts';
import { addOperator, isLiveOperatorSecret } from './operator.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const call = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? 'GET', headers: headers(token), ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
/** Every operation under /admin in the OpenAPI document (but the sign-in's), its path parameters filled with `x`. */
async function adminOperations(): Promise<{ method: string; path: string }[]> {
  const doc = await (await t.app.request('/api/openapi.json')).json();
  const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/admin/') && !path.startsWith('/admin/session/email'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x') })));
  expect(operations.length).toBeGreaterThan(40);
  return operations;
}
const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string };

/** Puts an address on the staff from the command line's side, as `npm run operator -- add` does. */
async function staff(email: string, role: 'owner' | 'editor' | 'support') {
  return addOperator(t.testDb.db, { actor: await cliActor(t.testDb.db) }, { email, role });
}

/** The console's sign-in: asks for a code, reads it from the mail the SMTP server received, trades it for a token. */
async function consoleSignIn(email: string): Promise<string> {
  const before = t.smtp.messages.length;
  expect((await call('/admin/session/email', 'pk_demo_terrace', { method: 'POST', body: { email } })).status).toBe(202);
  await expect.poll(() => t.smtp.messages.slice(before).some((m) => m.to.includes(email) && m.subject.includes('sign-in code'))).toBe(true);
  const mail = t.smtp.messages.slice(before).find((m) => m.to.includes(email) && m.subject.includes('sign-in code'))!;
  expect(mail.text).toContain('/admin/login?email=');
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  const verified = await call('/admin/session/email/verify', 'pk_demo_terrace', { method: 'POST', body: { email, code } });
  expect(verified.status).toBe(200);
  return (await verified.json()).data.token;
}

describe(`operators (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('signs a staff address in with the e-mailed code; the session answers who and which role', async () => {
    await staff('ana.owner@club.test', 'owner');
    const token = await consoleSignIn('ana.owner@club.test');
    expect(token).toMatch(/^tos_/);
    const me = await call('/admin/session', token);
    expect((await me.json()).data).toMatchObject({ label: 'ana.owner@club.test', role: 'owner', kind: 'operator' });
    expect((await call('/admin/session', token, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/admin/session', token)).status).toBe(401);
  });

  it('sends no code to an address off the staff, and refuses it a console session', async () => {
    const before = t.smtp.messages.length;
    expect((await call('/admin/session/email', 'pk_demo_terrace', { method: 'POST', body: { email: 'fan@example.com' } })).status).toBe(202);
    // A supporter's own sign-in code for the same address does not open the console either.
    const { token } = await signIn(t, 'fan@example.com');
    expect(t.smtp.messages.slice(before).filter((m) => m.text.includes('/admin/login'))).toEqual([]);
    const refused = await call('/admin/operators', token);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('This is the club’s staff console: a supporter’s sign-in does not open it.');
  });

  it('ends a console session after 12 hours without use', async () => {
    await staff('idle@club.test', 'editor');
    const token = await consoleSignIn('idle@club.test');
    expect((await call('/admin/session', token)).status).toBe(200);
    const longAgo = new Date(Date.now() - 12 * 60 * 60_000 - 1000).toISOString();
    await t.testDb.db.updateTable('operator_sessions').set({ last_used_at: longAgo }).execute();
    expect((await call('/admin/session', token)).status).toBe(401);
  });

  it('tells the HTTP server which secrets are live staff ones (before it reads a console upload), without using them', async () => {
    const live = (secret: string) => isLiveOperatorSecret(t.testDb.db, secret);
    await staff('uploader@club.test', 'editor');
    const session = await consoleSignIn('uploader@club.test');
    const made = (await (await call('/admin/api-keys', t.ownerKey, { method: 'POST', body: { name: 'Clip feed', role: 'editor' } })).json()).data;
    expect([await live(session), await live(made.key)]).toEqual([true, true]);
    const uses = async () => (await (await call('/admin/api-keys', t.ownerKey)).json()).data.find((k: { id: string }) => k.id === made.id).uses;
    expect(await uses()).toBe(0);
    // In an operator's shape, and nobody's; a supporter's session; the organization's public key.
    const { token: supporter } = await signIn(t, 'fan.uploader@example.com');
    for (const other of [`tos_${'q'.repeat(43)}`, `tak_${'q'.repeat(43)}`, supporter, 'pk_demo_terrace']) expect(await live(other), other).toBe(false);
    // Signed out, and revoked.
    expect((await call('/admin/session', session, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/admin/api-keys/${made.id}/revoke`, t.ownerKey, { method: 'POST' })).status).toBe(200);
    expect([await live(session), await live(made.key)]).toEqual([false, false]);
  });

  it('lets an owner invite, change a role and remove; never the last owner', async () => {
    const owner = t.ownerKey;
    const invited = await call('/admin/operators', owner, { method: 'POST', body: { email: 'Eve.Editor@Club.test', role: 'editor' } });
    expect(invited.status).toBe(201);
    const eve = (await invited.json()).data;
    expect(eve).toMatchObject({ email: 'eve.editor@club.test', role: 'editor' });
    const invitation = await t.smtp.waitForMessage('eve.editor@club.test');
    expect(invitation.subject).toBe('You are invited to run Terrace FC on Terrace');
    expect(invitation.text).toContain('as Editor');
    expect(invitation.text).toContain('http://terrace.test/admin/login?email=eve.editor%40club.test');

    const again = await call('/admin/operators', owner, { method: 'POST', body: { email: 'eve.editor@club.test', role: 'support' } });
    expect(again.status).toBe(422);
    expect((await errorOf(again)).code).toBe('operator_exists');

    const bad = await call('/admin/operators', owner, { method: 'POST', body: { email: 'x@club.test', role: 'admin' } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.details.role).toBe('Choose a role: owner, editor or support.');

    const eveToken = await consoleSignIn('eve.editor@club.test');
    const changed = await call(`/admin/operators/${eve.id}`, owner, { method: 'PATCH', body: { role: 'support' } });
    expect((await changed.json()).data.role).toBe('support');
    expect((await (await call('/admin/session', eveToken)).json()).data.role).toBe('support');

    expect((await call(`/admin/operators/${eve.id}`, owner, { method: 'DELETE' })).status).toBe(204);
    expect((await call('/admin/session', eveToken)).status).toBe(401);

    // The demo organization's only owner made by the tests so far: ana (signed in above) and the key's CLI.
    const owners = (await (await call('/admin/operators', owner)).json()).data.filter((o: { role: string }) => o.role === 'owner');
    for (const o of owners.slice(1)) await call(`/admin/operators/${o.id}`, owner, { method: 'DELETE' });
    const last = owners[0];
    const demote = await call(`/admin/operators/${last.id}`, owner, { method: 'PATCH', body: { role: 'editor' } });
    expect(demote.status).toBe(422);
    expect((await errorOf(demote)).code).toBe('last_owner');
    expect((await call(`/admin/operators/${last.id}`, owner, { method: 'DELETE' })).status).toBe(422);
  });

  it('holds under races: one invitation of an address at a time, and never zero owners', async () => {
    const twice = await Promise.all([1, 2].map(() => call('/admin/operators', t.ownerKey, { method: 'POST', body: { email: 'race@club.test', role: 'editor' } })));
    expect(twice.map((r) => r.status).sort()).toEqual([201, 422]);
    // The only two owners left, each demoted at once: one stays owner.
    const a = (await staff(`race-a-${Date.now()}@club.test`, 'owner')).id;
    const b = (await staff(`race-b-${Date.now()}@club.test`, 'owner')).id;
    const staffNow = (await (await call('/admin/operators', t.ownerKey)).json()).data as Array<{ id: string; role: string }>;
    for (const o of staffNow.filter((x) => x.role === 'owner' && x.id !== a && x.id !== b)) {
      expect((await call(`/admin/operators/${o.id}`, t.ownerKey, { method: 'PATCH', body: { role: 'editor' } })).status).toBe(200);
    }
    const owners = async () => ((await (await call('/admin/operators', t.ownerKey)).json()).data as Array<{ role: string }>).filter((o) => o.role === 'owner').length;
    expect(await owners()).toBe(2);
    const demoted = await Promise.all([a, b].map((id) => call(`/admin/operators/${id}`, t.ownerKey, { method: 'PATCH', body: { role: 'support' } })));
    expect(demoted.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await owners()).toBe(1);
  });

  it("keeps the club's staff out of the club's sweepstakes, also with a supporter's account", async () => {
    const supporter = await newSupporter(t, 500, 'staffer');
    const sweepstake = await newSweepstake(t);
    await staff(supporter.email, 'editor');
    const refused = await enter(t, sweepstake.id, supporter.token, 1);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('The club’s staff cannot enter the club’s sweepstakes.');
    expect(await balances(t, supporter.userId)).toEqual({ points: 500, lifetime: 500 });
  });

  it('keeps each role to its own: editors make content, not staff or keys; support reads only', async () => {
    const editor = await operatorKey(t.testDb.db, 'editor');
    const support = await operatorKey(t.testDb.db, 'support');
    // The staff list, API keys and settings are the owner's (issue 24): an editor gets 403 on each.
    expect((await call('/admin/operators', editor)).status).toBe(403);
    for (const token of [editor, support]) {
      const invite = await call('/admin/operators', token, { method: 'POST', body: { email: 'y@club.test', role: 'owner' } });
      expect(invite.status).toBe(403);
      expect((await errorOf(invite)).message).toBe('Your role cannot do this. Ask an owner of the club.');
      expect((await call('/admin/api-keys', token)).status).toBe(403);
      expect((await call('/admin/api-keys', token, { method: 'POST', body: { name: 'x', role: 'owner' } })).status).toBe(403);
    }
    const pickem = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'pickem').executeTakeFirstOrThrow()).id;
    expect((await call(`/admin/challenges/${pickem}/outcome`, support, { method: 'POST', body: { responseIndex: 0 } })).status).toBe(403);
    expect((await call('/admin/audit', support)).status).toBe(200);
  });

  it('shows an API key once, keeps only its hash, counts its uses and refuses it once revoked', async () => {
    const made = await call('/admin/api-keys', t.ownerKey, { method: 'POST', body: { name: 'Results feed', role: 'editor' } });
    expect(made.status).toBe(201);
    const { key, id, hint } = (await made.json()).data;
    expect(key).toMatch(/^tak_[A-Za-z0-9_-]{43}$/);
    expect(hint).toBe(key.slice(-4));
    const stored = await t.testDb.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
    const listed = await (await call('/admin/api-keys', t.ownerKey)).text();
    expect(listed).not.toContain(key);

    expect((await call('/admin/session', key)).status).toBe(200);
    expect((await call('/admin/audit', key)).status).toBe(200);
    const used = (await (await call('/admin/api-keys', t.ownerKey)).json()).data.find((k: { id: string }) => k.id === id);
    expect(used.uses).toBe(2);
    expect(used.lastUsedAt).not.toBeNull();

    expect((await call(`/admin/api-keys/${id}/revoke`, t.ownerKey, { method: 'POST' })).status).toBe(200);
    expect((await call('/admin/session', key)).status).toBe(401);
    expect((await call('/admin/api-keys/no-such-key/revoke', t.ownerKey, { method: 'POST' })).status).toBe(404);
    const blank = await call('/admin/api-keys', t.ownerKey, { method: 'POST', body: { name: '  ', role: 'editor' } });
    expect((await blank.json()).error.details.name).toBe('Give the key a name of 1 to 80 characters, so you can tell it apart.');
  });

  it('holds every admin operation to its role: a revoked key gets 401, an editor and support 403 beyond their role', async () => {
    const operations = await adminOperations();
    const created = (await (await call('/admin/api-keys', t.ownerKey, { method: 'POST', body: { name: 'to revoke', role: 'owner' } })).json()).data;
    expect((await call(`/admin/api-keys/${created.id}/revoke`, t.ownerKey, { method: 'POST' })).status).toBe(200);
    const keys = { editor: await operatorKey(t.testDb.db, 'editor'), support: await operatorKey(t.testDb.db, 'support') };
    // What each operation needs, written from the roles' description (src/shared/operator-roles.ts), not read off
    // the routes: a route that forgets its `allow(...)` or names the wrong permission fails here.
    const needs = (method: string, path: string): Permission | 'any' => {
      if (path === '/admin/session') return 'any';
      if (path.startsWith('/admin/operators')) return 'operators';
      if (path.startsWith('/admin/api-keys')) return 'apiKeys';
      if (path.startsWith('/admin/settings') || path.startsWith('/admin/ranks') || path.startsWith('/admin/membership-tiers')) return 'settings';
      if (/^\/admin\/sweepstakes\/x\/(draw|cancel)$/.test(path)) return 'draw';
      if (/^\/admin\/adjustments\/x\/(approve|refuse)$/.test(path)) return 'approve';
      if (/^\/admin\/(members|adjustments|requests|exports)(\/|$)/.test(path)) return 'members';
      return method === 'GET' ? 'read' : 'content';
    };
    for (const { method, path } of operations) {
      const init = { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) };
      expect((await call(path, created.key, init)).status, `revoked key: ${method} ${path}`).toBe(401);
      for (const role of ['editor', 'support'] as const) {
        const permission = needs(method, path);
        const status = (await call(path, keys[role], init)).status;
        if (permission === 'any' || can(role, permission)) expect(status, `${role}: ${method} ${path}`).not.toBe(403);
        else expect(status, `${role}: ${method} ${path}`).toBe(403);
        expect(status, `${role}: ${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it('refuses a supporter, a made-up key and no key on every admin operation', async () => {
    const { token: supporter } = await signIn(t, 'curious@example.com');
    const operations = await adminOperations();
    for (const { method, path } of operations) {
      for (const [bearer, status] of [[supporter, 403], ['pk_demo_terrace', 401], [`tak_${'A'.repeat(43)}`, 401], [`tos_${'A'.repeat(43)}`, 401]] as const) {
        const res = await call(path, bearer, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
        expect(res.status, `${method} ${path}`).toBe(status);
      }
    }
  });
});
