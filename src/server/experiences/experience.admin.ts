import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import { ApiError } from '../errors.ts';
import type { AdminKind } from '../admin/club-admin.routes.ts';
import { AdminStatusFields, checkClubRow, SitePathInput } from '../admin/club-content.ts';
import type { StatusColumns } from '../admin/club-content.repository.ts';
import { clubRow, rowKindOperations, saveClubRow, type ClubRowBase } from '../admin/club-kind.service.ts';
import { contentStatus } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations } from '../admin/translations.ts';
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

/** The whole experience as a save sends it (a new one also says whether it starts as a draft). */
const whole = {
  ...fields, description: texts.description.default(''), image: fields.image.default(null), adultsOnly: fields.adultsOnly.default(false),
  position: fields.position.default(0),
};
export const ExperienceInputSchema = z.object({ ...whole, draft: z.boolean().default(true) }).strict().openapi('ExperienceInput');
export const ExperienceUpdateSchema = z.object(whole).strict().openapi('ExperienceUpdate');
type Update = z.infer<typeof ExperienceUpdateSchema>;

export const AdminExperienceSchema = z.object({
  id: z.string(), slug: z.string(), title: z.string(), description: z.string(), image: z.string().nullable(), tiers: z.array(z.string()),
  adultsOnly: z.boolean(), places: z.number().int(), placesTaken: z.number().int(), position: z.number().int(),
  translations: z.object({ es: z.object({ title: z.string(), description: z.string() }).partial().optional() }),
  ...AdminStatusFields,
}).openapi('AdminExperience');
export type AdminExperience = z.infer<typeof AdminExperienceSchema>;
type Row = Selectable<ExperienceTable>;
const STATUS: StatusColumns = { draft: 'draft', archivedAt: 'archived_at', startsAt: null, endsAt: null };

function toAdmin(row: Row, now: Date): AdminExperience {
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

function checkRow(row: Row): void {
  checkClubRow(ExperienceRowSchema, row, { places_taken: 'api.club.placesTaken' }, { places_taken: 'places' });
}

/** The console's fields as the row's columns: the one mapping both a new experience and a saved one use. */
function rowFieldsOf(input: Update): Omit<Row, keyof ClubRowBase | 'places_taken'> {
  return {
    slug: input.slug, title: input.title, description: input.description, image: input.image, tiers: JSON.stringify(input.tiers),
    adults_only: input.adultsOnly ? 1 : 0, places: input.places, position: input.position, translations: writeTranslations(input.translations),
  };
}

const operations = rowKindOperations<Row, AdminExperience, z.infer<typeof ExperienceInputSchema>, Update>({
  table: 'experiences', list: { status: STATUS, search: ['title', 'slug'], order: [['position', 'asc'], ['slug', 'asc']] },
  rowFieldsOf, check: checkRow, toView: toAdmin, fresh: { places_taken: 0 },
});

/** /admin/experiences as ../admin/club-admin.routes.ts serves it. */
export const experienceAdmin: AdminKind<AdminExperience, z.infer<typeof ExperienceInputSchema>, Update> = {
  kind: 'experience', collection: 'experiences', noun: 'experience', view: AdminExperienceSchema, create: ExperienceInputSchema, update: ExperienceUpdateSchema,
  ...operations,
  async change(trx, organizationId, id, input) {
    const now = new Date();
    // places_taken is never written here: only the supporters' conditional update raises it.
    await saveClubRow<Row>(trx, 'experiences', organizationId, id, rowFieldsOf(input), now, checkRow, ['places_taken']);
    const after = await clubRow<Row>(trx, 'experiences', organizationId, id);
    // A place taken meanwhile counts: never fewer places than supporters hold (the transaction is undone).
    if (Number(after.places_taken) > Number(after.places)) throw new ApiError('validation_failed', 'api.fields.invalid', { places: 'api.club.placesTaken' });
    return toAdmin(after, now);
  },
};
