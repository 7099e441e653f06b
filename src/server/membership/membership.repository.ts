import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { MembershipTierTable } from './membership.table.ts';

export function listTiers(db: Db, organizationId: string) {
  return db.selectFrom('membership_tiers').selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('position', 'asc').orderBy('slug', 'asc')
    .execute();
}

export function findTierBySlug(db: Db, organizationId: string, slug: string) {
  return db.selectFrom('membership_tiers').selectAll()
    .where('organization_id', '=', organizationId).where('slug', '=', slug)
    .executeTakeFirst();
}

export async function insertTiers(db: Db, tiers: Insertable<MembershipTierTable>[]) {
  if (tiers.length > 0) await db.insertInto('membership_tiers').values(tiers).execute();
}

/** Records a pending request; a second one for the same user and tier is ignored (unique while pending). */
export async function insertPendingUpgradeRequest(
  db: Db,
  request: { id: string; organization_id: string; user_id: string; tier_id: string; now: string },
) {
  await db.insertInto('membership_upgrade_requests').values({
    id: request.id, organization_id: request.organization_id, user_id: request.user_id, tier_id: request.tier_id,
    status: 'pending', created_at: request.now, updated_at: request.now,
  }).onConflict((oc) => oc.doNothing()).execute();
}

export function listPendingUpgradeRequests(db: Db, userId: string) {
  return db.selectFrom('membership_upgrade_requests as r')
    .innerJoin('membership_tiers as t', 't.id', 'r.tier_id')
    .select(['t.slug', 't.name', 't.description', 't.perks', 't.price_label', 't.translations', 'r.status', 'r.created_at'])
    .where('r.user_id', '=', userId).where('r.status', '=', 'pending')
    .orderBy('r.created_at', 'asc')
    .execute();
}

/** Writes one tier's texts (checked by TierTextsSchema already): true when the club has the tier. */
export async function updateTierTexts(
  db: Db, organizationId: string, slug: string,
  texts: { name: string; description: string; perks: string; price_label: string; translations: string },
): Promise<boolean> {
  const result = await db.updateTable('membership_tiers').set(texts)
    .where('organization_id', '=', organizationId).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether any of the club's tiers has texts in another language (a database made after migration 038, or an owner wrote some). */
export async function hasTierTranslations(db: Db, organizationId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('membership_tiers').select('slug')
    .where('organization_id', '=', organizationId).where('translations', '!=', '{}').limit(1).executeTakeFirst());
}

/** Writes one tier's texts in other languages. */
export async function setTierTranslations(db: Db, organizationId: string, slug: string, translations: string): Promise<void> {
  await db.updateTable('membership_tiers').set({ translations }).where('organization_id', '=', organizationId).where('slug', '=', slug).execute();
}
