import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award } from '../ledger/ledger.ts';
import { operatorKey } from '../testing/operators.ts';
import { enter, newSweepstake } from '../testing/sweepstakes.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { erasedEmail } from './privacy.erase.ts';
import { EXPORTED, NOT_EXPORTED } from './privacy.export.ts';
import { purgeExpired, RETENTION_MS } from './retention.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const call = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? 'GET', headers: headers(token), ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const userOf = (email: string) => t.testDb.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

/** A signed-in supporter with a name, a consent answered, 30 points and a sweepstake entry (10 of them spent). */
async function supporter(name: string) {
  const email = `${name}@privacy.test`;
  const { token } = await signIn(t, email);
  expect((await call('/user/me', token, { method: 'PATCH', body: { firstName: 'Ada', lastName: name, birthday: '1990-01-02' } })).status).toBe(201);
  const [consent] = (await (await call('/consent/user', token)).json()).data;
  expect((await call(`/consent/user/${consent.id}`, token, { method: 'PATCH', body: { consentId: consent.consentId, value: 1, data: null } })).status).toBe(200);
  const user = await userOf(email);
  await award(t.testDb.db, { userId: user.id, amount: 30, kind: 'checkin', reference: 'day', idempotencyKey: `privacy:${name}` });
  const sweepstake = await newSweepstake(t, { costPerEntry: 10 });
  expect((await enter(t, sweepstake.id, token, 1, { 'Idempotency-Key': randomUUID() })).status).toBeLessThan(300);
  return { email, token, id: user.id };
}

/** Every table with a supporter's column (`user_id`), read from the database itself. */
async function tablesWithSupporterColumn(): Promise<string[]> {
  const db = t.testDb.db;
  if (t.testDb.dialect === 'postgres') {
    const rows = await sql<{ table_name: string }>`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()`.execute(db);
    return rows.rows.map((r) => r.table_name).sort();
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    if (columns.rows.some((c) => c.name === 'user_id')) found.push(name);
  }
  return found.sort();
}

