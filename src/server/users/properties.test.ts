import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as keepPropertyKeys } from '../db/migrations/022_properties_keys.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { parseProperties } from './properties.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`properties' fixed keys (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('reads only the known keys, and text that is not a JSON object as none', () => {
    expect(parseProperties('{"membership":"gold","notes":"x"}')).toEqual({ membership: 'gold' });
    for (const bad of ['', 'nope', '[]', 'null', '{"membership":42}', '{"membership":"<b>"}']) expect(parseProperties(bad), bad).toEqual({});
  });

  it('migration 022 drops the keys an older PATCH let accumulate, keeping the membership', async () => {
    await signIn(t, 'hoarder-old@example.com');
    await signIn(t, 'plain-old@example.com');
    const db = t.testDb.db;
    const big = JSON.stringify({ membership: 'supporter', notes: 'x'.repeat(100_000) });
    await db.updateTable('users').set({ properties: big }).where('email', '=', 'hoarder-old@example.com').execute();
    await db.updateTable('users').set({ properties: '{"membership": 7, "a": 1}' }).where('email', '=', 'plain-old@example.com').execute();
    await keepPropertyKeys(db);
    const rows = await db.selectFrom('users').select(['email', 'properties']).where('email', 'like', '%-old@example.com').orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'hoarder-old@example.com', properties: '{"membership":"supporter"}' },
      { email: 'plain-old@example.com', properties: '{}' },
    ]);
  });
});
