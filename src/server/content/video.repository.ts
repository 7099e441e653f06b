import type { Db } from '../db/connection.ts';
import { assertStorable, keepValid, validOrNone } from '../stored/stored.ts';
import { VideoRowSchema } from './content.schemas.ts';
import type { PlaylistVideoTable, VideoTable } from './video.table.ts';

const LIST_LIMIT = 100;
const LISTED = ['id', 'slug', 'name', 'description', 'source_type', 'source', 'thumbnail_src', 'duration_seconds', 'value', 'published_at', 'watch_seconds', 'translations'] as const;

// Every read leaves out a video that fails VideoRowSchema (./content.schemas.ts), as for an unknown id.

/** Published videos of an organization, newest first. */
export async function listPublishedVideos(db: Db, organizationId: string, now: string) {
  return keepValid('video', await db.selectFrom('videos').select(LISTED)
    .where('organization_id', '=', organizationId).where('published_at', '<=', now)
    .where('draft', '=', 0).where('archived_at', 'is', null)
    .orderBy('published_at', 'desc').orderBy('id').limit(LIST_LIMIT)
    .execute(), VideoRowSchema);
}

/** One published video by its id or its slug. */
export async function findPublishedVideo(db: Db, organizationId: string, idOrSlug: string, now: string) {
  return validOrNone('video', await db.selectFrom('videos').select(LISTED)
    .where('organization_id', '=', organizationId).where('published_at', '<=', now)
    .where('draft', '=', 0).where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .orderBy('id').limit(1)
    .executeTakeFirst(), VideoRowSchema);
}

export type VideoRow = NonNullable<Awaited<ReturnType<typeof findPublishedVideo>>>;

/** The published videos of every built-in playlist of an organization, in each playlist's order. */
export async function listPlaylistVideos(db: Db, organizationId: string, now: string) {
  return keepValid('video', await db.selectFrom('playlist_videos as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .select(['p.playlist_id', ...LISTED.map((c) => `v.${c}` as const)])
    .where('p.organization_id', '=', organizationId).where('v.published_at', '<=', now)
    .where('v.draft', '=', 0).where('v.archived_at', 'is', null)
    .orderBy('p.playlist_id').orderBy('p.position').orderBy('v.id')
    .execute(), VideoRowSchema);
}

/** The ids of the playlists holding a video. */
export async function listPlaylistIdsOfVideo(db: Db, organizationId: string, videoId: string): Promise<string[]> {
  const rows = await db.selectFrom('playlist_videos').select('playlist_id')
    .where('organization_id', '=', organizationId).where('video_id', '=', videoId)
    .orderBy('playlist_id').execute();
  return rows.map((r) => r.playlist_id);
}

/** When the user first opened each playlist they have opened. */
export function listPlaylistViews(db: Db, userId: string) {
  return db.selectFrom('playlist_views').select(['playlist_id', 'viewed_at']).where('user_id', '=', userId).execute();
}

/** Records the first opening of a playlist; a later one keeps the first time. */
export async function recordPlaylistView(db: Db, userId: string, playlistId: string, viewedAt: string): Promise<void> {
  await db.insertInto('playlist_views').values({ user_id: userId, playlist_id: playlistId, viewed_at: viewedAt })
    .onConflict((oc) => oc.columns(['user_id', 'playlist_id']).doNothing())
    .execute();
}

export async function insertVideos(db: Db, rows: VideoTable[]): Promise<void> {
  assertStorable('video', rows, VideoRowSchema);
  if (rows.length > 0) await db.insertInto('videos').values(rows).execute();
}

export async function insertPlaylistVideos(db: Db, rows: PlaylistVideoTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('playlist_videos').values(rows).execute();
}

/** The ids of a playlist's published videos. */
export async function listPlaylistVideoIds(db: Db, organizationId: string, playlistId: string, now: string): Promise<string[]> {
  const rows = await db.selectFrom('playlist_videos as p').innerJoin('videos as v', 'v.id', 'p.video_id')
    .select('v.id').where('p.organization_id', '=', organizationId).where('p.playlist_id', '=', playlistId)
    .where('v.published_at', '<=', now).where('v.draft', '=', 0).where('v.archived_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
