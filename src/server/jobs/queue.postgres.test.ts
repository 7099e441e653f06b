import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/connection.ts';
import { jobQueueSchema } from '../db/job-queue.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { occurrenceId, type Job } from './job.ts';
import { startJobs, type JobRunner } from './jobs.ts';

// Several processes on one PostgreSQL database: here three job systems in one test process, each over a pool of
// its own (as a process has), sharing the database's queue. A `.postgres.test.ts` file: run only where PostgreSQL
// is given (TEST_DATABASE_URL, vitest.config.ts).
describe('on PostgreSQL, with several processes', () => {
  let testDb: TestDb;
  const pools: Db[] = [];
  beforeAll(async () => { testDb = await createTestDb(); });
  afterAll(async () => {
    for (const pool of pools) await pool.destroy();
    await testDb.close();
  });
  const pool = () => {
    const db = createDatabase(testDb.url, testDb.schema ? { schema: testDb.schema } : {});
    pools.push(db);
    return db;
  };

  it('runs each occurrence of a scheduled job exactly once', async () => {
    const runs: { runner: string; occurrence: string }[] = [];
    let enough!: () => void;
    const fiveRuns = new Promise<void>((resolve) => { enough = resolve; });
    let secondRun!: () => void;
    const twoRuns = new Promise<void>((resolve) => { secondRun = resolve; });
    const job = (runner: string): Job => ({
      name: 'every-second', everyMs: 1_000,
      async run(_db, occurrence) {
        runs.push({ runner, occurrence: occurrence.toISOString() });
        if (runs.length === 2) secondRun();
        if (runs.length === 5) enough();
        return { runner };
      },
    });
    const runners: JobRunner[] = [startJobs(pool(), [job('a')]), startJobs(pool(), [job('b')])];
    try {
      await twoRuns;
      // A process started later, in an occurrence already run (or running), runs it no second time.
      runners.push(startJobs(pool(), [job('c')]));
      await fiveRuns;
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }

    const occurrences = runs.map((r) => r.occurrence);
    expect(new Set(occurrences).size, JSON.stringify(runs)).toBe(runs.length);
    expect(occurrences.every((at) => Date.parse(at) % 1_000 === 0)).toBe(true);

    // The queue holds one job per occurrence, under the id every process computes, each completed once.
    const schema = await jobQueueSchema(testDb.db);
    const { rows } = await sql<{ id: string; state: string; data: { occurrence: string } }>`
      select id, state, data from ${sql.table(`${schema}.job`)} where name = 'every-second'`.execute(testDb.db);
    const done = rows.filter((row) => row.state === 'completed');
    expect(done.map((row) => row.data.occurrence).sort()).toEqual([...occurrences].sort());
    for (const row of done) expect(row.id).toBe(occurrenceId('every-second', new Date(row.data.occurrence)));
    // Nothing ran that the queue does not account for (one may have been sent just before the stop).
    expect(rows.filter((row) => row.state !== 'completed' && row.state !== 'created')).toEqual([]);
  });
});
