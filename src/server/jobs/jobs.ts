import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/connection.ts';
import { runJobsInProcess, type JobRunner } from './in-process.ts';
import type { Job } from './job.ts';
import { runJobsOnQueue } from './queue.ts';

export type { JobRunner };

/**
 * Runs `jobs` on their schedules until `stop`: on PostgreSQL through the shared queue, each occurrence in
 * exactly one process; on SQLite (one process) in this one.
 */
export function startJobs(db: Db, jobs: readonly Job[]): JobRunner {
  return isPostgres(db) ? runJobsOnQueue(db, jobs) : runJobsInProcess(db, jobs);
}
