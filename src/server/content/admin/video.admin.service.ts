import { randomUUID } from 'node:crypto';
import { contentStatus, type ContentListQuery } from '../../admin/content-list.ts';
import { readTranslations, writeTranslations, type Translations } from '../../admin/translations.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../errors.ts';
import { findStoredVideo } from '../../media/media.service.ts';
import type { MediaStore } from '../../media/media.store.ts';
import { assertStorable } from '../../stored/stored.ts';
import { VideoRowSchema } from '../content.schemas.ts';
import { watchSecondsOf } from '../video.ticket.ts';
import { copySlug, pageOf, slugOf } from './console-content.ts';
import { isSlugTaken, pageRows } from './console-content.repository.ts';
import { findVideoRow, insertVideoRow, updateVideoRow, type VideoRow } from './media-rows.repository.ts';
import type { AdminVideo, VideoInput } from './video.admin.schema.ts';

const SCHEDULE = { start: 'published_at', end: null };
const notFound = () => new ApiError('not_found', 'api.videos.notFound');

function toAdmin(row: VideoRow, now: Date): AdminVideo {
  const draft = Number(row.draft) === 1;
  const own = row.watch_seconds === null ? null : Number(row.watch_seconds);
  return {
    id: row.id, slug: row.slug, name: row.name, description: row.description, videoSourceType: row.source_type, source: row.source,
    thumbnailSrc: row.thumbnail_src, durationSeconds: Number(row.duration_seconds), value: Number(row.value), publishedAt: row.published_at,
    minimumWatchSeconds: own, watchSeconds: watchSecondsOf(Number(row.duration_seconds), own),
    translations: readTranslations(row.translations) as AdminVideo['translations'],
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: row.published_at, endsAt: null }, now),
    draft, archivedAt: row.archived_at, updatedAt: row.updated_at,
  };
}

export async function listAdminVideos(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { offset } = pageOf(query, 0);
  const found = await pageRows(db, 'videos', organizationId, query, now.toISOString(), SCHEDULE, 'name', offset);
  const rows = found.rows as VideoRow[];
  const { total } = found;
  const { pages } = pageOf(query, total);
  return { items: rows.map((row) => toAdmin(row, now)), total, page: query.page, pages };
}

export async function getAdminVideo(db: Db, organizationId: string, id: string, now = new Date()): Promise<AdminVideo> {
  const row = await findVideoRow(db, organizationId, id);
  if (!row) throw notFound();
  return toAdmin(row, now);
}

/** A slug no other video of the club has: the one asked for (else 422 naming `slug`), or one made of the name. */
async function freeSlug(db: Db, organizationId: string, input: VideoInput, exceptId: string | null): Promise<string> {
  const taken = (slug: string) => isSlugTaken(db, 'videos', organizationId, slug, exceptId);
  if (input.slug) {
    if (await taken(input.slug)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: 'api.adminMedia.slugTaken' });
    return input.slug;
  }
  const made = slugOf(input.name);
  return (await taken(made)) ? copySlug(made) : made;
}

async function columnsOf(db: Db, organizationId: string, input: VideoInput, media: MediaStore, exceptId: string | null, now: Date) {
  if (input.videoSourceType === 'file' && !(await findStoredVideo(media, input.source))) {
    throw new ApiError('validation_failed', 'api.fields.invalid', { source: 'api.adminMedia.clipMissing' });
  }
  return {
    slug: await freeSlug(db, organizationId, input, exceptId), name: input.name, description: input.description,
    source_type: input.videoSourceType, source: input.source, thumbnail_src: input.thumbnailSrc, duration_seconds: input.durationSeconds,
    value: input.value, published_at: input.publishedAt, watch_seconds: input.minimumWatchSeconds,
    translations: writeTranslations(input.translations as Translations), updated_at: now.toISOString(),
  };
}

export async function createAdminVideo(trx: Db, organizationId: string, input: VideoInput, media: MediaStore, now = new Date()) {
  const id = randomUUID();
  const row = { id, organization_id: organizationId, draft: 1, ...(await columnsOf(trx, organizationId, input, media, null, now)) };
  assertStorable('video', [row], VideoRowSchema);
  await insertVideoRow(trx, row);
  return getAdminVideo(trx, organizationId, id, now);
}

export async function updateAdminVideo(trx: Db, organizationId: string, id: string, input: VideoInput, media: MediaStore, now = new Date()) {
  await getAdminVideo(trx, organizationId, id, now);
  const columns = await columnsOf(trx, organizationId, input, media, id, now);
  assertStorable('video', [{ id, ...columns }], VideoRowSchema);
  await updateVideoRow(trx, organizationId, id, columns);
  return getAdminVideo(trx, organizationId, id, now);
}

export async function duplicateAdminVideo(trx: Db, organizationId: string, id: string, media: MediaStore, now = new Date()) {
  const source = await getAdminVideo(trx, organizationId, id, now);
  return createAdminVideo(trx, organizationId, { ...source, slug: copySlug(source.slug) }, media, now);
}

export async function setAdminVideoState(trx: Db, organizationId: string, id: string, state: 'publish' | 'archive', now = new Date()) {
  const before = await getAdminVideo(trx, organizationId, id, now);
  const at = now.toISOString();
  const change = state === 'publish'
    ? (before.draft || before.archivedAt ? { draft: 0, archived_at: null, updated_at: at } : undefined)
    : (before.archivedAt ? undefined : { archived_at: at, updated_at: at });
  if (!change) return { before, after: before, changed: false };
  await updateVideoRow(trx, organizationId, id, change);
  return { before, after: await getAdminVideo(trx, organizationId, id, now), changed: true };
}
