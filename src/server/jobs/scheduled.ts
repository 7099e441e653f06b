import { retentionPurge } from '../privacy/retention.ts';
import { reportRollups } from '../reports/rollup.job.ts';
import type { Job } from './job.ts';

// Every piece of periodic work the server does, in one list (docs/operations.md, "Scheduled jobs"). What is
// not here, and why: winner e-mails go out in the draw's own request (marked sent per winner, retried by
// drawing again); leaderboard periods are keys of the award's moment (src/server/leaderboards), nothing
// rolls over; scheduled content is filtered by its times when read, and kept pages expire at the next
// scheduled change (src/server/content/schedule.repository.ts); page versions rise with writes.

export interface ScheduleSettings {
  /** RETENTION_PURGE_EVERY_SECONDS: hourly unless a test shortens it. */
  purgeEverySeconds?: number | undefined;
}

export function scheduledJobs(settings: ScheduleSettings = {}): Job[] {
  return [
    retentionPurge(settings.purgeEverySeconds ? settings.purgeEverySeconds * 1000 : undefined),
    reportRollups,
  ];
}