describe(`privacy (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('the export covers every table that holds a supporter\'s rows, or says why not', async () => {
    // The ledger is exported through its own repository (the only code that names its table).
    const covered = new Set<string>([...Object.values(EXPORTED).map((e) => e.table), ...Object.keys(NOT_EXPORTED), 'ledger_entries']);
    expect((await tablesWithSupporterColumn()).filter((table) => !covered.has(table))).toEqual([]);
  });

  it('a supporter downloads everything held about them, and nothing of anyone else, without a secret', async () => {
    const ada = await supporter('export-me');
    await supporter('someone-else');
    const res = await call('/user/me/export', ada.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="terrace-data-${ada.id}.json"`);
    const data = await res.json();
    expect(data.profile).toMatchObject({ id: ada.id, email: ada.email, first_name: 'Ada', birthday: '1990-01-02' });
    expect(data.consents).toHaveLength(1);
    expect(data.consentHistory.length).toBeGreaterThanOrEqual(1);
    expect(data.ledger.map((r: { amount: number }) => r.amount)).toContain(30);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain('someone-else');
    expect(text).not.toContain('token_hash');
    expect(text).not.toContain('code_hash');
  });

  it('a supporter erases their personal data: signed out everywhere, the ledger and entries kept, anonymous', async () => {
    const ada = await supporter('erase-me');
    const entriesBefore = await t.testDb.db.selectFrom('sweepstake_entries').select('id').where('user_id', '=', ada.id).execute();
    expect((await call('/user/me/requests', ada.token, { method: 'POST', body: { topic: 'other', message: 'My name is Ada erase-me, born 1990' } })).status).toBe(201);
    expect((await (await call('/user/me/export', ada.token)).json()).supportRequests[0].message).toBe('My name is Ada erase-me, born 1990');
    const wrong = await call('/user/me/erase', ada.token, { method: 'POST', body: { confirm: 'not-me@privacy.test' } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.details.confirm).toBe('Type the e-mail address of this account to confirm.');
    expect((await call('/user/me/erase', ada.token, { method: 'POST', body: { confirm: ` ${ada.email.toUpperCase()} ` } })).status).toBe(204);

    expect((await call('/user/me', ada.token)).status).toBe(401);
    const row = await t.testDb.db.selectFrom('users').selectAll().where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: erasedEmail(ada.id), first_name: null, last_name: null, birthday: null, avatar_url: null, properties: '{}' });
    expect(row.erased_at).not.toBeNull();
    expect(await t.testDb.db.selectFrom('user_consents').select('user_id').where('user_id', '=', ada.id).execute()).toEqual([]);
    const ledger = await t.testDb.db.selectFrom('ledger_entries').select('amount').where('user_id', '=', ada.id).execute();
    expect(ledger.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(Number(row.points));
    expect(await t.testDb.db.selectFrom('sweepstake_entries').select('id').where('user_id', '=', ada.id).execute()).toEqual(entriesBefore);
    // The request stays as having been made (its reference for the club's records), without its words.
    expect(await t.testDb.db.selectFrom('support_requests').select('message').where('user_id', '=', ada.id).execute()).toEqual([{ message: '' }]);

    // The address is free again: signing in with it starts a new account.
    const again = await signIn(t, ada.email);
    expect(again.isNewUser).toBe(true);
  });

  it('support exports and erases a supporter with a reason, both on the audit trail; an editor may not; an unknown id is 404', async () => {
    const ada = await supporter('support-erases');
    const support = await operatorKey(t.testDb.db, 'support');
    const exported = await call(`/admin/members/${ada.id}/export`, support);
    expect(exported.status).toBe(200);
    expect((await exported.json()).profile.email).toBe(ada.email);
    expect((await call(`/admin/members/${ada.id}/erase`, support, { method: 'POST', body: { reason: ' ' } })).status).toBe(422);
    expect((await call(`/admin/members/${ada.id}/erase`, support, { method: 'POST', body: { reason: 'Asked by e-mail, ticket TR-1' } })).status).toBe(204);
    expect((await call(`/admin/members/${ada.id}/erase`, support, { method: 'POST', body: { reason: 'Twice' } })).status).toBe(204);
    expect((await call('/user/me', ada.token)).status).toBe(401);
    const trail = (await (await call(`/admin/audit?kind=member&subject=${ada.id}`, t.ownerKey)).json()).data.entries;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['member.erase', 'member.export']);
    expect(trail[0]).toMatchObject({ after: { erased: true, reason: 'Asked by e-mail, ticket TR-1' }, actor: { role: 'support' } });
    expect(JSON.stringify(trail)).not.toContain(ada.email);

    const editor = await operatorKey(t.testDb.db, 'editor');
    expect((await call(`/admin/members/${ada.id}/export`, editor)).status).toBe(403);
    expect((await call(`/admin/members/${ada.id}/erase`, editor, { method: 'POST', body: { reason: 'x' } })).status).toBe(403);
    expect((await call('/admin/members/no-such-id/export', support)).status).toBe(404);
  });

  it('purges sessions, codes and counters past their retention, and keeps the rest', async () => {
    const db = t.testDb.db;
    const now = new Date('2040-06-01T12:00:00.000Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const { id: userId } = await userOf((await supporter('retention')).email);
    const session = (id: string, ended: string | null, expires: string) => ({ id, token_hash: `hash-${id}`, user_id: userId, created_at: ago(90 * 86_400_000), expires_at: expires, ended_at: ended });
    await db.insertInto('sessions').values([
      session('old-ended', ago(RETENTION_MS.sessions + 1000), ago(-86_400_000)),
      session('old-expired', null, ago(RETENTION_MS.sessions + 1000)),
      session('recent-ended', ago(RETENTION_MS.sessions - 60_000), ago(-86_400_000)),
    ]).execute();
    const organizationId = (await userOf('retention@privacy.test')).organization_id;
    await db.insertInto('login_codes').values([
      { id: 'old-code', organization_id: organizationId, email: 'x@privacy.test', code_hash: 'h', client: 'c', attempts: 0, created_at: ago(3 * 86_400_000), expires_at: ago(RETENTION_MS.signInCodes + 1000), used_at: null },
      { id: 'new-code', organization_id: organizationId, email: 'x@privacy.test', code_hash: 'h', client: 'c', attempts: 0, created_at: ago(60_000), expires_at: ago(-540_000), used_at: null },
    ]).execute();
    const keyword = await db.selectFrom('challenges').select('id').where('subtype', '=', 'keyword').executeTakeFirstOrThrow();
    const guess = (id: string, at: string) => ({ id, user_id: userId, challenge_id: keyword.id, guessed_at: at });
    await db.insertInto('keyword_guesses').values([
      guess('old-guess', ago(RETENTION_MS.keywordGuesses + 1000)), guess('new-guess', ago(RETENTION_MS.keywordGuesses - 60_000)),
    ]).execute();
    const deleted = await purgeExpired(db, now);
    expect(deleted.sessions).toBeGreaterThanOrEqual(2);
    const left = (await db.selectFrom('sessions').select('id').where('id', 'in', ['old-ended', 'old-expired', 'recent-ended']).execute()).map((r) => r.id);
    expect(left).toEqual(['recent-ended']);
    const codes = (await db.selectFrom('login_codes').select('id').where('id', 'in', ['old-code', 'new-code']).execute()).map((r) => r.id);
    expect(codes).toEqual(['new-code']);
    const guesses = (await db.selectFrom('keyword_guesses').select('id').where('id', 'in', ['old-guess', 'new-guess']).execute()).map((r) => r.id);
    expect(guesses).toEqual(['new-guess']);
  });
});
