// A prepared query is compiled once and run with every call's own arguments: a kept argument from an
// earlier call would hand one supporter another's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import type { Db } from './connection.ts';
import { prepared, preparedByShape } from './prepared.ts';

let testDb: TestDb;
let organizationId: string;

const userByEmail = prepared((db, organizationId: string, email: string) => db.selectFrom('users')
  .select(['email', 'first_name']).where('organization_id', '=', organizationId).where('email', '=', email));
const usersNamed = prepared((db, firstName: string | null, limit: number) => db.selectFrom('users')
  .select('email').where('first_name', '=', firstName).orderBy('email').limit(limit));

// An `in` list: one prepared query per length, each answering its call's own values.
const usersAmong = preparedByShape((length: number) => (db: Db, ...emails: string[]) => db.selectFrom('users')
  .select('email').where('email', 'in', emails.slice(0, length)).orderBy('email'));
const among = (db: Db, ...emails: string[]) => usersAmong(emails.length).all(db, ...emails);

async function addUser(db: Db, email: string, firstName: string | null) {
  await db.insertInto('users').values({
    id: email, organization_id: organizationId, email, first_name: firstName, properties: '{}', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
  }).execute();
}

beforeAll(async () => {
  testDb = await createTestDb();
  organizationId = (await testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
  await addUser(testDb.db, 'ada@example.com', 'ada');
  await addUser(testDb.db, 'bo@example.com', 'bo');
  await addUser(testDb.db, 'cy@example.com', 'bo');
});
afterAll(() => testDb.close());

describe(`prepared queries (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("answers each call with that call's arguments", async () => {
    expect(await userByEmail.first(testDb.db, organizationId, 'ada@example.com')).toEqual({ email: 'ada@example.com', first_name: 'ada' });
    expect(await userByEmail.first(testDb.db, organizationId, 'bo@example.com')).toEqual({ email: 'bo@example.com', first_name: 'bo' });
    expect(await userByEmail.first(testDb.db, 'another-organization', 'bo@example.com')).toBeUndefined();
    expect(await usersNamed.all(testDb.db, 'bo', 10)).toEqual([{ email: 'bo@example.com' }, { email: 'cy@example.com' }]);
    expect(await usersNamed.all(testDb.db, 'bo', 1)).toEqual([{ email: 'bo@example.com' }]);
  });

  it('binds null as SQL NULL, which equals nothing', async () => {
    await addUser(testDb.db, 'nameless@example.com', null);
    expect(await usersNamed.all(testDb.db, null, 10)).toEqual([]);
  });

  it('runs inside a transaction, where it sees what the transaction wrote', async () => {
    await testDb.db.transaction().execute(async (trx) => {
      await addUser(trx, 'dee@example.com', 'dee');
      expect(await userByEmail.first(trx, organizationId, 'dee@example.com')).toEqual({ email: 'dee@example.com', first_name: 'dee' });
    });
  });

  it('keeps one query per shape: an `in` list of each length answers its own values', async () => {
    expect(await among(testDb.db, 'ada@example.com')).toEqual([{ email: 'ada@example.com' }]);
    expect(await among(testDb.db, 'bo@example.com')).toEqual([{ email: 'bo@example.com' }]);
    expect(await among(testDb.db, 'cy@example.com', 'ada@example.com')).toEqual([{ email: 'ada@example.com' }, { email: 'cy@example.com' }]);
    expect(await among(testDb.db, 'bo@example.com', 'nobody@example.com', 'cy@example.com')).toEqual([{ email: 'bo@example.com' }, { email: 'cy@example.com' }]);
    expect(usersAmong(2)).toBe(usersAmong(2));
  });
});
