import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/connection.ts';
import { retentionPurge } from '../privacy/retention.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { runJobsInProcess } from './in-process.ts';
import { occurrenceAt, occurrenceId, type Job } from './job.ts';
import { startJobs } from './jobs.ts';

let testDb: TestDb;
beforeAll(async () => { testDb = await createTestDb(); });
afterAll(() => testDb.close());

/** A promise and the hand that settles it: tests wait on what a job did, never on the clock. */
function signal<T = void>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => { settle = resolve; });
  return { promise, settle };
}

describe('occurrences', () => {
  it('fall on whole multiples of the interval, and their ids are the same in every process', () => {
    expect(occurrenceAt(60_000, Date.parse('2026-03-01T10:04:59.999Z'))).toBe(Date.parse('2026-03-01T10:04:00.000Z'));
    expect(occurrenceAt(3_600_000, Date.parse('2026-03-01T10:04:59.999Z'))).toBe(Date.parse('2026-03-01T10:00:00.000Z'));
    const at = new Date('2026-03-01T10:00:00.000Z');
    expect(occurrenceId('retention-purge', at)).toBe(occurrenceId('retention-purge', new Date(at)));
    expect(occurrenceId('retention-purge', at)).not.toBe(occurrenceId('report-rollups', at));
    expect(occurrenceId('retention-purge', at)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('in one process (SQLite)', () => {
  // The process's clock and timers are faked here: each occurrence comes when the test moves the clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(1_000_010);
  });
  afterEach(() => { vi.useRealTimers(); });

  it('runs each occurrence once, from the one the process starts in; one running, one waiting, the rest dropped', async () => {
    const seen: number[] = [];
    let running = 0;
    let most = 0;
    const gate = signal();
    const job: Job = {
      name: 'count', everyMs: 25,
      async run(_db, occurrence) {
        running += 1;
        most = Math.max(most, running);
        seen.push(occurrence.getTime());
        if (seen.length === 2) await gate.promise;
        running -= 1;
        return undefined;
      },
    };
    const runner = runJobsInProcess(testDb.db, [job]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1_000_000]);
    await vi.advanceTimersByTimeAsync(15);
    expect(seen).toEqual([1_000_000, 1_000_025]);
    // The second is still running through the next two occurrences: the first waits, the other is dropped.
    await vi.advanceTimersByTimeAsync(50);
    expect(seen).toHaveLength(2);
    gate.settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1_000_000, 1_000_025, 1_000_050]);
    await vi.advanceTimersByTimeAsync(25);
    expect(seen).toEqual([1_000_000, 1_000_025, 1_000_050, 1_000_100]);
    expect(most).toBe(1);
    await runner.stop();
  });

  it('stops scheduling at stop, and waits for the occurrence in progress', async () => {
    const release = signal();
    let finished = 0;
    let runs = 0;
    const job: Job = {
      name: 'slow', everyMs: 10,
      async run() {
        runs += 1;
        await release.promise;
        finished += 1;
        return undefined;
      },
    };
    const runner = runJobsInProcess(testDb.db, [job]);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => { stopped = true; });
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    release.settle();
    await stopping;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });

  it('goes on after an occurrence fails', async () => {
    let runs = 0;
    const job: Job = {
      name: 'flaky', everyMs: 10,
      async run() {
        runs += 1;
        if (runs === 1) throw new Error('the first one fails');
        return undefined;
      },
    };
    const runner = runJobsInProcess(testDb.db, [job]);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(2);
    await runner.stop();
  });
});

describe('the server\'s scheduled purge, through startJobs (the queue on PostgreSQL, this process on SQLite)', () => {
  it('deletes what has outlived its retention on its schedule', async () => {
    const db: Db = testDb.db;
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await db.insertInto('rate_limit_hits').values({ key: 'jobs-test', window_start: old, count: 1 }).execute();
    const runner = startJobs(db, [retentionPurge(1_000)]);
    try {
      const left = () => db.selectFrom('rate_limit_hits').select('key').where('key', '=', 'jobs-test').execute();
      await expect.poll(async () => (await left()).length, { timeout: 15_000, interval: 100 }).toBe(0);
    } finally {
      await runner.stop();
    }
  });
});
