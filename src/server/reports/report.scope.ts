import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { dateInTimeZone } from '../users/age.ts';
import type { Audience } from './report.audience.repository.ts';
import { findFirstSignup, listStaffEmails } from './report.repository.ts';

/**
 * What every figure of an organization is counted against: who is left out as staff, the time zone that cuts
 * the days, the club's today, and the first day anyone joined (no day before it has a figure).
 * `fingerprint` names the first two: rollups counted for another staff list or time zone are not read.
 */
export interface ReportScope {
  audience: Audience;
  fingerprint: string;
  organizationId: string;
  timeZone: string;
  today: string;
  firstDay: string | null;
}

export async function scopeOf(db: Db, organizationId: string, now: Date = new Date()): Promise<ReportScope> {
  const { organization, settings } = await loadOrganizationSettings(db, organizationId);
  const timeZone = readTimeZone(organization.time_zone, organizationId);
  const staff = (await listStaffEmails(db, organizationId)).sort();
  const domains = [...settings.internalDomains].sort();
  const fingerprint = createHash('sha256').update(JSON.stringify({ timeZone, staff, domains })).digest('hex').slice(0, 16);
  const first = await findFirstSignup(db, organizationId);
  return {
    audience: { organizationId, internalDomains: settings.internalDomains },
    fingerprint, organizationId, timeZone,
    today: dateInTimeZone(now, timeZone),
    firstDay: first ? dateInTimeZone(new Date(first), timeZone) : null,
  };
}
