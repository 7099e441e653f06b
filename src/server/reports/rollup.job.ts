import type { Db } from '../db/connection.ts';
import type { Job } from '../jobs/job.ts';
import { countDay } from './report.days.ts';
import { addDays, dayPeriod, hourSlot, hoursIn } from './report.periods.ts';
import { scopeOf, type ReportScope } from './report.scope.ts';
import { countOutstanding, countThings, OUTSTANDING, type ThingKind } from './report.things.ts';
import { dateInTimeZone } from '../users/age.ts';
import { deleteOtherAudiences, listAllSnapshots, listHourRows, listOrganizationIds, listRolledDays, listThingsBegun, saveDay, saveHour, saveSnapshot } from './rollup.repository.ts';

// The reports' job (docs/performance.md, "The club's numbers"): a report at a club's size cannot read millions of
// rows in 500 ms, so this keeps what it would read. Not in the award's transaction: a counter per day and kind
// would be one row every check-in of the day queues on, the award would need the club's time zone and staff
// list, and distinct supporters per week cannot be kept by adding one. It runs once per minute across the club's
// processes (src/server/jobs); every step is idempotent all the same, and a failed run is made again next time.

/** How often the job runs. */
export const ROLL_EVERY_MS = 60_000;
/** A day (or an hour) is closed this long after it ended: no write of it is still open. */
export const CLOSED_AFTER_MS = 10 * 60_000;
/** A running challenge's or sweepstake's figures are taken again once this old. */
export const SNAPSHOT_AGE_MS = 5 * 60_000;
/** Days one run counts at most, newest first, so one run stays short; the next run goes on. */
const DAYS_A_RUN = 31;

interface Done { days: number; hours: number; snapshots: number }

async function snapshotThings(db: Db, scope: ReportScope, now: Date): Promise<number> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - SNAPSHOT_AGE_MS).toISOString();
  const taken = new Map((await listAllSnapshots(db, scope)).map((s) => [s.thing, s]));
  const begun = await listThingsBegun(db, scope.organizationId, at);
  let done = 0;
  for (const [kind, things] of [['challenge', begun.challenges], ['sweepstake', begun.sweepstakes]] as const) {
    const due = things.filter((t) => { const s = taken.get(t.id); return !s || (!s.final && s.taken_at < staleBefore); });
    for (const thing of due) {
      const rows = await countThings(db, scope, kind as ThingKind, [thing.id]);
      // Ended (an hour ago: an answer sent at the end is in) means no vote, pick or entry can change any more.
      const final = thing.endsAt !== null && Date.parse(thing.endsAt) + 60 * 60_000 < now.getTime();
      await saveSnapshot(db, scope, thing.id, rows, at, final);
      done += 1;
    }
  }
  // What the club owes, as often as a running thing's figures: no closed day holds it.
  const owed = taken.get(OUTSTANDING);
  if (!owed || owed.taken_at < staleBefore) {
    await saveSnapshot(db, scope, OUTSTANDING, await countOutstanding(db, scope), at, false);
    done += 1;
  }
  return done;
}

async function rollDays(db: Db, scope: ReportScope, now: Date): Promise<number> {
  if (!scope.firstDay) return 0;
  const lastClosed = addDays(dateInTimeZone(new Date(now.getTime() - CLOSED_AFTER_MS), scope.timeZone), -1);
  if (lastClosed < scope.firstDay) return 0;
  const rolled = await listRolledDays(db, scope, scope.firstDay, lastClosed);
  let done = 0;
  for (let day = lastClosed; day >= scope.firstDay && done < DAYS_A_RUN; day = addDays(day, -1)) {
    if (rolled.has(day)) continue;
    await saveDay(db, scope, day, await countDay(db, scope, day));
    done += 1;
  }
  return done;
}

/** The closed hours of the days not closed yet (yesterday for ten minutes, and today), in order from midnight. */
async function rollHours(db: Db, scope: ReportScope, now: Date): Promise<number> {
  if (!scope.firstDay) return 0;
  const closedBefore = now.getTime() - CLOSED_AFTER_MS;
  const firstOpen = dateInTimeZone(new Date(closedBefore), scope.timeZone);
  let done = 0;
  for (let day = firstOpen < scope.firstDay ? scope.firstDay : firstOpen; day <= scope.today; day = addDays(day, 1)) {
    const period = dayPeriod(day, scope.timeZone);
    const kept = new Set((await listHourRows(db, scope, [day])).filter((h) => h.figure === 'rolled').map((h) => h.hour));
    for (let hour = 0; hour < hoursIn(period) && Date.parse(hourSlot(period, hour, hour + 1).end) <= closedBefore; hour += 1) {
      if (kept.has(hour)) continue;
      await saveHour(db, scope, day, hour, await countDay(db, scope, day, undefined, (p) => hourSlot(p, hour, hour + 1)));
      done += 1;
    }
  }
  return done;
}

/** One run over every organization (or one): forget stale audiences, take due snapshots, close hours and days. */
export async function rollReports(db: Db, { now = new Date(), organizationId }: { now?: Date; organizationId?: string } = {}): Promise<Done> {
  const done: Done = { days: 0, hours: 0, snapshots: 0 };
  for (const id of organizationId ? [organizationId] : await listOrganizationIds(db)) {
    const scope = await scopeOf(db, id, now);
    await deleteOtherAudiences(db, scope);
    done.snapshots += await snapshotThings(db, scope, now);
    done.hours += await rollHours(db, scope, now);
    done.days += await rollDays(db, scope, now);
  }
  return done;
}

/** The rollups as a scheduled job (src/server/jobs): each minute, once across the club's processes; logged when it did something. */
export const reportRollups: Job = {
  name: 'report-rollups',
  everyMs: ROLL_EVERY_MS,
  async run(db) {
    const done = await rollReports(db);
    return done.days || done.hours || done.snapshots ? done : undefined;
  },
};
