import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import { ApiError } from '../errors.ts';
import type { AdminKind } from '../admin/club-admin.routes.ts';
import { AdminStatusFields, checkClubRow, InstantInput, SitePathInput } from '../admin/club-content.ts';
import type { StatusColumns } from '../admin/club-content.repository.ts';
import { rowKindOperations, type ClubRowBase } from '../admin/club-kind.service.ts';
import { contentStatus } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations } from '../admin/translations.ts';
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

/** The whole activation as a save sends it (a new one also says whether it starts as a draft). */
const whole = { ...fields, description: texts.description.default('') };
const endsAfterStart = (a: { startsAt: string; stopsAt: string }) => a.stopsAt > a.startsAt;
const endsBeforeStart = { path: ['stopsAt'], message: 'api.club.endsBeforeStart' };
export const ActivationInputSchema = z.object({ ...whole, draft: z.boolean().default(true) }).strict().refine(endsAfterStart, endsBeforeStart)
  .openapi('ActivationInput');
export const ActivationUpdateSchema = z.object(whole).strict().refine(endsAfterStart, endsBeforeStart).openapi('ActivationUpdate');
type Update = z.infer<typeof ActivationUpdateSchema>;

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

function toAdmin(row: Row, now: Date): AdminActivation {
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

/** The row checked by the supporters' schema; a refusal names the console's field. */
function checkRow(row: Row): void {
  checkClubRow(ActivationRowSchema, row);
  if (row.stops_at <= row.starts_at) throw new ApiError('validation_failed', 'api.fields.invalid', { stopsAt: 'api.club.endsBeforeStart' });
}

/** The console's fields as the row's columns: the one mapping both a new activation and a saved one use. */
function rowFieldsOf(input: Update): Omit<Row, keyof ClubRowBase> {
  return {
    slug: input.slug, title: input.title, description: input.description, badge_name: input.badgeName, badge_image: input.badgeImage,
    points: input.points, starts_at: input.startsAt, stops_at: input.stopsAt, translations: writeTranslations(input.translations),
  };
}

/** /admin/activations as ../admin/club-admin.routes.ts serves it. */
export const activationAdmin: AdminKind<AdminActivation, z.infer<typeof ActivationInputSchema>, Update> = {
  kind: 'activation', collection: 'activations', noun: 'activation', view: AdminActivationSchema, create: ActivationInputSchema, update: ActivationUpdateSchema,
  ...rowKindOperations<Row, AdminActivation, z.infer<typeof ActivationInputSchema>, Update>({
    table: 'activations', list: { status: STATUS, search: ['title', 'slug', 'badge_name'], order: [['starts_at', 'desc']] }, rowFieldsOf, check: checkRow, toView: toAdmin,
  }),
};
