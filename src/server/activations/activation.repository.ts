import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { assertStorable, keepValid, validOrNone } from '../stored/stored.ts';
import { ActivationRowSchema } from './activation.schema.ts';
import type { ActivationTable, BadgeEarnedTable } from './activation.table.ts';

const COLUMNS = [
  'a.id', 'a.slug', 'a.title', 'a.description', 'a.badge_name', 'a.badge_image', 'a.points', 'a.starts_at', 'a.stops_at', 'a.translations',
] as const;

/**
 * The organization's activations in the order of their windows, each with when this supporter earned its
 * badge (null: not earned, or an anonymous caller, whose null `userId` matches no row).
 */
export async function listActivations(db: Db, organizationId: string, userId: string | null) {
  // A row that fails ActivationRowSchema is left out here and in findActivation (as for an unknown id).
  return keepValid('activation', await db.selectFrom('activations as a')
    .leftJoin('badges_earned as b', (join) => join.onRef('b.activation_id', '=', 'a.id').on('b.user_id', '=', userId))
    .select([...COLUMNS, 'b.earned_at'])
    .where('a.organization_id', '=', organizationId)
    // Supporters never see a draft or an archived activation (the console's own reads are ./activation.admin.ts).
    .where('a.draft', '=', 0).where('a.archived_at', 'is', null)
    .orderBy('a.starts_at').orderBy('a.slug')
    .execute(), ActivationRowSchema);
}

export type ActivationRow = Awaited<ReturnType<typeof listActivations>>[number];

/** One activation by its id or its slug, with this supporter's badge. */
export async function findActivation(db: Db, organizationId: string, idOrSlug: string, userId: string | null): Promise<ActivationRow | undefined> {
  return validOrNone('activation', await db.selectFrom('activations as a')
    .leftJoin('badges_earned as b', (join) => join.onRef('b.activation_id', '=', 'a.id').on('b.user_id', '=', userId))
    .select([...COLUMNS, 'b.earned_at'])
    .where('a.organization_id', '=', organizationId)
    .where('a.draft', '=', 0).where('a.archived_at', 'is', null)
    .where((eb) => eb.or([eb('a.id', '=', idOrSlug), eb('a.slug', '=', idOrSlug)]))
    .orderBy('a.id').limit(1)
    .executeTakeFirst(), ActivationRowSchema);
}

/** For operators (no organization in hand): an activation by its id or slug, the oldest first when clubs share a slug. */
export function findActivationForOperator(db: Db, idOrSlug: string) {
  return db.selectFrom('activations').select(['id', 'slug', 'title'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .orderBy('created_at').orderBy('id').limit(1)
    .executeTakeFirst();
}

/** Records the badge; answers false when the supporter already had it (a repeat changes nothing). */
export async function insertBadge(db: Db, row: BadgeEarnedTable): Promise<boolean> {
  const inserted = await db.insertInto('badges_earned').values(row)
    .onConflict((oc) => oc.columns(['user_id', 'activation_id']).doNothing())
    .returning('earned_at')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The supporter's badges, the newest first. */
export function listBadges(db: Db, userId: string) {
  return db.selectFrom('badges_earned as b')
    .innerJoin('activations as a', 'a.id', 'b.activation_id')
    .select(['a.id', 'a.slug', 'a.title', 'a.badge_name', 'a.badge_image', 'b.earned_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.earned_at', 'desc').orderBy('a.slug')
    .execute();
}

export async function insertActivations(db: Db, rows: Insertable<ActivationTable>[]): Promise<void> {
  assertStorable('activation', rows, ActivationRowSchema);
  if (rows.length > 0) await db.insertInto('activations').values(rows).execute();
}

/** Whether the organization has any activation (the demo's are added to a demo database made before them). */
export async function hasActivations(db: Db, organizationId: string): Promise<boolean> {
  return !!(await db.selectFrom('activations').select('id').where('organization_id', '=', organizationId).limit(1).executeTakeFirst());
}
