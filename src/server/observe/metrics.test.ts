import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award, spend } from '../ledger/ledger.ts';
import { createTestApp, headers, requestCode, signIn, type TestApp } from '../testing/test-app.ts';
import { poolStatsOf } from '../db/connection.ts';
import { getMetrics } from './metrics.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/** The value of one series, read from the registry as /metrics would show it. */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = getMetrics().registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const hit = values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l));
  return hit?.value ?? 0;
}

async function newUser(name: string): Promise<string> {
  await signIn(t, `${name}@example.com`);
  const user = await t.testDb.db.selectFrom('users').select('id').where('email', '=', `${name}@example.com`).executeTakeFirstOrThrow();
  return user.id;
}

const verify = (email: string, code: string) => t.app.request('/api/session/email/verify', {
  method: 'POST', headers: headers(), body: JSON.stringify({ email, code }),
});

describe(`operator metrics (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('counts points awarded and spent by kind, and not a replay', async () => {
    const userId = await newUser('metrics-ledger');
    const awarded = await value('terrace_points_awarded_total', { kind: 'metrics_test' });
    const spent = await value('terrace_points_spent_total', { kind: 'metrics_spend' });
    await award(t.testDb.db, { userId, amount: 25, kind: 'metrics_test', idempotencyKey: 'metrics:1' });
    await award(t.testDb.db, { userId, amount: 25, kind: 'metrics_test', idempotencyKey: 'metrics:1' });
    await spend(t.testDb.db, { userId, amount: 10, kind: 'metrics_spend', idempotencyKey: 'metrics:2' });
    await expect(spend(t.testDb.db, { userId, amount: 100, kind: 'metrics_spend', idempotencyKey: 'metrics:3' })).rejects.toThrow();
    expect(await value('terrace_points_awarded_total', { kind: 'metrics_test' })).toBe(awarded + 25);
    expect(await value('terrace_points_spent_total', { kind: 'metrics_spend' })).toBe(spent + 10);
  });

  it('counts sign-in codes sent, and refused by reason', async () => {
    const sent = await value('terrace_signin_codes_sent_total');
    const wrong = await value('terrace_signin_codes_refused_total', { reason: 'wrong' });
    const expired = await value('terrace_signin_codes_refused_total', { reason: 'expired' });
    const limited = await value('terrace_signin_codes_refused_total', { reason: 'rate_limited' });
    const code = await requestCode(t, 'metrics-code@example.com');
    expect(await value('terrace_signin_codes_sent_total')).toBe(sent + 1);
    const other = code === '000000' ? '111111' : '000000';
    expect((await verify('metrics-code@example.com', other)).status).toBe(422);
    expect(await value('terrace_signin_codes_refused_total', { reason: 'wrong' })).toBe(wrong + 1);
    expect((await verify('metrics-nobody@example.com', '123456')).status).toBe(422);
    expect(await value('terrace_signin_codes_refused_total', { reason: 'expired' })).toBe(expired + 1);
    // Four codes per address and client in an hour: the fifth request is refused.
    const ask = () => t.app.request('/api/session/email', {
      method: 'POST', headers: headers(), body: JSON.stringify({ email: 'metrics-limit@example.com' }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask()).status);
    expect(statuses.at(-1)).toBe(429);
    expect(await value('terrace_signin_codes_refused_total', { reason: 'rate_limited' })).toBe(limited + 1);
  });

  it('reports the database pool: pg counts on PostgreSQL, one connection on SQLite', async () => {
    const metrics = getMetrics();
    const before = metrics.pool;
    metrics.pool = poolStatsOf(t.testDb.db);
    try {
      const text = await metrics.registry.metrics();
      if (process.env['TEST_DATABASE_URL']) {
        expect(text).toMatch(/terrace_db_pool_connections\{state="total"\} [1-9]/);
        expect(text).toMatch(/terrace_db_pool_connections\{state="idle"\} \d/);
        expect(text).toMatch(/terrace_db_pool_connections\{state="waiting"\} 0/);
      } else {
        expect(text).toContain('terrace_db_pool_connections{state="total"} 1');
        expect(text).not.toContain('state="idle"');
      }
    } finally {
      metrics.pool = before;
    }
  });
});
