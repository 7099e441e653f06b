import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStore } from '../media/media.store.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { newSweepstake } from '../testing/sweepstakes.ts';
import { findSweepstakeRowById } from './sweepstake.repository.ts';
import { ensureRulesPdf } from './sweepstake.rules.ts';

// A sweepstake's page links its rules PDF, made once and stored: a view asks the store whether it is still there
// (a HEAD request with a bucket) once in ten minutes, not on every view, and makes it again when the store lost it.
// (A download that finds it gone makes the next view look at once: media.serve.test.ts.)

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/** The test's real media store, with its look-ups counted. */
function counted(media: MediaStore): { store: MediaStore; lookUps: () => number } {
  let lookUps = 0;
  const store: MediaStore = {
    where: media.where,
    size: (name) => { lookUps += 1; return media.size(name); },
    read: (name, range) => media.read(name, range),
    write: (name, bytes) => media.write(name, bytes),
    writeFile: (name, path) => media.writeFile(name, path),
    remove: (name) => media.remove(name),
  };
  return { store, lookUps: () => lookUps };
}

describe(`a sweepstake's rules PDF (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('is looked up in the store once in ten minutes, and made again after the store lost it', async () => {
    const { id } = await newSweepstake(t);
    const row = async () => (await findSweepstakeRowById(t.testDb.db, id))!;
    const { store, lookUps } = counted(t.media);
    const start = Date.now();
    const name = await ensureRulesPdf(t.testDb.db, store, await row(), 'en', 'http://terrace.test', start);
    expect(await t.media.size(name)).toBeGreaterThan(1000);
    const afterMaking = lookUps();

    // A thousand views within the ten minutes: no look-up.
    for (let i = 0; i < 1000; i++) expect(await ensureRulesPdf(t.testDb.db, store, await row(), 'en', 'http://terrace.test', start + i * 500)).toBe(name);
    expect(lookUps()).toBe(afterMaking);

    // The store lost it; ten minutes on, the next view looks, finds nothing, and makes it again under the same name.
    await t.media.remove(name);
    const later = Date.now() + 10 * 60_000 + 1;
    expect(await ensureRulesPdf(t.testDb.db, store, await row(), 'en', 'http://terrace.test', later)).toBe(name);
    expect(lookUps()).toBeGreaterThan(afterMaking);
    expect(await t.media.size(name)).toBeGreaterThan(1000);
  });
});
