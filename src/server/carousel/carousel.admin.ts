import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { AdminKind } from '../admin/club-admin.routes.ts';
import { AdminStatusFields, checkClubRow, InstantInput, SitePathInput } from '../admin/club-content.ts';
import type { StatusColumns } from '../admin/club-content.repository.ts';
import { rowKindOperations, type ClubRowBase } from '../admin/club-kind.service.ts';
import { contentStatus } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations } from '../admin/translations.ts';
import { Count, Flag, plainText, SitePathSchema, StoredInstant, WebAddress } from '../stored/fields.ts';
import type { CarouselCardTable } from './carousel.table.ts';

// The club's own reward cards (the five built-in demo cards stay, in code: ./carousel.demo.ts). One schema
// per field, used by the console's writes and by the supporters' read (a row that fails is left out).

const Title = plainText(120);
const Description = z.string().trim().max(500);
const Cta = plainText(60);
/** Where the call to action goes: a path on this site or a web address (shown through safeHref). */
const CardUrl = SitePathSchema.or(WebAddress);
const Icon = z.string().regex(/^[a-z0-9-]{1,40}$/);
const Points = z.number().int().min(0).max(1_000_000);

/** A card as stored: checked before every write and at every supporter's read. */
export const CarouselCardRowSchema = z.object({
  id: z.string().min(1),
  title: Title,
  description: Description,
  points: Count,
  image: SitePathSchema,
  url: CardUrl,
  cta: Cta,
  icon: Icon,
  underage_gate: Flag,
  is_ad: Flag,
  position: z.coerce.number().int(),
  starts_at: StoredInstant.nullable(),
  ends_at: StoredInstant.nullable(),
}).refine((r) => !r.starts_at || !r.ends_at || r.ends_at > r.starts_at, { path: ['ends_at'], message: 'ends before it starts' });

const texts = { title: Title, description: Description, cta: Cta };
const fields = {
  ...texts,
  points: Points,
  image: SitePathInput,
  url: z.string().trim().max(2000).refine((url) => CardUrl.safeParse(url).success, 'api.field.format')
    .openapi({ description: 'Where the call to action goes: a path on this site or an https address.' }),
  icon: Icon.openapi({ example: 'star' }),
  underageGate: z.boolean().openapi({ description: 'Never listed to supporters under 18 (betting, alcohol…).' }),
  isAd: z.boolean().openapi({ description: 'A paid placement: labelled "Ad".' }),
  position: z.number().int().min(0).max(10_000),
  startsAt: InstantInput.nullable(),
  endsAt: InstantInput.nullable(),
  translations: translationsSchema(texts),
};

/** The whole card as a save sends it (a new one also says whether it starts as a draft). */
const whole = {
  ...fields,
  description: Description.default(''),
  underageGate: fields.underageGate.default(false),
  isAd: fields.isAd.default(false),
  position: fields.position.default(0),
  startsAt: fields.startsAt.default(null),
  endsAt: fields.endsAt.default(null),
};
const endsAfterStart = (c: { startsAt: string | null; endsAt: string | null }) => !c.startsAt || !c.endsAt || c.endsAt > c.startsAt;
const endsBeforeStart = { path: ['endsAt'], message: 'api.club.endsBeforeStart' };
export const CarouselCardInputSchema = z.object({ ...whole, draft: z.boolean().default(true) }).strict().refine(endsAfterStart, endsBeforeStart)
  .openapi('CarouselCardInput');
export const CarouselCardUpdateSchema = z.object(whole).strict().refine(endsAfterStart, endsBeforeStart).openapi('CarouselCardUpdate');

export const AdminCarouselCardSchema = z.object({
  id: z.string(), title: z.string(), description: z.string(), points: z.number().int(), image: z.string(), url: z.string(),
  cta: z.string(), icon: z.string(), underageGate: z.boolean(), isAd: z.boolean(), position: z.number().int(),
  startsAt: z.string().nullable(), endsAt: z.string().nullable(),
  translations: z.object({ es: z.object({ title: z.string(), description: z.string(), cta: z.string() }).partial().optional() }),
  ...AdminStatusFields,
}).openapi('AdminCarouselCard');
export type AdminCarouselCard = z.infer<typeof AdminCarouselCardSchema>;
type Input = z.infer<typeof CarouselCardInputSchema>;
type Update = z.infer<typeof CarouselCardUpdateSchema>;
type Row = Selectable<CarouselCardTable>;

const STATUS: StatusColumns = { draft: 'draft', archivedAt: 'archived_at', startsAt: 'starts_at', endsAt: 'ends_at' };

function toAdminCard(row: Row, now: Date): AdminCarouselCard {
  const draft = Number(row.draft) === 1;
  return {
    id: row.id, title: row.title, description: row.description, points: Number(row.points), image: row.image, url: row.url,
    cta: row.cta, icon: row.icon, underageGate: Number(row.underage_gate) === 1, isAd: Number(row.is_ad) === 1,
    position: Number(row.position), startsAt: row.starts_at, endsAt: row.ends_at,
    translations: readTranslations(row.translations) as AdminCarouselCard['translations'],
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: row.starts_at, endsAt: row.ends_at }, now),
    draft, archivedAt: row.archived_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

function checkRow(row: Row): void {
  checkClubRow(CarouselCardRowSchema, row, { ends_at: 'api.club.endsBeforeStart' });
}

/** The console's fields as the row's columns: the one mapping both a new card and a saved one use. */
function rowFieldsOf(input: Update): Omit<Row, keyof ClubRowBase> {
  return {
    title: input.title, description: input.description, points: input.points, image: input.image, url: input.url, cta: input.cta, icon: input.icon,
    underage_gate: input.underageGate ? 1 : 0, is_ad: input.isAd ? 1 : 0, position: input.position, starts_at: input.startsAt, ends_at: input.endsAt,
    translations: writeTranslations(input.translations),
  };
}

/** /admin/carousel as ../admin/club-admin.routes.ts serves it: the club's own reward cards (the built-in demo cards are not among them). */
export const carouselAdmin: AdminKind<AdminCarouselCard, Input, Update> = {
  kind: 'carousel', collection: 'carousel', noun: 'reward card', view: AdminCarouselCardSchema, create: CarouselCardInputSchema, update: CarouselCardUpdateSchema,
  ...rowKindOperations<Row, AdminCarouselCard, Input, Update>({
    table: 'carousel_cards', list: { status: STATUS, search: ['title', 'description'], order: [['position', 'asc'], ['created_at', 'desc']] },
    rowFieldsOf, check: checkRow, toView: toAdminCard,
  }),
};
