import { randomUUID } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { AdminStatusFields, copySlug, InstantInput, pageOf, SitePathInput } from '../admin/club-content.ts';
import { clubSlugTaken, findClubRow, insertClubRow, listClubRows, updateClubRow, type ListShape, type StatusColumns } from '../admin/club-content.repository.ts';
import { contentStatus, type ContentListQuery } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations, type Translations } from '../admin/translations.ts';
import { plainText, Slug } from '../stored/fields.ts';
import { ActivationRowSchema } from './activation.schema.ts';
import type { ActivationTable } from './activation.table.ts';

// Activations as the console makes them: the window, the points, the badge, the Spanish texts; the
// printable QR poster is the QR route's SVG (./activation.admin.routes.ts). Every write is checked by
// ActivationRowSchema, the schema the supporters' reads use.

const texts = { title: plainText(200), description: z.string().trim().max(2000), badgeName: plainText(100) };
const fields = {
  /** The scannable address is /a/{slug}; unique in the club. */
  slug: Slug,
  ...texts,
  badgeImage: SitePathInput,
  points: z.number().int().min(0).max(1_000_000).openapi({ description: 'Paid once per supporter with the badge (0: the badge alone).' }),
  startsAt: InstantInput,
  stopsAt: InstantInput,
  translations: translationsSchema(texts),
};

export const ActivationInputSchema = z.object({ ...fields, description: texts.description.default(''), draft: z.boolean().default(true) })
  .strict().refine((a) => a.stopsAt > a.startsAt, { path: ['stopsAt'], message: 'api.club.endsBeforeStart' }).openapi('ActivationInput');
export const ActivationUpdateSchema = z.object(fields).partial().strict().openapi('ActivationUpdate');

export const AdminActivationSchema = z.object({
  id: z.string(), slug: z.string(), title: z.string(), description: z.string(), badgeName: z.string(), badgeImage: z.string(),
  points: z.number().int(), startsAt: z.string(), stopsAt: z.string(),
  translations: z.object({ es: z.object({ title: z.string(), description: z.string(), badgeName: z.string() }).partial().optional() }),
  qrCode: z.string().openapi({ description: 'The printable QR code (SVG) of /a/{slug}.' }),
  ...AdminStatusFields,
}).openapi('AdminActivation');
export type AdminActivation = z.infer<typeof AdminActivationSchema>;
type Row = Selectable<ActivationTable>;
const STATUS: StatusColumns = { draft: 'draft', archivedAt: 'archived_at', startsAt: 'starts_at', endsAt: 'stops_at' };

function toAdmin(row: Row, now = new Date()): AdminActivation {
  const draft = Number(row.draft) === 1;
  return {
    id: row.id, slug: row.slug, title: row.title, description: row.description, badgeName: row.badge_name, badgeImage: row.badge_image,
    points: Number(row.points), startsAt: row.starts_at, stopsAt: row.stops_at,
    translations: readTranslations(row.translations) as AdminActivation['translations'],
    qrCode: `/api/admin/activations/${encodeURIComponent(row.slug)}/qr.svg`,
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: row.starts_at, endsAt: row.stops_at }, now),
    draft, archivedAt: row.archived_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const rowOf = (db: Db, organizationId: string, id: string) => findClubRow<Row>(db, 'activations', organizationId, id);
const LIST: ListShape = { status: STATUS, search: ['title', 'slug', 'badge_name'], order: [['starts_at', 'desc']] };

export async function listAdminActivations(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { rows, total } = await listClubRows<Row>(db, 'activations', organizationId, query, LIST, now);
  return pageOf(rows.map((row) => toAdmin(row, now)), total, query);
}

export async function getAdminActivation(db: Db, organizationId: string, id: string) {
  const row = await rowOf(db, organizationId, id);
  return row && toAdmin(row);
}

/** The row checked by the supporters' schema; a refusal names the console's field. */
function checkRow(row: Row): void {
  const parsed = ActivationRowSchema.safeParse(row);
  if (!parsed.success) {
    const column = String(parsed.error.issues[0]?.path[0] ?? 'id');
    throw new ApiError('validation_failed', 'api.fields.invalid', { [column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())]: 'api.field.invalid' });
  }
  if (row.stops_at <= row.starts_at) throw new ApiError('validation_failed', 'api.fields.invalid', { stopsAt: 'api.club.endsBeforeStart' });
}

async function write(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: 'api.club.slugTaken' });
    throw error;
  }
}

export async function insertActivation(trx: Db, organizationId: string, input: z.infer<typeof ActivationInputSchema>, now = new Date()) {
  const at = now.toISOString();
  const row: Row = {
    id: randomUUID(), organization_id: organizationId, slug: input.slug, title: input.title, description: input.description,
    badge_name: input.badgeName, badge_image: input.badgeImage, points: input.points, starts_at: input.startsAt, stops_at: input.stopsAt,
    created_at: at, draft: input.draft ? 1 : 0, archived_at: null, translations: writeTranslations(input.translations as Translations), updated_at: at,
  };
  checkRow(row);
  await write(() => insertClubRow(trx, 'activations', row));
  return toAdmin(row, now);
}

export async function changeActivation(trx: Db, organizationId: string, id: string, input: z.infer<typeof ActivationUpdateSchema>, now = new Date()) {
  const old = (await rowOf(trx, organizationId, id))!;
  const row: Row = {
    ...old,
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.badgeName !== undefined && { badge_name: input.badgeName }),
    ...(input.badgeImage !== undefined && { badge_image: input.badgeImage }),
    ...(input.points !== undefined && { points: input.points }),
    ...(input.startsAt !== undefined && { starts_at: input.startsAt }),
    ...(input.stopsAt !== undefined && { stops_at: input.stopsAt }),
    ...(input.translations !== undefined && { translations: writeTranslations(input.translations as Translations) }),
    updated_at: now.toISOString(),
  };
  checkRow(row);
  const { id: _id, organization_id: _org, created_at: _created, ...set } = row;
  await write(() => updateClubRow(trx, 'activations', organizationId, id, set));
  return toAdmin(row, now);
}

export async function duplicateActivation(trx: Db, organizationId: string, source: AdminActivation, now = new Date()) {
  const old = (await rowOf(trx, organizationId, source.id))!;
  const slug = await copySlug(old.slug, (candidate) => clubSlugTaken(trx, 'activations', organizationId, candidate), 80);
  const at = now.toISOString();
  const row: Row = { ...old, id: randomUUID(), slug, draft: 1, archived_at: null, created_at: at, updated_at: at };
  await insertClubRow(trx, 'activations', row);
  return toAdmin(row, now);
}

export async function markActivation(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish', now = new Date()) {
  const old = (await rowOf(trx, organizationId, id))!;
  const set = what === 'archive' ? { archived_at: old.archived_at ?? now.toISOString() } : { draft: 0 };
  const row: Row = { ...old, ...set, updated_at: now.toISOString() };
  await updateClubRow(trx, 'activations', organizationId, id, { ...set, updated_at: row.updated_at });
  return toAdmin(row, now);
}
