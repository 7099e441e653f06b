import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allow } from '../operators/operator.middleware.ts';
import { operatorKey } from '../testing/operators.ts';
import { createApp } from '../app.ts';
import { createTestApp, headers, TEST_SECRET, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const call = (path: string, token: string, init: { method?: string; body?: unknown; ip?: string } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? 'GET', headers: headers(token, init.ip ? { 'x-client-ip': init.ip } : {}),
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const page = async (query: string, token = t.ownerKey) => (await (await call(`/admin/audit${query}`, token)).json()).data as {
  entries: Array<{ action: string; kind: string; subjectId: string; before: unknown; after: unknown; actor: { label: string; role: string; type: string }; requestId: string | null; clientAddress: string | null; at: string }>;
  next: string | null;
};

describe(`the audit trail (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('records who did what to which thing, the values before and after, the request and the address', async () => {
    const invited = await call('/admin/operators', t.ownerKey, { method: 'POST', body: { email: 'sam@club.test', role: 'support' }, ip: '198.51.100.4' });
    const requestId = invited.headers.get('x-request-id');
    const sam = (await invited.json()).data;
    await call(`/admin/operators/${sam.id}`, t.ownerKey, { method: 'PATCH', body: { role: 'editor' } });

    const history = await page(`?kind=operator&subject=${sam.id}`);
    expect(history.entries.map((e) => e.action)).toEqual(['operator.role', 'operator.add']);
    const [role, add] = history.entries;
    expect(add).toMatchObject({
      kind: 'operator', subjectId: sam.id, before: null, after: { email: 'sam@club.test', role: 'support' },
      actor: { type: 'api_key', label: 'test owner', role: 'owner' }, requestId, clientAddress: '198.51.100.4',
    });
    expect(role).toMatchObject({ before: { role: 'support' }, after: { role: 'editor' } });
  });

  it("records a pick'em outcome with the outcome before and after, by the editor who set it", async () => {
    const editor = await operatorKey(t.testDb.db, 'editor');
    const pickem = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'pickem').executeTakeFirstOrThrow()).id;
    expect((await call(`/admin/challenges/${pickem}/outcome`, editor, { method: 'POST', body: { responseIndex: 1 } })).status).toBe(200);
    const [outcome] = (await page(`?subject=${pickem}`)).entries;
    expect(outcome).toMatchObject({ action: 'challenge.outcome', before: { outcome: null }, after: { outcome: 1, awarded: 0 }, actor: { label: 'test editor', role: 'editor' } });
  });

  it('filters by operator, kind, action and day, pages newest first, and downloads as CSV', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) await call('/admin/api-keys', t.ownerKey, { method: 'POST', body: { name: `=${name}`, role: 'support' } });
    const first = await page('?kind=apiKey&action=apiKey.create&limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.entries.map((e) => (e.after as { name: string }).name)).toEqual(['=gamma', '=beta']);
    const second = await page(`?kind=apiKey&action=apiKey.create&limit=2&cursor=${first.next}`);
    expect((second.entries[0]!.after as { name: string }).name).toBe('=alpha');
    expect(await page('?actor=nobody@club.test')).toEqual({ entries: [], next: null });
    expect((await page('?actor=test owner&kind=apiKey')).entries.length).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}&kind=apiKey`)).entries.length).toBeGreaterThanOrEqual(3);
    expect((await page('?from=2001-01-01&to=2001-12-31')).entries).toEqual([]);

    const csv = await call('/admin/audit?format=csv&kind=apiKey&action=apiKey.create', t.ownerKey);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('audit.csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_type,actor,role,action,kind,subject_id,before,after,request_id,client_address');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    // A name that would run as a formula in a spreadsheet is written as text.
    expect(lines[1]).toContain(`"{""id"":`);
    expect(lines.join('\n')).not.toMatch(/,=gamma/);

    const badCursor = await call('/admin/audit?cursor=nonsense', t.ownerKey);
    expect(badCursor.status).toBe(422);
    expect((await badCursor.json()).error.details.cursor).toBe('This page link is not valid: go back to the first page.');
    expect((await call('/admin/audit?from=26/11/2026', t.ownerKey)).status).toBe(422);
  });

  it('is append-only in the database itself: an UPDATE or a DELETE is refused', async () => {
    const before = await t.testDb.db.selectFrom('audit_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(t.testDb.db.updateTable('audit_entries').set({ action: 'forged' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.testDb.db.deleteFrom('audit_entries').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_entries`.execute(t.testDb.db)).rejects.toThrow(/append-only/);
    const after = await t.testDb.db.selectFrom('audit_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('and no code path in the server writes it but with an INSERT', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ts$/.test(name) && !name.endsWith('.test.ts') && !path.includes('migrations')) {
          if (/(updateTable|deleteFrom)\(\s*['"]audit_entries|(update|delete\s+from)\s+audit_entries/i.test(readFileSync(path, 'utf8'))) offenders.push(path);
        }
      }
    };
    walk(join(import.meta.dirname, '..'));
    expect(offenders).toEqual([]);
  });

  it('answers an operator write that appended no entry as the bug it is', async () => {
    const app = createApp({ db: t.testDb.db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, mediaDir: t.mediaDir });
    app.post('/admin/unrecorded', allow('content'), (c) => c.json({ data: 'changed something' }, 200));
    const res = await app.request('/api/admin/unrecorded', { method: 'POST', headers: headers(t.ownerKey), body: '{}' });
    expect(res.status).toBe(500);
  });
});
