import { randomUUID } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { AdminStatusFields, copySlug, offsetOf, pageOf, searchCondition, statusCondition, type StatusColumns } from '../admin/club-content.ts';
import { contentStatus, type ContentListQuery } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations } from '../admin/translations.ts';
import { plainText, SitePathSchema, Slug } from '../stored/fields.ts';
import { ExperienceRowSchema } from './experience.schema.ts';
import type { ExperienceTable } from './experience.table.ts';

// Experiences as the console makes them: texts in both languages, the tiers that unlock one, the places,
// adults only. Every write is checked by ExperienceRowSchema, the schema the supporters' reads use.

const texts = { title: plainText(200), description: z.string().trim().max(5000) };
const fields = {
  slug: Slug,
  ...texts,
  image: SitePathSchema.nullable(),
  tiers: z.array(Slug).max(20).openapi({ description: 'The membership tier slugs that unlock it.', example: ['gold'] }),
  adultsOnly: z.boolean(),
  places: z.number().int().min(0).max(1_000_000),
  position: z.number().int().min(0).max(10_000),
  translations: translationsSchema(texts),
};

export const ExperienceInputSchema = z.object({
  ...fields, description: texts.description.default(''), image: fields.image.default(null), adultsOnly: fields.adultsOnly.default(false),
  position: fields.position.default(0), draft: z.boolean().default(true),
}).strict().openapi('ExperienceInput');
export const ExperienceUpdateSchema = z.object(fields).partial().strict().openapi('ExperienceUpdate');

export const AdminExperienceSchema = z.object({
  id: z.string(), slug: z.string(), title: z.string(), description: z.string(), image: z.string().nullable(), tiers: z.array(z.string()),
  adultsOnly: z.boolean(), places: z.number().int(), placesTaken: z.number().int(), position: z.number().int(),
  translations: z.object({ es: z.object({ title: z.string(), description: z.string() }).partial().optional() }),
  ...AdminStatusFields,
}).openapi('AdminExperience');
export type AdminExperience = z.infer<typeof AdminExperienceSchema>;
type Row = Selectable<ExperienceTable>;
const STATUS: StatusColumns = { draft: 'draft', archivedAt: 'archived_at', startsAt: null, endsAt: null };

function toAdmin(row: Row, now = new Date()): AdminExperience {
  const draft = Number(row.draft) === 1;
  let tiers: string[] = [];
  try {
    tiers = z.array(z.string()).parse(JSON.parse(row.tiers));
  } catch { /* a broken column shows as no tiers; saving writes a good one */ }
  return {
    id: row.id, slug: row.slug, title: row.title, description: row.description, image: row.image, tiers,
    adultsOnly: Number(row.adults_only) === 1, places: Number(row.places), placesTaken: Number(row.places_taken), position: Number(row.position),
    translations: readTranslations(row.translations) as AdminExperience['translations'],
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: null, endsAt: null }, now),
    draft, archivedAt: row.archived_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const rowOf = (db: Db, organizationId: string, id: string) =>
  db.selectFrom('experiences').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();

export async function listAdminExperiences(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  let q = db.selectFrom('experiences').where('organization_id', '=', organizationId);
  if (query.q) q = q.where(searchCondition(['title', 'slug'], query.q));
  if (query.status) q = q.where(statusCondition(STATUS, query.status, now.toISOString()));
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('position').orderBy('slug').orderBy('id').limit(query.limit).offset(offsetOf(query)).execute(),
  ]);
  return pageOf(rows.map((row) => toAdmin(row, now)), Number(n), query);
}

export async function getAdminExperience(db: Db, organizationId: string, id: string) {
  const row = await rowOf(db, organizationId, id);
  return row && toAdmin(row);
}

function checkRow(row: Row): void {
  const parsed = ExperienceRowSchema.safeParse(row);
  if (parsed.success) return;
  const column = String(parsed.error.issues[0]?.path[0] ?? 'id');
  const field = column === 'places_taken' ? 'places' : column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
  throw new ApiError('validation_failed', 'api.fields.invalid', { [field]: column === 'places_taken' ? 'api.club.placesTaken' : 'api.field.invalid' });
}

async function write(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: 'api.club.slugTaken' });
    throw error;
  }
}

export async function insertExperience(trx: Db, organizationId: string, input: z.infer<typeof ExperienceInputSchema>, now = new Date()) {
  const at = now.toISOString();
  const row: Row = {
    id: randomUUID(), organization_id: organizationId, slug: input.slug, title: input.title, description: input.description, image: input.image,
    tiers: JSON.stringify(input.tiers), adults_only: input.adultsOnly ? 1 : 0, places: input.places, places_taken: 0, position: input.position,
    created_at: at, draft: input.draft ? 1 : 0, archived_at: null, translations: writeTranslations(input.translations), updated_at: at,
  };
  checkRow(row);
  await write(() => trx.insertInto('experiences').values(row).execute());
  return toAdmin(row, now);
}

export async function changeExperience(trx: Db, organizationId: string, id: string, input: z.infer<typeof ExperienceUpdateSchema>, now = new Date()) {
  const old = (await rowOf(trx, organizationId, id))!;
  const row: Row = {
    ...old,
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.image !== undefined && { image: input.image }),
    ...(input.tiers !== undefined && { tiers: JSON.stringify(input.tiers) }),
    ...(input.adultsOnly !== undefined && { adults_only: input.adultsOnly ? 1 : 0 }),
    ...(input.places !== undefined && { places: input.places }),
    ...(input.position !== undefined && { position: input.position }),
    ...(input.translations !== undefined && { translations: writeTranslations(input.translations) }),
    updated_at: now.toISOString(),
  };
  checkRow(row);
  // places_taken is never written here: only the supporters' conditional update raises it.
  const { id: _id, organization_id: _org, created_at: _created, places_taken: _taken, ...set } = row;
  await write(() => trx.updateTable('experiences').set(set).where('id', '=', id).whereRef('places_taken', '<=', 'places').execute());
  return toAdmin((await rowOf(trx, organizationId, id))!, now);
}

export async function duplicateExperience(trx: Db, organizationId: string, source: AdminExperience, now = new Date()) {
  const old = (await rowOf(trx, organizationId, source.id))!;
  const slug = await copySlug(old.slug, async (candidate) =>
    !!(await trx.selectFrom('experiences').select('id').where('organization_id', '=', organizationId).where('slug', '=', candidate).executeTakeFirst()), 80);
  const at = now.toISOString();
  const row: Row = { ...old, id: randomUUID(), slug, places_taken: 0, draft: 1, archived_at: null, created_at: at, updated_at: at };
  await trx.insertInto('experiences').values(row).execute();
  return toAdmin(row, now);
}

export async function markExperience(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish', now = new Date()) {
  const old = (await rowOf(trx, organizationId, id))!;
  const set = what === 'archive' ? { archived_at: old.archived_at ?? now.toISOString() } : { draft: 0 };
  const row: Row = { ...old, ...set, updated_at: now.toISOString() };
  await trx.updateTable('experiences').set({ ...set, updated_at: row.updated_at }).where('id', '=', id).execute();
  return toAdmin(row, now);
}
