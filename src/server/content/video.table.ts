import type { ConsoleColumns } from './story.table.ts';

/** How a video is played: a file in the media store (`<video>`), or a YouTube video behind a click-to-load facade. */
type VideoSourceType = 'file' | 'youtube';

/** A club video. Its view pays through the ledger (key `video:<id>`), once per supporter. */
export interface VideoTable {
  id: string;
  organization_id: string;
  /** The page address: /media/videos/{slug}. */
  slug: string;
  name: string;
  description: string;
  source_type: VideoSourceType;
  /** `file`: the stored name in the media store (`<sha256>.mp4` or `.webm`); `youtube`: the video's id. */
  source: string;
  /** The poster: a site path such as `/videos/goal-of-the-month.webp` (never a third-party address). */
  thumbnail_src: string;
  duration_seconds: number;
  /** Points for watching it, once per supporter. */
  value: number;
  published_at: string;
}

/** Which videos a built-in playlist holds for an organization, in order (the six playlists are product data). */
export interface PlaylistVideoTable {
  organization_id: string;
  playlist_id: string;
  video_id: string;
  position: number;
}

/** When a supporter first opened a playlist: `viewedAt`; until then the playlist `isNew`. */
interface PlaylistViewTable {
  user_id: string;
  playlist_id: string;
  viewed_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface VideoTables {
  videos: VideoTable & ConsoleColumns & {
    /** Seconds of playing before a view pays; null: 80% of the duration, at most 30 s. */
    watch_seconds: number | null;
  };
  playlist_videos: PlaylistVideoTable;
  playlist_views: PlaylistViewTable;
}
