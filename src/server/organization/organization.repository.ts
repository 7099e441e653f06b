import type { Db } from '../db/connection.ts';

export function findOrganizationByPublicKey(db: Db, publicKey: string) {
  return db.selectFrom('organizations').selectAll().where('public_key', '=', publicKey).executeTakeFirst();
}

export function findOrganizationById(db: Db, id: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listRanks(db: Db, organizationId: string) {
  return db.selectFrom('ranks')
    .select(['name', 'points_required'])
    .where('organization_id', '=', organizationId)
    .orderBy('points_required', 'asc')
    .execute();
}

export async function listSettings(db: Db, organizationId: string): Promise<Record<string, string>> {
  const rows = await db.selectFrom('organization_settings')
    .select(['key', 'value'])
    .where('organization_id', '=', organizationId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
