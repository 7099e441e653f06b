// A unique violation tells which table's row was refused: a write's key taken (idempotency_keys) must not be
// mistaken for another statement's refusal sent in the same write.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { isUniqueViolation } from './errors.ts';

let testDb: TestDb;
beforeAll(async () => { testDb = await createTestDb(); });
afterAll(() => testDb.close());

describe(`unique violations (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('are told apart by their table', async () => {
    const key = { scope: 'org:test', key: randomUUID(), fingerprint: 'f', created_at: new Date().toISOString(), owner: null, status: 'pending' as const, response_status: null, response_headers: null, response_body: null };
    await testDb.db.insertInto('idempotency_keys').values(key).execute();
    const refusal = await testDb.db.insertInto('idempotency_keys').values(key).execute().catch((error: unknown) => error);
    expect(isUniqueViolation(refusal)).toBe(true);
    expect(isUniqueViolation(refusal, 'idempotency_keys')).toBe(true);
    expect(isUniqueViolation(refusal, 'idempotency')).toBe(false);
    expect(isUniqueViolation(refusal, 'ledger_entries')).toBe(false);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });
});
