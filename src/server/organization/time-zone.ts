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
