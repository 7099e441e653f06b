import type { Db } from '../db/connection.ts';
import { occurrenceAt, runOccurrence, STOP_WAIT_MS, type Job } from './job.ts';

// SQLite: one process by design (the database is its file), so its own timers are the schedule. The same
// rule as the queue's on PostgreSQL: per job one occurrence running and at most one waiting behind it; an
// occurrence that comes while one is already waiting is dropped (the next run does what is due).

export interface JobRunner {
  /** Stops scheduling, waits (at most STOP_WAIT_MS) for a job in progress. */
  stop(): Promise<void>;
}

export function runJobsInProcess(db: Db, jobs: readonly Job[]): JobRunner {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let last = -Infinity;
    let busy = false;
    let waiting: number | undefined;
    const start = (at: number) => {
      busy = true;
      const run: Promise<void> = runOccurrence(db, job, new Date(at)).catch(() => undefined).finally(() => {
        running.delete(run);
        busy = false;
        const next = waiting;
        waiting = undefined;
        if (next !== undefined && !stopped) start(next);
      });
      running.add(run);
    };
    const tick = () => {
      if (stopped) return;
      const at = occurrenceAt(job.everyMs, Date.now());
      // A timer may fire a hair early: the occurrence it was set for is then still the last one.
      if (at > last) {
        last = at;
        if (!busy) start(at);
        else waiting ??= at;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, at + job.everyMs - Date.now());
      timer.unref();
      timers.add(timer);
    };
    tick();
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => { timeout = setTimeout(resolve, STOP_WAIT_MS); }),
      ]);
      clearTimeout(timeout);
    },
  };
}
