import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStartIn } from '../organization/time-zone.ts';
import { operatorKey } from '../testing/operators.ts';
import { createTestApp, headers, type TestApp } from '../testing/test-app.ts';
import { EXPORT_PAGE } from './export.service.ts';

let t: TestApp;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await t.testDb.db.selectFrom('organizations').select('id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const download = (path: string, token = t.ownerKey) => t.app.request(`/api/admin/exports/${path}`, { headers: headers(token) });
const rowsOf = (csv: string) => csv.trimEnd().split('\r\n').map((line) => line.split(','));

/** Supporters joined at the given instants (the demo organization's time zone is Europe/London). */
async function joined(instants: string[], prefix: string): Promise<string[]> {
  const rows = instants.map((at, index) => ({
    id: randomUUID(), organization_id: organizationId, email: `${prefix}${String(index).padStart(5, '0')}@export.test`,
    properties: '{}', created_at: at, updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.testDb.db.insertInto('users').values(rows.slice(i, i + 500)).execute();
  return rows.map((r) => r.id);
}

describe(`the CSV exports (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('a day starts at local midnight in the club\'s time zone, summer or winter', () => {
    expect(dayStartIn('2026-01-15', 'Europe/London')).toBe('2026-01-15T00:00:00.000Z');
    expect(dayStartIn('2026-07-15', 'Europe/London')).toBe('2026-07-14T23:00:00.000Z');
    expect(dayStartIn('2026-03-29', 'Europe/Madrid')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStartIn('2026-03-30', 'Europe/Madrid')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStartIn('2026-07-15', 'America/Argentina/Buenos_Aires')).toBe('2026-07-15T03:00:00.000Z');
  });

  it('supporters who joined in the period, by the club\'s days, both ends included', async () => {
    // London is an hour ahead in July: 23:30 UTC on 14 July is already the 15th there.
    await joined(['2030-07-14T22:59:59.000Z', '2030-07-14T23:30:00.000Z', '2030-07-16T22:59:00.000Z', '2030-07-16T23:00:00.000Z'], 'period');
    const res = await download('members?from=2030-07-15&to=2030-07-16');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="members-from-2030-07-15-to-2030-07-16.csv"');
    const [header, ...rows] = rowsOf(await res.text());
    expect(header).toEqual(['id', 'email', 'username', 'first_name', 'last_name', 'points', 'lifetime_points', 'joined_at', 'blocked_at']);
    expect(rows.map((r) => r[1])).toEqual(['period00001@export.test', 'period00002@export.test']);
  });

  it('streams more than a page of rows in joining order, each once', async () => {
    const start = Date.parse('2031-02-01T10:00:00.000Z');
    // Pairs share an instant: the order (and the page boundary) falls back to the id.
    const ids = await joined(Array.from({ length: EXPORT_PAGE * 2 + 7 }, (_, i) => new Date(start + Math.floor(i / 2) * 1000).toISOString()), 'many');
    const rows = rowsOf(await (await download('members?from=2031-02-01&to=2031-02-01')).text()).slice(1);
    expect(rows).toHaveLength(ids.length);
    expect(new Set(rows.map((r) => r[0])).size).toBe(ids.length);
    const keys = rows.map((r) => `${r[7]}|${r[0]}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('the ledger of a period with each row\'s supporter, kind, amount and balances; a cell cannot become a formula', async () => {
    const [id] = await joined(['2032-03-03T12:00:00.000Z'], '=formula');
    await t.testDb.db.insertInto('ledger_entries').values([
      { id: randomUUID(), user_id: id!, amount: 25, kind: 'adjustment', reference: '-1+1', idempotency_key: 'k1', balance_after: 25, lifetime_after: 25, created_at: '2032-03-03T12:00:01.000Z' },
      { id: randomUUID(), user_id: id!, amount: -10, kind: 'sweepstake_entry', reference: 's1', idempotency_key: 'k2', balance_after: 15, lifetime_after: 25, created_at: '2032-03-04T12:00:00.000Z' },
    ]).execute();
    const csv = await (await download('ledger?from=2032-03-03&to=2032-03-03')).text();
    const [header, ...rows] = rowsOf(csv);
    expect(header).toEqual(['id', 'at', 'supporter_id', 'email', 'kind', 'reference', 'amount', 'balance_after', 'lifetime_after']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(2)).toEqual([id, "'=formula00000@export.test", 'adjustment', "'-1+1", '25', '25', '25']);
    const open = rowsOf(await (await download('ledger?from=2032-03-03')).text()).slice(1);
    expect(open.map((r) => r[4])).toEqual(['adjustment', 'sweepstake_entry']);
  });

  it('is in the audit trail; support may download, an editor may not; a period that ends before it starts is refused', async () => {
    const support = await operatorKey(t.testDb.db, 'support');
    expect((await download('ledger?from=2033-01-01&to=2033-01-31', support)).status).toBe(200);
    const trail = (await (await t.app.request('/api/admin/audit?kind=export&subject=ledger', { headers: headers(t.ownerKey) })).json()).data.entries;
    expect(trail[0]).toMatchObject({ action: 'export.download', after: { from: '2033-01-01', to: '2033-01-31' }, actor: { role: 'support' } });
    expect((await download('members', await operatorKey(t.testDb.db, 'editor'))).status).toBe(403);
    const backwards = await download('members?from=2033-02-01&to=2033-01-01');
    expect(backwards.status).toBe(422);
    expect((await backwards.json()).error.details.to).toBe('The start date must be on or before the end date.');
    for (const day of ['2033-02-30', '2033-13-45', '0000-00-00']) expect((await download(`members?from=${day}`)).status, day).toBe(422);
    expect((await download('everything')).status).toBe(422);
  });
});
