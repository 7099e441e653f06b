import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { log } from '../log.ts';

/**
 * Work the club's servers share (a purge, the reports' rollups), declared once and run by src/server/jobs:
 * on PostgreSQL exactly one process runs each occurrence (./queue.ts), on SQLite the one process does (./in-process.ts).
 */
export interface Job {
  /** Its queue's name: lower-case letters, digits and dashes. */
  name: string;
  /**
   * Occurrences fall on whole multiples of this since the Unix epoch (UTC): every process reckons the same
   * ones whenever it started (an hour's job runs at the top of each hour).
   */
  everyMs: number;
  /**
   * One occurrence's work, reckoned from the clock when it runs (an occurrence that waited runs late); what it
   * answers goes in the log line ('job ran'), nothing: no line at info.
   */
  run(db: Db, occurrence: Date): Promise<object | undefined>;
}

/** The start of the occurrence `now` falls in (epoch milliseconds). */
export function occurrenceAt(everyMs: number, now: number): number {
  return Math.floor(now / everyMs) * everyMs;
}

/**
 * The occurrence's job id on the queue: the same in every process, so the second process to send an
 * occurrence finds it there (a primary key) and adds nothing.
 */
export function occurrenceId(name: string, occurrence: Date): string {
  const hex = createHash('sha256').update(`${name}@${occurrence.toISOString()}`).digest('hex');
  // Shaped as a UUID (version 8: "custom") because that is the queue's id column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Runs one occurrence and says so in the log; a failure is logged and rethrown (the queue marks it failed). */
export async function runOccurrence(db: Db, job: Job, occurrence: Date): Promise<void> {
  const started = performance.now();
  const at = occurrence.toISOString();
  try {
    const result = await job.run(db, occurrence);
    const durationMs = Math.round(performance.now() - started);
    if (result) log.info({ job: job.name, occurrence: at, durationMs, result }, 'job ran');
    else log.debug({ job: job.name, occurrence: at, durationMs }, 'job ran');
  } catch (error) {
    // The next occurrence is the retry: every job is idempotent and does what is due when it runs.
    log.error({ err: error, job: job.name, occurrence: at }, 'job failed');
    throw error;
  }
}

/** How long a stopping server waits for a job in progress before closing the database under it. */
export const STOP_WAIT_MS = 5_000;
