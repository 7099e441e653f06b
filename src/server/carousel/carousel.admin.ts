import { randomUUID } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { AdminStatusFields, InstantInput, pageOf, SitePathInput } from '../admin/club-content.ts';
import { findClubRow, insertClubRow, listClubRows, updateClubRow, type ListShape, type StatusColumns } from '../admin/club-content.repository.ts';
import { contentStatus, type ContentListQuery } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations, type Translations } from '../admin/translations.ts';
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

export const CarouselCardInputSchema = z.object({
  ...fields,
  description: Description.default(''),
  underageGate: fields.underageGate.default(false),
  isAd: fields.isAd.default(false),
  position: fields.position.default(0),
  startsAt: fields.startsAt.default(null),
  endsAt: fields.endsAt.default(null),
  draft: z.boolean().default(true),
}).strict().refine((c) => !c.startsAt || !c.endsAt || c.endsAt > c.startsAt, { path: ['endsAt'], message: 'api.club.endsBeforeStart' })
  .openapi('CarouselCardInput');
export const CarouselCardUpdateSchema = z.object(fields).partial().strict().openapi('CarouselCardUpdate');

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

export function toAdminCard(row: Row, now = new Date()): AdminCarouselCard {
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

const LIST: ListShape = { status: STATUS, search: ['title', 'description'], order: [['position', 'asc'], ['created_at', 'desc']] };

export async function listAdminCards(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { rows, total } = await listClubRows<Row>(db, 'carousel_cards', organizationId, query, LIST, now);
  return pageOf(rows.map((row) => toAdminCard(row, now)), total, query);
}

export async function getAdminCard(db: Db, organizationId: string, id: string) {
  const row = await findClubRow<Row>(db, 'carousel_cards', organizationId, id);
  return row && toAdminCard(row);
}

function checkRow(row: Row): void {
  const parsed = CarouselCardRowSchema.safeParse(row);
  if (parsed.success) return;
  const column = String(parsed.error.issues[0]?.path[0] ?? 'id');
  const field = column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
  throw new ApiError('validation_failed', 'api.fields.invalid', { [field]: field === 'endsAt' ? 'api.club.endsBeforeStart' : 'api.field.invalid' });
}

export async function insertCard(trx: Db, organizationId: string, input: Input, now = new Date()): Promise<AdminCarouselCard> {
  const at = now.toISOString();
  const row: Row = {
    id: randomUUID(), organization_id: organizationId, title: input.title, description: input.description, points: input.points,
    image: input.image, url: input.url, cta: input.cta, icon: input.icon, underage_gate: input.underageGate ? 1 : 0, is_ad: input.isAd ? 1 : 0,
    position: input.position, starts_at: input.startsAt, ends_at: input.endsAt, draft: input.draft ? 1 : 0, archived_at: null,
    translations: writeTranslations(input.translations as Translations), created_at: at, updated_at: at,
  };
  checkRow(row);
  await insertClubRow(trx, 'carousel_cards', row);
  return toAdminCard(row, now);
}

async function rowOf(db: Db, organizationId: string, id: string): Promise<Row> {
  return (await findClubRow<Row>(db, 'carousel_cards', organizationId, id))!;
}

export async function changeCard(trx: Db, organizationId: string, id: string, input: Update, now = new Date()): Promise<AdminCarouselCard> {
  const old = await rowOf(trx, organizationId, id);
  const row: Row = {
    ...old,
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.points !== undefined && { points: input.points }),
    ...(input.image !== undefined && { image: input.image }),
    ...(input.url !== undefined && { url: input.url }),
    ...(input.cta !== undefined && { cta: input.cta }),
    ...(input.icon !== undefined && { icon: input.icon }),
    ...(input.underageGate !== undefined && { underage_gate: input.underageGate ? 1 : 0 }),
    ...(input.isAd !== undefined && { is_ad: input.isAd ? 1 : 0 }),
    ...(input.position !== undefined && { position: input.position }),
    ...(input.startsAt !== undefined && { starts_at: input.startsAt }),
    ...(input.endsAt !== undefined && { ends_at: input.endsAt }),
    ...(input.translations !== undefined && { translations: writeTranslations(input.translations as Translations) }),
    updated_at: now.toISOString(),
  };
  checkRow(row);
  const { id: _id, organization_id: _org, created_at: _created, ...set } = row;
  await updateClubRow(trx, 'carousel_cards', organizationId, id, set);
  return toAdminCard(row, now);
}

export async function duplicateCard(trx: Db, organizationId: string, source: AdminCarouselCard, now = new Date()) {
  const old = await rowOf(trx, organizationId, source.id);
  const at = now.toISOString();
  const row: Row = { ...old, id: randomUUID(), draft: 1, archived_at: null, created_at: at, updated_at: at };
  await insertClubRow(trx, 'carousel_cards', row);
  return toAdminCard(row, now);
}

export async function markCard(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish', now = new Date()) {
  const old = await rowOf(trx, organizationId, id);
  const set = what === 'archive' ? { archived_at: old.archived_at ?? now.toISOString() } : { draft: 0 };
  const row: Row = { ...old, ...set, updated_at: now.toISOString() };
  await updateClubRow(trx, 'carousel_cards', organizationId, id, { ...set, updated_at: row.updated_at });
  return toAdminCard(row, now);
}
