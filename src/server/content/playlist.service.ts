import type { Locale } from '../../shared/i18n/locales.ts';
import { renderProductText } from '../api-text.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { award, type LedgerResult } from '../ledger/ledger.ts';
import { findUsedKeys } from '../ledger/ledger.repository.ts';
import { findCatalogPlaylist, PLAYLIST_POINTS, PLAYLISTS, playlistUrl, type CatalogPlaylist } from '../../shared/playlists.ts';
import { listPlaylistIdsOfVideo, listPlaylistVideoIds, listPlaylistVideos, listPlaylistViews, recordPlaylistView } from './video.repository.ts';
import { PLAYLIST_KIND, playlistKey, toVideo, videoKey } from './video.model.ts';
import type { Playlist, PlaylistCompletion, Video } from './video.schema.ts';

export interface PlaylistCaller {
  organizationId: string;
  userId: string | null;
}

function shape(entry: CatalogPlaylist, videos: Video[], viewedAt: string | null, completed: boolean, locale: Locale): Playlist {
  return {
    id: entry.id, slug: entry.slug, url: playlistUrl(entry.id), title: renderProductText(entry.title, locale),
    description: renderProductText(entry.description, locale), thumbnail: videos[0]?.thumbnailSrc ?? null, videos,
    points: PLAYLIST_POINTS, isNew: viewedAt === null, viewedAt, viewedCount: videos.filter((v) => v.viewed).length, completed,
  };
}

/** The six built-in playlists with the organization's videos in each, and the caller's progress. */
export async function listPlaylists(db: Db, caller: PlaylistCaller, locale: Locale, now = new Date()): Promise<Playlist[]> {
  const rows = await listPlaylistVideos(db, caller.organizationId, now.toISOString());
  const { userId } = caller;
  const keys = [...new Set(rows.map((r) => videoKey(r.id))), ...PLAYLISTS.map((p) => playlistKey(p.id))];
  const [used, views] = userId
    ? await Promise.all([findUsedKeys(db, userId, keys), listPlaylistViews(db, userId)])
    : [new Set<string>(), []];
  const viewedAt = new Map(views.map((v) => [v.playlist_id, v.viewed_at]));
  return PLAYLISTS.map((entry) => {
    const videos = rows.filter((r) => r.playlist_id === entry.id).map((r) => toVideo(r, used.has(videoKey(r.id)), locale));
    return shape(entry, videos, viewedAt.get(entry.id) ?? null, used.has(playlistKey(entry.id)), locale);
  });
}

function requirePlaylist(idOrSlug: string): CatalogPlaylist {
  const entry = findCatalogPlaylist(idOrSlug);
  if (!entry) throw new ApiError('not_found', 'api.playlists.notFound');
  return entry;
}

export async function getPlaylist(db: Db, caller: PlaylistCaller, idOrSlug: string, locale: Locale, now = new Date()): Promise<Playlist> {
  const entry = requirePlaylist(idOrSlug);
  const all = await listPlaylists(db, caller, locale, now);
  return all.find((p) => p.id === entry.id)!;
}

/** Records that the supporter opened the playlist (its `viewedAt`, the first time only): it is no longer new. */
export async function openPlaylist(
  db: Db, caller: { organizationId: string; userId: string }, idOrSlug: string, locale: Locale, now = new Date(),
): Promise<Playlist> {
  const entry = requirePlaylist(idOrSlug);
  await recordPlaylistView(db, caller.userId, entry.id, now.toISOString());
  return getPlaylist(db, caller, entry.id, locale, now);
}

/**
 * After a video view, in its transaction: pays every playlist holding the video whose videos have now
 * all been viewed, once each (key `playlist:<id>`). Runs after the video's own award, which locked the
 * supporter's row, so two last views racing on PostgreSQL see each other: the second pays.
 */
export async function payCompletedPlaylists(
  trx: Db, caller: { organizationId: string; userId: string }, videoId: string, locale: Locale, now: Date,
): Promise<{ completions: PlaylistCompletion[]; last: LedgerResult | null }> {
  const completions: PlaylistCompletion[] = [];
  let last: LedgerResult | null = null;
  for (const playlistId of await listPlaylistIdsOfVideo(trx, caller.organizationId, videoId)) {
    const entry = findCatalogPlaylist(playlistId);
    if (!entry) continue;
    const videoIds = await listPlaylistVideoIds(trx, caller.organizationId, playlistId, now.toISOString());
    const used = await findUsedKeys(trx, caller.userId, videoIds.map(videoKey));
    if (videoIds.length === 0 || used.size < videoIds.length) continue;
    const paid = await award(trx, { userId: caller.userId, amount: PLAYLIST_POINTS, kind: PLAYLIST_KIND, reference: playlistId, idempotencyKey: playlistKey(playlistId) });
    if (paid.replayed) continue;
    last = paid;
    completions.push({ id: entry.id, title: renderProductText(entry.title, locale), pointsAwarded: PLAYLIST_POINTS });
  }
  return { completions, last };
}
