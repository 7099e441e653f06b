import { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import type { AdminKind } from '../admin/club-admin.routes.ts';
import { AdminStatusFields, checkClubRow, InstantInput, pageOf } from '../admin/club-content.ts';
import { findClubRow, listClubRows, type ListShape, type StatusColumns } from '../admin/club-content.repository.ts';
import { clubRow, freeCopySlug, markClubRow, slugChecked } from '../admin/club-kind.service.ts';
import { contentStatus, type ContentListQuery } from '../admin/content-list.ts';
import { readTranslations, translationsSchema, writeTranslations } from '../admin/translations.ts';
import { announceRound } from './sweepstake.beacon.ts';
import { createSweepstake, sweepstakeColumns } from './sweepstake.service.ts';
import { listWinnerRows, looksLikeSweepstakeId, updateBeforeStart } from './sweepstake.repository.ts';
import { SWEEPSTAKE_TEXTS } from './sweepstake.schema.ts';
import { SweepstakeRowSchema } from './sweepstake.stored.ts';
import type { SweepstakeTable } from './sweepstake.table.ts';
import { statusOf } from './sweepstake.view.ts';

// Sweepstakes as the console runs them: the list, one with its public record, changes before it starts,
// a draft copy, archive and publish. Creating (POST /admin/sweepstakes), the draw and the cancel are in
// ./sweepstake.admin.routes.ts. Every write is checked by SweepstakeRowSchema, the schema supporters' reads use.

type Row = Selectable<SweepstakeTable>;
const STATUS: StatusColumns = { draft: 'draft', archivedAt: 'archived_at', startsAt: 'starts_at', endsAt: 'ends_at' };

/** The whole sweepstake as a save sends it (made by POST /admin/sweepstakes, ./sweepstake.admin.routes.ts). */
export const SweepstakeUpdateSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).refine((slug) => !looksLikeSweepstakeId(slug), 'api.sweepstakes.slugLooksLikeId'),
  ...SWEEPSTAKE_TEXTS,
  prizeValue: z.number().int().min(0).max(10_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  sponsor: SWEEPSTAKE_TEXTS.prize,
  mediaId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$|^[a-f0-9]{64}\.webp$/).nullable().default(null),
  costPerEntry: z.number().int().min(1).max(1_000_000),
  maxEntriesPerSupporter: z.number().int().min(1).max(1000),
  winnerCount: z.number().int().min(1).max(100),
  startsAt: InstantInput,
  endsAt: InstantInput,
  rules: SWEEPSTAKE_TEXTS.rules.default(''),
  translations: translationsSchema(SWEEPSTAKE_TEXTS),
}).strict().openapi('SweepstakeUpdate');
type Update = z.infer<typeof SweepstakeUpdateSchema>;

const WinnerRecord = z.object({ position: z.number().int(), name: z.string().nullable(), holder: z.string(), entryId: z.string(), ticket: z.number().int(), notified: z.boolean() });

export const AdminSweepstakeSchema = z.object({
  id: z.string(), slug: z.string(), title: z.string(), description: z.string(), prize: z.string(), prizeValue: z.number().int(),
  currency: z.string(), sponsor: z.string(), mediaId: z.string().nullable(), costPerEntry: z.number().int(),
  maxEntriesPerSupporter: z.number().int(), winnerCount: z.number().int(), startsAt: z.string(), endsAt: z.string(), rules: z.string(),
  translations: z.object({ es: z.object({ title: z.string(), description: z.string(), prize: z.string(), rules: z.string() }).partial().optional() }),
  phase: z.enum(['live', 'coming_soon', 'ended']).openapi({ description: "Where it stands for supporters (the supporters' API's `status`)." }),
  totalEntries: z.number().int(),
  commitment: z.string(),
  record: z.object({
    drawnAt: z.string(), seed: z.string(), entriesHash: z.string().nullable(),
    beacon: z.object({ url: z.string(), round: z.number().int(), value: z.string().nullable() }).nullable(),
    winners: z.array(WinnerRecord),
  }).nullable().openapi({ description: 'The draw\'s public record once drawn (the seed revealed, the frozen list\'s hash, the winners); null before.' }),
  cancelledAt: z.string().nullable(),
  editable: z.boolean().openapi({ description: 'It can still be changed: a draft, or published and not started yet.' }),
  ...AdminStatusFields,
}).openapi('AdminSweepstake');
export type AdminSweepstake = z.infer<typeof AdminSweepstakeSchema>;

const isEditable = (row: Row, now: Date) => !row.drawn_at && !row.cancelled_at && !row.archived_at && (Number(row.draft) === 1 || now.toISOString() < row.starts_at);

