import { randomUUID } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { AdminStatusFields, copySlug, pageOf, SitePathInput } from '../admin/club-content.ts';
import { clubSlugTaken, findClubRow, insertClubRow, listClubRows, updateClubRow, type ListShape, type StatusColumns } from '../admin/club-content.repository.ts';
import { contentStatus, type ContentListQuery } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations, type Translations } from '../admin/translations.ts';
import { plainText, Slug } from '../stored/fields.ts';
import { ExperienceRowSchema } from './experience.schema.ts';
import type { ExperienceTable } from './experience.table.ts';

// Experiences as the console makes them: texts in both languages, the tiers that unlock one, the places,
// adults only. Every write is checked by ExperienceRowSchema, the schema the supporters' reads use.

const texts = { title: plainText(200), description: z.string().trim().max(5000) };
const fields = {
  slug: Slug,
  ...texts,
  image: SitePathInput.nullable(),
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

const rowOf = (db: Db, organizationId: string, id: string) => findClubRow<Row>(db, 'experiences', organizationId, id);
const LIST: ListShape = { status: STATUS, search: ['title', 'slug'], order: [['position', 'asc'], ['slug', 'asc']] };

export async function listAdminExperiences(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { rows, total } = await listClubRows<Row>(db, 'experiences', organizationId, query, LIST, now);
  return pageOf(rows.map((row) => toAdmin(row, now)), total, query);
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
    created_at: at, draft: input.draft ? 1 : 0, archived_at: null, translations: writeTranslations(input.translations as Translations), updated_at: at,
  };
  checkRow(row);
  await write(() => insertClubRow(trx, 'experiences', row));
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
    ...(input.translations !== undefined && { translations: writeTranslations(input.translations as Translations) }),
    updated_at: now.toISOString(),
  };
  checkRow(row);
  // places_taken is never written here: only the supporters' conditional update raises it.
  const { id: _id, organization_id: _org, created_at: _created, places_taken: _taken, ...set } = row;
  await write(() => updateClubRow(trx, 'experiences', organizationId, id, set));
  const after = (await rowOf(trx, organizationId, id))!;
  // A place taken meanwhile counts: never fewer places than supporters hold (the transaction is undone).
  if (Number(after.places_taken) > Number(after.places)) throw new ApiError('validation_failed', 'api.fields.invalid', { places: 'api.club.placesTaken' });
  return toAdmin(after, now);
}

export async function duplicateExperience(trx: Db, organizationId: string, source: AdminExperience, now = new Date()) {
  const old = (await rowOf(trx, organizationId, source.id))!;
  const slug = await copySlug(old.slug, (candidate) => clubSlugTaken(trx, 'experiences', organizationId, candidate), 80);
  const at = now.toISOString();
  const row: Row = { ...old, id: randomUUID(), slug, places_taken: 0, draft: 1, archived_at: null, created_at: at, updated_at: at };
  await insertClubRow(trx, 'experiences', row);
  return toAdmin(row, now);
}

export async function markExperience(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish', now = new Date()) {
  const old = (await rowOf(trx, organizationId, id))!;
  const set = what === 'archive' ? { archived_at: old.archived_at ?? now.toISOString() } : { draft: 0 };
  const row: Row = { ...old, ...set, updated_at: now.toISOString() };
  await updateClubRow(trx, 'experiences', organizationId, id, { ...set, updated_at: row.updated_at });
  return toAdmin(row, now);
}
