import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award } from '../ledger/ledger.ts';
import { operatorKey } from '../testing/operators.ts';
import { api, newSupporter, organizationId } from '../testing/sweepstakes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { prefixQuery, type SearchField } from './member.repository.ts';

// Finding a supporter and reading their page (issue 25), on both databases: the search by each field, the
// page's sections, the audit entry of each view, the roles, and the indexes the search is answered from.

const postgres = Boolean(process.env['TEST_DATABASE_URL']);
let t: TestApp;
let support: string;
let editor: string;
let ana: { userId: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  support = await operatorKey(t.testDb.db, 'support');
  editor = await operatorKey(t.testDb.db, 'editor');
  const made = await newSupporter(t, 120, 'ana');
  // Wildcards of both databases in the address (GLOB's `*`, LIKE's `_`): a search takes them as letters.
  ana = { userId: made.userId, email: `ana_g*ob-${randomUUID().slice(0, 8)}@example.com` };
  await t.testDb.db.updateTable('users').set({ email: ana.email, first_name: 'Anaïs', last_name: 'Garcés', username: 'AnaG_99' }).where('id', '=', made.userId).execute();
  await newSupporter(t, 0, 'anb');
});
afterAll(() => t.close());

const search = async (q: string, token = support) => {
  const res = await api(t, `/admin/members?q=${encodeURIComponent(q)}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).data as Array<Record<string, unknown>>;
};

describe(`members (${postgres ? 'postgres' : 'sqlite'})`, () => {
  it('finds a supporter by the first letters of the address or a name in any case, or username in any case, or by id', async () => {
    const [found] = await search('ANA_G*');
    expect(found).toMatchObject({ id: ana.userId, email: ana.email, name: 'Anaïs Garcés', points: 120, lifetimePoints: 120, blocked: false });
    expect(typeof found!['rank']).toBe('string');
    // `*`, `_`, `%`, `?` and `[` are letters, not wildcards.
    expect(await search('an_')).toEqual([]);
    expect(await search('an%')).toEqual([]);
    expect(await search('a*')).toEqual([]);
    expect(await search('an?')).toEqual([]);
    expect(await search('[a]')).toEqual([]);
    expect((await search('garc')).map((m) => m['id'])).toContain(ana.userId);
    expect((await search('AnaG_99')).map((m) => m['id'])).toEqual([ana.userId]);
    // A username by its first letters, in any case.
    expect((await search('anag_')).map((m) => m['id'])).toEqual([ana.userId]);
    expect((await search(ana.userId)).map((m) => m['id'])).toEqual([ana.userId]);
    expect(await search('   ')).toEqual([]);
  });

  it('answers at most 20 supporters', async () => {
    for (let i = 0; i < 22; i += 1) await newSupporter(t, 0, 'crowd');
    expect(await search('crowd')).toHaveLength(20);
  });

  it("shows a supporter's page with balances, ledger, consents and sessions, and records the view (never the values)", async () => {
    const res = await api(t, `/admin/members/${ana.userId}`, { token: support });
    expect(res.status).toBe(200);
    const member = (await res.json()).data;
    expect(member.profile).toMatchObject({ id: ana.userId, email: ana.email, firstName: 'Anaïs', birthday: '1990-05-17' });
    expect(member).toMatchObject({ points: 120, lifetimePoints: 120, blocked: { blockedAt: null, blockedReason: null } });
    expect(member.ledger.entries[0]).toMatchObject({ amount: 120, kind: 'challenge', balanceAfter: 120 });
    expect(member.ledger.nextCursor).toBeNull();
    expect(member.sessions[0]).toMatchObject({ active: true, endedAt: null });
    expect(Array.isArray(member.consents)).toBe(true);
    const entries = (await (await api(t, `/admin/audit?kind=member&subject=${ana.userId}`, { token: t.ownerKey })).json()).data.entries;
    expect(entries[0]).toMatchObject({ action: 'member.view', kind: 'member', subjectId: ana.userId, before: null, after: null, actor: { role: 'support' } });
  });

  it('pages the ledger with the cursor, each page a view on record', async () => {
    const { userId } = await newSupporter(t, 0, 'busy');
    for (let i = 0; i < 25; i += 1) await award(t.testDb.db, { userId, amount: 1, kind: 'checkin', idempotencyKey: `c:${i}:${randomUUID()}` });
    const page = (await (await api(t, `/admin/members/${userId}`, { token: support })).json()).data;
    // The sign-in code the supporter used (never the code itself).
    expect(page.signIns[0]).toMatchObject({ usedAt: expect.any(String), attempts: 0 });
    expect(JSON.stringify(page.signIns)).not.toMatch(/hash/);
    const first = page.ledger;
    expect(first.entries).toHaveLength(20);
    const res = await api(t, `/admin/members/${userId}/ledger?cursor=${first.nextCursor}`, { token: support });
    expect(res.status).toBe(200);
    const second = (await res.json()).data;
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    // Rows of one millisecond order by id: the pages together hold each entry once.
    expect(new Set([...first.entries, ...second.entries].map((e: { id: string }) => e.id)).size).toBe(25);
    const views = (await (await api(t, `/admin/audit?kind=member&subject=${userId}`, { token: t.ownerKey })).json()).data.entries;
    expect(views).toHaveLength(2);
    expect((await api(t, `/admin/members/${userId}/ledger?cursor=nonsense`, { token: support })).status).toBe(422);
  });

  it('answers 404 for an unknown id and for another organization’s supporter', async () => {
    expect((await api(t, '/admin/members/no-such-supporter', { token: support })).status).toBe(404);
    const otherOrg = randomUUID();
    await t.testDb.db.insertInto('organizations').values({ id: otherOrg, name: 'Other', public_key: `pk_${otherOrg}`, token: `tok_${otherOrg}`, time_zone: 'UTC', created_at: new Date().toISOString() } as never).execute();
    const stranger = randomUUID();
    const now = new Date().toISOString();
    await t.testDb.db.insertInto('users').values({ id: stranger, organization_id: otherOrg, email: 'ana.stranger@example.com', properties: '{}', created_at: now, updated_at: now } as never).execute();
    const missing = await api(t, `/admin/members/${stranger}`, { token: support });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    expect((await search('ana.stranger'))).toEqual([]);
    expect((await api(t, `/admin/members/${stranger}/ledger`, { token: support })).status).toBe(404);
  });

  it('lets support and the owner in; an editor gets 403 and a revoked key 401', async () => {
    expect((await api(t, '/admin/members?q=ana', { token: t.ownerKey })).status).toBe(200);
    expect((await api(t, `/admin/members/${ana.userId}`, { token: t.ownerKey })).status).toBe(200);
    for (const path of ['/admin/members?q=ana', `/admin/members/${ana.userId}`, `/admin/members/${ana.userId}/ledger`]) {
      expect((await api(t, path, { token: editor })).status, path).toBe(403);
    }
    const created = (await (await api(t, '/admin/api-keys', { method: 'POST', token: t.ownerKey, body: { name: 'gone', role: 'support' } })).json()).data;
    expect((await api(t, `/admin/api-keys/${created.id}/revoke`, { method: 'POST', token: t.ownerKey })).status).toBe(200);
    expect((await api(t, `/admin/members/${ana.userId}`, { token: created.key })).status).toBe(401);
  });

  it('answers each search field from its index (migration 027), not by reading every supporter', async () => {
    const db = t.testDb.db;
    const org = await organizationId(t);
    const plans: Record<string, string> = {};
    for (const field of ['email', 'first_name', 'last_name', 'username'] as SearchField[]) {
      const query = prefixQuery(db, org, field, 'an_a*').compile();
      if (postgres) {
        // A handful of test rows make a sequential scan cheaper; with it off, the plan shows the index is usable.
        plans[field] = await db.connection().execute(async (conn) => {
          await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
          const rows = (await conn.executeQuery(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]))).rows as Array<Record<string, string>>;
          await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = on'));
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      } else {
        const rows = (await db.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))).rows as Array<Record<string, string>>;
        plans[field] = rows.map((r) => r['detail']).join('\n');
      }
    }
    if (postgres) {
      expect(plans['email']).toMatch(/Index Scan using users_email_prefix[\s\S]*Index Cond: .*email ~>=~ 'an_a\*'/);
      expect(plans['first_name']).toMatch(/Index Scan using users_first_name_prefix[\s\S]*lower\(first_name\) ~>=~/);
      expect(plans['last_name']).toMatch(/Index Scan using users_last_name_prefix/);
      expect(plans['username']).toMatch(/Index Scan using users_username_prefix/);
    } else {
      expect(plans['email']).toMatch(/SEARCH users USING INDEX \S+ \(organization_id=\? AND email>\? AND email<\?\)/);
      expect(plans['first_name']).toMatch(/SEARCH users USING INDEX users_first_name_prefix \(organization_id=\? AND <expr>>\? AND <expr><\?\)/);
      expect(plans['last_name']).toMatch(/SEARCH users USING INDEX users_last_name_prefix/);
      expect(plans['username']).toMatch(/SEARCH users USING INDEX users_username_prefix/);
    }
  });
});