function toAdmin(row: Row, winners: Awaited<ReturnType<typeof listWinnerRows>>, now = new Date()): AdminSweepstake {
  const draft = Number(row.draft) === 1;
  return {
    id: row.id, slug: row.slug, title: row.title, description: row.description, prize: row.prize, prizeValue: Number(row.prize_value),
    currency: row.currency, sponsor: row.sponsor, mediaId: row.media_id, costPerEntry: Number(row.cost_per_entry),
    maxEntriesPerSupporter: Number(row.max_entries_per_supporter), winnerCount: Number(row.winner_count),
    startsAt: row.starts_at, endsAt: row.ends_at, rules: row.rules,
    translations: readTranslations(row.translations) as AdminSweepstake['translations'],
    phase: statusOf(row, now), totalEntries: Number(row.ticket_count), commitment: row.commitment,
    record: row.drawn_at ? {
      drawnAt: row.drawn_at, seed: row.seed, entriesHash: row.entries_hash,
      beacon: row.beacon_url && row.beacon_round !== null ? { url: row.beacon_url, round: Number(row.beacon_round), value: row.beacon_value } : null,
      winners: winners.filter((w) => w.sweepstake_id === row.id).map((w) => ({
        position: Number(w.position), name: w.display_name, holder: w.holder, entryId: w.entry_id, ticket: Number(w.ticket), notified: !!w.notified_at,
      })),
    } : null,
    cancelledAt: row.cancelled_at, editable: isEditable(row, now),
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: row.starts_at, endsAt: row.ends_at }, now),
    draft, archivedAt: row.archived_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const rowOf = (db: Db, organizationId: string, id: string) => (looksLikeSweepstakeId(id)
  ? findClubRow<Row>(db, 'sweepstakes', organizationId, id)
  : Promise.resolve(undefined));
const LIST: ListShape = { status: STATUS, search: ['title', 'slug', 'prize'], order: [['ends_at', 'desc']] };

async function listAdminSweepstakes(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { rows, total } = await listClubRows<Row>(db, 'sweepstakes', organizationId, query, LIST, now);
  const winners = await listWinnerRows(db, rows.filter((r) => r.drawn_at).map((r) => r.id));
  return pageOf(rows.map((row) => toAdmin(row, winners, now)), total, query);
}

export async function getAdminSweepstake(db: Db, organizationId: string, id: string, now = new Date()) {
  const row = await rowOf(db, organizationId, id);
  return row && toAdmin(row, row.drawn_at ? await listWinnerRows(db, [row.id]) : [], now);
}

/** Changes only while it can: a draft, or before it starts (supporters may have entered after that). */
function assertWritable(view: AdminSweepstake, what: 'update' | 'archive' | 'publish'): void {
  if (what === 'update' && !view.editable) throw new ApiError('sweepstake_started', 'api.club.sweepstakeStarted');
  if (what === 'archive' && !view.draft && view.phase === 'live' && !view.cancelledAt) throw new ApiError('sweepstake_live', 'api.club.sweepstakeLive');
  if (what === 'publish' && (view.archivedAt || view.cancelledAt)) throw new ApiError('sweepstake_started', 'api.club.sweepstakeStarted');
}

async function changeSweepstake(trx: Db, organizationId: string, id: string, input: Update, now = new Date()) {
  const old = await clubRow<Row>(trx, 'sweepstakes', organizationId, id);
  // The rules PDFs are made again from the new values, in each language, when next asked for.
  const row: Row = { ...old, ...sweepstakeColumns({ ...input, translations: writeTranslations(input.translations) }), rules_media: '{}', updated_at: now.toISOString() };
  checkClubRow(SweepstakeRowSchema, row, { ends_at: 'api.sweepstakes.endsBeforeStart' });
  // A new end with a beacon announced: the chain's first round after the new end is announced instead.
  if (row.beacon_url && row.ends_at !== old.ends_at) row.beacon_round = await announceRound(row.beacon_url, row.ends_at);
  const { id: _id, organization_id: _org, created_at: _created, seed: _seed, commitment: _commitment, ticket_count: _tickets, ...set } = row;
  // Only while nobody can have entered: never after it started (unless a draft), never once drawn or cancelled.
  const written = await slugChecked(() => updateBeforeStart(trx, id, set, now.toISOString()), 'api.sweepstakes.slugTaken');
  if (!written) throw new ApiError('sweepstake_started', 'api.club.sweepstakeStarted');
  return toAdmin(row, [], now);
}

/** A draft copy with a seed of its own (and so its own commitment): nothing of the draw is copied. */
async function duplicateSweepstake(trx: Db, organizationId: string, source: AdminSweepstake, now = new Date()) {
  const old = await clubRow<Row>(trx, 'sweepstakes', organizationId, source.id);
  const slug = await freeCopySlug(trx, 'sweepstakes', organizationId, old.slug);
  const copy = await createSweepstake(trx, {
    organizationId, slug, title: old.title, description: old.description, prize: old.prize, prizeValue: Number(old.prize_value), currency: old.currency,
    sponsor: old.sponsor, mediaId: old.media_id, costPerEntry: Number(old.cost_per_entry), maxEntriesPerSupporter: Number(old.max_entries_per_supporter),
    winnerCount: Number(old.winner_count), startsAt: old.starts_at, endsAt: old.ends_at, beacon: null, draft: true,
    translations: old.translations, rules: old.rules,
  }, now);
  return toAdmin({ ...copy, updated_at: now.toISOString() }, [], now);
}

async function markSweepstake(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish', now = new Date()) {
  await markClubRow<Row>(trx, 'sweepstakes', organizationId, id, what, now);
  return getAdminSweepstake(trx, organizationId, id, now).then((view) => view!);
}

/** /admin/sweepstakes as ../admin/club-admin.routes.ts serves it (made, drawn and cancelled by ./sweepstake.admin.routes.ts). */
export const sweepstakeAdmin: AdminKind<AdminSweepstake, never, Update> = {
  kind: 'sweepstake', collection: 'sweepstakes', noun: 'sweepstake',
  view: AdminSweepstakeSchema, update: SweepstakeUpdateSchema,
  list: listAdminSweepstakes, get: getAdminSweepstake, change: changeSweepstake, duplicate: duplicateSweepstake, mark: markSweepstake,
  writable: assertWritable,
};
