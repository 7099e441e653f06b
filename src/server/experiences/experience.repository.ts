import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { assertStorable, keepValid, validOrNone } from '../stored/stored.ts';
import { ExperienceRowSchema } from './experience.schema.ts';
import type { ExperienceRequestTable, ExperienceTable } from './experience.table.ts';

const COLUMNS = [
  'e.id', 'e.slug', 'e.title', 'e.description', 'e.image', 'e.tiers', 'e.adults_only', 'e.places', 'e.places_taken', 'e.position', 'e.translations',
] as const;

/** The organization's experiences in display order, each with this supporter's request (null `userId`: none). */
export async function listExperiences(db: Db, organizationId: string, userId: string | null) {
  // A row that fails ExperienceRowSchema is left out here and in findExperience (as for an unknown id).
  return keepValid('experience', await db.selectFrom('experiences as e')
    .leftJoin('experience_requests as r', (join) => join.onRef('r.experience_id', '=', 'e.id').on('r.user_id', '=', userId))
    .select([...COLUMNS, 'r.created_at as requested_at'])
    .where('e.organization_id', '=', organizationId)
    // Supporters never see a draft or an archived experience (the console's reads are ./experience.admin.ts).
    .where('e.draft', '=', 0).where('e.archived_at', 'is', null)
    .orderBy('e.position').orderBy('e.slug')
    .execute(), ExperienceRowSchema);
}

export type ExperienceRow = Awaited<ReturnType<typeof listExperiences>>[number];

/** One experience by its id or its slug, with this supporter's request. */
export async function findExperience(db: Db, organizationId: string, idOrSlug: string, userId: string | null): Promise<ExperienceRow | undefined> {
  return validOrNone('experience', await db.selectFrom('experiences as e')
    .leftJoin('experience_requests as r', (join) => join.onRef('r.experience_id', '=', 'e.id').on('r.user_id', '=', userId))
    .select([...COLUMNS, 'r.created_at as requested_at'])
    .where('e.organization_id', '=', organizationId)
    .where('e.draft', '=', 0).where('e.archived_at', 'is', null)
    .where((eb) => eb.or([eb('e.id', '=', idOrSlug), eb('e.slug', '=', idOrSlug)]))
    .orderBy('e.id').limit(1)
    .executeTakeFirst(), ExperienceRowSchema);
}

/**
 * Takes one place, only while one is left: a conditional update, so requests at the same moment can
 * never take more places than there are (each waits for the row, then sees the count as it is now).
 * Answers whether a place was taken.
 */
export async function takePlace(db: Db, experienceId: string): Promise<boolean> {
  const result = await db.updateTable('experiences')
    .set((eb) => ({ places_taken: eb('places_taken', '+', 1) }))
    .where('id', '=', experienceId)
    .whereRef('places_taken', '<', 'places')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the request; a second one by the same supporter breaks the unique key (the caller answers it as a repeat). */
export async function insertRequest(db: Db, row: ExperienceRequestTable): Promise<void> {
  await db.insertInto('experience_requests').values(row).execute();
}

/**
 * For operators: the requests of the club's experiences, the newest first, with who asked: a walk down the
 * experience_requests_recent index (migration 034), not a sort of every request.
 */
export function listRequestsForOperator(db: Db, organizationId: string, limit: number) {
  return db.selectFrom('experience_requests as r')
    .innerJoin('experiences as e', 'e.id', 'r.experience_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.status', 'r.created_at', 'e.slug', 'e.title', 'u.email', 'u.first_name', 'u.last_name'])
    .where('e.organization_id', '=', organizationId)
    .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertExperiences(db: Db, rows: Insertable<ExperienceTable>[]): Promise<void> {
  assertStorable('experience', rows, ExperienceRowSchema);
  if (rows.length > 0) await db.insertInto('experiences').values(rows).execute();
}

/** Whether the organization has any experience (the demo's are added to a demo database made before them). */
export async function hasExperiences(db: Db, organizationId: string): Promise<boolean> {
  return !!(await db.selectFrom('experiences').select('id').where('organization_id', '=', organizationId).limit(1).executeTakeFirst());
}
