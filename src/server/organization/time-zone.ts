import { z } from 'zod';
import { warnStored } from '../stored/stored.ts';

/** Whether Intl knows the zone: `new Intl.DateTimeFormat('en', { timeZone })` throws RangeError otherwise. */
function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An organization's time zone, as written (the seed, operators) and as read. */
export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, 'Not a time zone Intl knows (e.g. Europe/London).');

const checked = new Map<string, string>();

/**
 * The organization's zone as every day boundary uses it: one Intl cannot read falls back to UTC (logged
 * once per organization), so a bad value never makes a page or a check-in fail.
 */
export function readTimeZone(zone: string, organizationId: string): string {
  let read = checked.get(zone);
  if (read === undefined) {
    read = TimeZoneSchema.safeParse(zone).success ? zone : 'UTC';
    if (checked.size >= 1_000) checked.clear();
    checked.set(zone, read);
  }
  if (read !== zone) warnStored('organization.timeZone', organizationId);
  return read;
}

/** Building a DateTimeFormat costs far more than using one, and every award reckons its days with one; few zones exist. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    if (wallClocks.size >= 100) wallClocks.clear();
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds (the reports' day frames too). */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(wallClock(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']), Number(parts['second']));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO) at which the local day `day` (YYYY-MM-DD) begins in `timeZone`, across DST changes. */
export function dayStartIn(day: string, timeZone: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let start = midnight - offsetAt(midnight, timeZone);
  start = midnight - offsetAt(start, timeZone);
  return new Date(start).toISOString();
}
