import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/connection.ts';
import { jobQueueDatabase, jobQueueSchema } from '../db/job-queue.ts';
import { log } from '../log.ts';
import type { JobRunner } from './in-process.ts';
import { occurrenceAt, occurrenceId, runOccurrence, STOP_WAIT_MS, type Job } from './job.ts';

// PostgreSQL: several processes share the database, and each occurrence of a job runs in exactly one of them.
// pg-boss keeps the queue in its own schema (src/server/db/job-queue.ts) over the process's own pg pool (no second
// pool, no connection held for LISTEN: it polls). Every process, at each occurrence, sends that occurrence under
// an id made from the job's name and the occurrence's moment (job.ts, occurrenceId): the first send adds the job,
// the others find its id taken and add nothing, and one worker takes it (FOR UPDATE SKIP LOCKED). pg-boss's own
// cron is not used: it files occurrences in one-minute slots, and tests need a job every second.
// Each job's queue is `stately`: one occurrence running and at most one waiting, as on SQLite (./in-process.ts).

/** Polls often enough for a job to start soon after its moment, without a query a second on an hourly job. */
const pollSeconds = (job: Job) => Math.min(10, Math.max(0.5, job.everyMs / 6_000));
/** A finished occurrence's row (and so its id) is kept a day: far longer than any process sends it. */
const KEEP_DONE_SECONDS = 86_400;

interface OccurrenceData { occurrence: string }

export function runJobsOnQueue(db: Db, jobs: readonly Job[]): JobRunner {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let boss: PgBoss | undefined;

  const send = (job: Job, at: number) => {
    const occurrence = new Date(at);
    return boss!.send(job.name, { occurrence: occurrence.toISOString() } satisfies OccurrenceData, { id: occurrenceId(job.name, occurrence) })
      .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'job occurrence not sent'));
  };
  const schedule = (job: Job) => {
    if (stopped) return;
    const at = occurrenceAt(job.everyMs, Date.now());
    void send(job, at);
    const timer = setTimeout(() => {
      timers.delete(timer);
      schedule(job);
    }, at + job.everyMs - Date.now());
    timer.unref();
    timers.add(timer);
  };

  const started = (async () => {
    const { PgBoss: Boss } = await import('pg-boss');
    const instance = new Boss({
      db: jobQueueDatabase(db), schema: await jobQueueSchema(db),
      // Its cron (not used) and the clock-skew check that serves it; its spans (a poll's, every few seconds) too.
      schedule: false, openTelemetry: { enabled: false },
    });
    instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
    instance.on('warning', (warning) => log.warn({ warning: warning.message }, 'job queue warning'));
    await instance.start();
    boss = instance;
    for (const job of jobs) {
      // retryLimit 0: a failed occurrence is retried by the next one, which does whatever is due.
      await instance.createQueue(job.name, { policy: 'stately', retryLimit: 0, deleteAfterSeconds: KEEP_DONE_SECONDS });
      await instance.work<OccurrenceData>(job.name, { pollingIntervalSeconds: pollSeconds(job) }, async ([taken]) => {
        await runOccurrence(db, job, new Date(taken!.data.occurrence));
      });
      schedule(job);
    }
    log.info({ jobs: jobs.map((j) => j.name) }, 'job queue started');
  })();
  started.catch((error: unknown) => log.error({ err: error }, 'job queue did not start: scheduled jobs will not run in this process'));

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await started.catch(() => undefined);
      // Graceful: a job in progress may finish; after STOP_WAIT_MS pg-boss marks it failed. The pool is ours.
      await boss?.stop({ graceful: true, timeout: STOP_WAIT_MS, close: false });
    },
  };
}
