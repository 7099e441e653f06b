import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Playlist, Video, VideoViewResult, WatchTicket } from '~/server/content/video.schema.ts';

export type { Playlist, Video, VideoViewResult, WatchTicket };

const videoPath = (idOrSlug: string) => `content/videos/${encodeURIComponent(idOrSlug)}`;
const playlistPath = (idOrSlug: string) => `content/playlists/${encodeURIComponent(idOrSlug)}`;

/** GET /content/videos: published videos, newest first, each with `viewed` for the caller. */
export function listVideos(api: ApiClient): Promise<Video[]> {
  return dataOf<Video[]>(api.http.get('content/videos'));
}

/** GET /content/videos/{id}: one video by id or slug. */
export function getVideo(api: ApiClient, idOrSlug: string): Promise<Video> {
  return dataOf<Video>(api.http.get(videoPath(idOrSlug)));
}

/** POST /content/videos/{id}/ticket: when playback starts, the signed watch ticket; the view counts from `acceptedFrom`. */
export function startWatching(api: ApiClient, id: string): Promise<WatchTicket> {
  return dataOf<WatchTicket>(api.http.post(`${videoPath(id)}/ticket`));
}

/** POST /content/videos/{id}/view: sends the ticket back once watched; pays once (and any playlist it completes) with the new standing. */
export function viewVideo(api: ApiClient, id: string, checksum: string): Promise<VideoViewResult> {
  return dataOf<VideoViewResult>(api.http.post(`${videoPath(id)}/view`, { json: { checksum } }));
}

/** GET /content/playlists: the six built-in playlists with their videos and the caller's progress. */
export function listPlaylists(api: ApiClient): Promise<Playlist[]> {
  return dataOf<Playlist[]>(api.http.get('content/playlists'));
}

/** GET /content/playlists/{id}: one playlist by id or slug. */
export function getPlaylist(api: ApiClient, idOrSlug: string): Promise<Playlist> {
  return dataOf<Playlist>(api.http.get(playlistPath(idOrSlug)));
}

/** POST /content/playlists/{id}/open: the supporter opened it (its `viewedAt`, the first time); it is no longer new. */
export function openPlaylist(api: ApiClient, idOrSlug: string): Promise<Playlist> {
  return dataOf<Playlist>(api.http.post(`${playlistPath(idOrSlug)}/open`));
}
