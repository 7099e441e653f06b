import type { Db } from '../db/connection.ts';
import { n } from './report.audience.repository.ts';

// The rollups' SQL (migration 030): closed days' figures and things' snapshots, each read and written for one
// audience fingerprint (./report.scope.ts).

export interface FigureRow { figure: string; key: string; value: number }
export interface DayRow extends FigureRow { day: string }
export interface ThingRow extends FigureRow { thing: string }

interface Of { organizationId: string; fingerprint: string }

/** The rows of `figures` (and the days' `rolled` marks) for days `first`..`last`. */
export async function listDayRows(db: Db, of: Of, figures: readonly string[], first: string, last: string): Promise<DayRow[]> {
  const rows = await db.selectFrom('report_days').select(['figure', 'day', 'key', 'value'])
    .where('organization_id', '=', of.organizationId).where('audience', '=', of.fingerprint)
    .where('figure', 'in', [...figures, 'rolled']).where('day', '>=', first).where('day', '<=', last)
    .execute();
  return rows.map((r) => ({ ...r, value: n(r.value) }));
}

/**
 * Writes a closed day's figures and its `rolled` mark together, and drops its hours; a day written twice (two
 * processes) is written alike.
 */
export async function saveDay(db: Db, of: Of, day: string, rows: readonly FigureRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of [...rows, { figure: 'rolled', key: '', value: 1 }]) {
      await trx.insertInto('report_days')
        .values({ organization_id: of.organizationId, audience: of.fingerprint, figure: row.figure, day, key: row.key, value: row.value })
        .onConflict((oc) => oc.columns(['organization_id', 'audience', 'figure', 'day', 'key']).doUpdateSet({ value: row.value }))
        .execute();
    }
    await trx.deleteFrom('report_hours').where('organization_id', '=', of.organizationId).where('day', '=', day).execute();
  });
}

/** A closed hour of a day not closed yet: its figures and its `rolled` mark together. */
export async function saveHour(db: Db, of: Of, day: string, hour: number, rows: readonly FigureRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of [...rows, { figure: 'rolled', key: '', value: 1 }]) {
      await trx.insertInto('report_hours')
        .values({ organization_id: of.organizationId, audience: of.fingerprint, figure: row.figure, day, hour, key: row.key, value: row.value })
        .onConflict((oc) => oc.columns(['organization_id', 'audience', 'day', 'hour', 'figure', 'key']).doUpdateSet({ value: row.value }))
        .execute();
    }
  });
}

/** The kept hours of `days` (days not closed yet): every figure, and the `rolled` marks. */
export async function listHourRows(db: Db, of: Of, days: readonly string[]) {
  if (!days.length) return [];
  const rows = await db.selectFrom('report_hours').select(['figure', 'day', 'hour', 'key', 'value'])
    .where('organization_id', '=', of.organizationId).where('audience', '=', of.fingerprint).where('day', 'in', [...days])
    .execute();
  return rows.map((r) => ({ ...r, hour: Number(r.hour), value: n(r.value) }));
}

export async function listRolledDays(db: Db, of: Of, first: string, last: string): Promise<Set<string>> {
  const rows = await db.selectFrom('report_days').select('day')
    .where('organization_id', '=', of.organizationId).where('audience', '=', of.fingerprint)
    .where('figure', '=', 'rolled').where('day', '>=', first).where('day', '<=', last)
    .execute();
  return new Set(rows.map((r) => r.day));
}

export async function listSnapshots(db: Db, of: Of, things: readonly string[]) {
  if (!things.length) return [];
  return db.selectFrom('report_snapshots').select(['thing', 'taken_at', 'final'])
    .where('organization_id', '=', of.organizationId).where('audience', '=', of.fingerprint).where('thing', 'in', [...things])
    .execute();
}

export async function listThingRows(db: Db, of: Of, things: readonly string[]): Promise<ThingRow[]> {
  if (!things.length) return [];
  const rows = await db.selectFrom('report_things').select(['thing', 'figure', 'key', 'value'])
    .where('organization_id', '=', of.organizationId).where('audience', '=', of.fingerprint).where('thing', 'in', [...things])
    .execute();
  return rows.map((r) => ({ ...r, value: n(r.value) }));
}

/** Replaces a thing's figures with `rows`, taken at `takenAt`. */
export async function saveSnapshot(db: Db, of: Of, thing: string, rows: readonly FigureRow[], takenAt: string, final: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = { organization_id: of.organizationId, audience: of.fingerprint, thing };
    await trx.deleteFrom('report_things').where('organization_id', '=', at.organization_id).where('audience', '=', at.audience).where('thing', '=', thing).execute();
    if (rows.length) await trx.insertInto('report_things').values(rows.map((r) => ({ ...at, figure: r.figure, key: r.key, value: r.value }))).execute();
    await trx.insertInto('report_snapshots').values({ ...at, taken_at: takenAt, final: final ? 1 : 0 })
      .onConflict((oc) => oc.columns(['organization_id', 'audience', 'thing']).doUpdateSet({ taken_at: takenAt, final: final ? 1 : 0 }))
      .execute();
  });
}

/** Challenges and sweepstakes begun by `now`, with when they end (null: never). */
export async function listThingsBegun(db: Db, organizationId: string, now: string) {
  const challenges = await db.selectFrom('challenges').select(['id', 'expires_on as endsAt'])
    .where('organization_id', '=', organizationId).where('draft', '=', 0).where('visible_from', '<=', now).execute();
  const sweepstakes = await db.selectFrom('sweepstakes').select(['id', 'ends_at as endsAt'])
    .where('organization_id', '=', organizationId).where('draft', '=', 0).where('starts_at', '<=', now).execute();
  return { challenges, sweepstakes };
}

export async function listAllSnapshots(db: Db, of: Of) {
  return db.selectFrom('report_snapshots').select(['thing', 'taken_at', 'final'])
    .where('organization_id', '=', of.organizationId).where('audience', '=', of.fingerprint).execute();
}

/** Forgets the rollups counted for another staff list or time zone. */
export async function deleteOtherAudiences(db: Db, of: Of): Promise<void> {
  for (const table of ['report_days', 'report_hours', 'report_things', 'report_snapshots'] as const) {
    await db.deleteFrom(table).where('organization_id', '=', of.organizationId).where('audience', '<>', of.fingerprint).execute();
  }
}

export async function listOrganizationIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('organizations').select('id').execute()).map((r) => r.id);
}
