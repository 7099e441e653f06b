import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { VideoRow } from './video.repository.ts';
import { watchSecondsOf } from './video.ticket.ts';
import type { Video } from './video.schema.ts';

/**
 * Video views are ledger entries of kind `video` keyed `video:<id>` (one per supporter); a completed
 * playlist is kind `playlist` keyed `playlist:<id>`. The keys are built here and nowhere else.
 */
export const VIDEO_KIND = 'video';
export const PLAYLIST_KIND = 'playlist';
export const videoKey = (videoId: string) => `video:${videoId}`;
export const playlistKey = (playlistId: string) => `playlist:${playlistId}`;

const MIME_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;

function videoMimeType(name: string): string {
  return name.endsWith('.webm') ? MIME_TYPES.webm : MIME_TYPES.mp4;
}

/** Where a stored clip is served (with range requests): GET /api/media/videos/{name}. */
const videoFileUrl = (name: string) => `/api/media/videos/${name}`;

/** The threshold in force for a stored video: its own, else 80% of its duration, at most 30 s. */
export function watchSecondsOfRow(row: Pick<VideoRow, 'duration_seconds' | 'watch_seconds'>): number {
  return watchSecondsOf(Number(row.duration_seconds), row.watch_seconds === null || row.watch_seconds === undefined ? null : Number(row.watch_seconds));
}

/** A video as supporters read it: its name and description in `locale` where the club wrote them, else English. */
export function toVideo(row: VideoRow, viewed: boolean, locale: Locale = DEFAULT_LOCALE): Video {
  const file = row.source_type === 'file';
  const duration = Number(row.duration_seconds);
  const texts = localized({ name: row.name, description: row.description }, row.translations, locale);
  return {
    id: row.id, slug: row.slug, name: texts.name, description: texts.description, videoSourceType: row.source_type,
    value: Number(row.value), thumbnailSrc: row.thumbnail_src, durationSeconds: duration, publishedAt: row.published_at,
    minimumWatchSeconds: watchSecondsOfRow(row),
    src: file ? videoFileUrl(row.source) : `https://www.youtube-nocookie.com/embed/${encodeURIComponent(row.source)}`,
    mimeType: file ? videoMimeType(row.source) : null,
    externalUrl: file ? null : `https://www.youtube.com/watch?v=${encodeURIComponent(row.source)}`,
    viewed,
  };
}
