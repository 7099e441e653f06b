import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, newUserId, type TestApp } from '../testing/test-app.ts';

// References come from here in order: the second request meets the first's and must draw again.
const drawn = vi.hoisted(() => ['TR-AAAAA', 'TR-AAAAA', 'TR-BBBBB']);
vi.mock('./reference.ts', async (original) => ({
  ...(await original<typeof import('./reference.ts')>()),
  newReference: () => drawn.shift() ?? 'TR-CCCCC',
}));
const { sendSupportRequest } = await import('./support-request.service.ts');
const { newReference, normaliseReference } = await vi.importActual<typeof import('./reference.ts')>('./reference.ts');

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

describe(`support request references (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('are short, without look-alike characters, and read back whatever the case and spaces', () => {
    for (let i = 0; i < 200; i += 1) expect(newReference()).toMatch(/^TR-[23456789ABCDEFGHJKMNPQRSTWXYZ]{5}$/);
    expect(normaliseReference(' tr-7k3p9 ')).toBe('TR-7K3P9');
  });

  it('draw again when one is taken in the club', async () => {
    const userId = await newUserId(t, 'clash');
    const { organization_id: organizationId } = await t.testDb.db.selectFrom('users').select('organization_id').where('id', '=', userId).executeTakeFirstOrThrow();
    const who = { userId, organizationId, locale: 'en' };
    expect((await sendSupportRequest(t.testDb.db, who, { topic: 'other', message: 'one' })).reference).toBe('TR-AAAAA');
    expect((await sendSupportRequest(t.testDb.db, who, { topic: 'other', message: 'two' })).reference).toBe('TR-BBBBB');
  });
});
