import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import { clubSnapshot, forgetClub } from './club-snapshot.ts';
import type { OrganizationSettingTable, OrganizationTable, RankTable } from './organization.table.ts';
import { readTimeZone } from './time-zone.ts';

// Every anonymous request looks its key up, and every signed-in page reads the ranks: built and compiled once (../db/prepared.ts).
const organizationByPublicKey = prepared((db, publicKey: string) => db.selectFrom('organizations').selectAll().where('public_key', '=', publicKey));
const settings = prepared((db, organizationId: string) => db.selectFrom('organization_settings')
  .select(['key', 'value']).where('organization_id', '=', organizationId));
const ranks = prepared((db, organizationId: string) => db.selectFrom('ranks')
  .select(['name', 'points_required', 'title', 'perk', 'translations'])
  .where('organization_id', '=', organizationId)
  .orderBy('points_required', 'asc'));

/** Every read of an organization row passes here: a time zone Intl cannot read is read as UTC (./time-zone.ts). */
function withReadableZone<R extends { id: string; time_zone: string } | undefined>(row: R): R {
  return row && { ...row, time_zone: readTimeZone(row.time_zone, row.id) };
}

export async function findOrganizationByPublicKey(db: Db, publicKey: string) {
  return withReadableZone(await organizationByPublicKey.first(db, publicKey));
}

export async function findOrganizationById(db: Db, id: string) {
  return withReadableZone(await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst());
}

/** The club's ranks, lowest first: kept under the club's content version (./club-snapshot.ts), so frozen. */
export function listRanks(db: Db, organizationId: string) {
  return clubSnapshot(organizationId, 'ranks', async () => Object.freeze((await ranks.all(db, organizationId)).map((rank) => Object.freeze(rank))));
}

/** The club's settings by key: kept under the club's content version (./club-snapshot.ts). Not to be changed. */
export function listSettings(db: Db, organizationId: string): Promise<Readonly<Record<string, string>>> {
  return clubSnapshot(organizationId, 'settings', async () => {
    const rows = await settings.all(db, organizationId);
    return Object.freeze(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  });
}

/** Sets one setting, replacing its value when it is set already. */
export async function saveSetting(db: Db, setting: OrganizationSettingTable): Promise<void> {
  await db.insertInto('organization_settings').values(setting)
    .onConflict((oc) => oc.columns(['organization_id', 'key']).doUpdateSet({ value: setting.value })).execute();
  forgetClub(setting.organization_id);
}

/** Removes one setting: its default applies again. */
export async function deleteSetting(db: Db, organizationId: string, key: string): Promise<void> {
  await db.deleteFrom('organization_settings').where('organization_id', '=', organizationId).where('key', '=', key).execute();
  forgetClub(organizationId);
}

/** The console's change of the organization's own name or time zone. */
export async function updateOrganization(db: Db, organizationId: string, set: { name?: string; time_zone?: string }): Promise<void> {
  await db.updateTable('organizations').set(set).where('id', '=', organizationId).execute();
}

// Seeding (./demo.ts): a new organization with its ranks and settings.

export async function hasAnyOrganization(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst());
}

export async function insertOrganization(db: Db, organization: Insertable<OrganizationTable>): Promise<void> {
  await db.insertInto('organizations').values(organization).execute();
}

export async function insertRanks(db: Db, ranks: Array<Insertable<RankTable>>): Promise<void> {
  if (ranks.length > 0) await db.insertInto('ranks').values(ranks).execute();
  for (const organizationId of new Set(ranks.map((rank) => rank.organization_id))) forgetClub(organizationId);
}

/** The club's name and perk of one rank (by its code), in English and the other languages; false when there is no such rank. */
export async function updateRankTexts(db: Db, organizationId: string, name: string, set: { title: string; perk: string; translations: string }): Promise<boolean> {
  const result = await db.updateTable('ranks').set(set).where('organization_id', '=', organizationId).where('name', '=', name).executeTakeFirst();
  forgetClub(organizationId);
  return Number(result.numUpdatedRows) > 0;
}

/** Whether any of the club's ranks has a name of the club's: the demo's later names are added only to a club with none. */
export async function hasRankTitles(db: Db, organizationId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('ranks').select('name').where('organization_id', '=', organizationId).where('title', '!=', '').limit(1).executeTakeFirst());
}

export async function insertSettings(db: Db, settings: OrganizationSettingTable[]): Promise<void> {
  if (settings.length > 0) await db.insertInto('organization_settings').values(settings).execute();
  for (const organizationId of new Set(settings.map((setting) => setting.organization_id))) forgetClub(organizationId);
}

/** Adds the settings an organization does not have yet and keeps every value already set; answers how many it added. */
export async function insertMissingSettings(db: Db, settings: OrganizationSettingTable[]): Promise<number> {
  if (settings.length === 0) return 0;
  const result = await db.insertInto('organization_settings').values(settings)
    .onConflict((oc) => oc.columns(['organization_id', 'key']).doNothing()).executeTakeFirst();
  for (const organizationId of new Set(settings.map((setting) => setting.organization_id))) forgetClub(organizationId);
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
