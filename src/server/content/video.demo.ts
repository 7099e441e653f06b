import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { PlaylistId } from '../../shared/playlists.ts';
import { insertPlaylistVideos, insertVideos } from './video.repository.ts';
import type { VideoTable } from './video.table.ts';

const HOUR = 3_600_000;

/** Where the demo clips are kept in the repository; the seed copies them into MEDIA_DIR (video.install.ts). */
export const DEMO_VIDEO_DIR = 'src/server/content/demo-videos';

export type DemoSource =
  | { type: 'file'; file: string; sha256: string }
  | { type: 'youtube'; youtubeId: string };

export interface DemoVideo {
  slug: string;
  name: string;
  description: string;
  value: number;
  hoursAgo: number;
  durationSeconds: number;
  source: DemoSource;
  /** The playlists it belongs to; its place in each is its order in this list. */
  playlists: PlaylistId[];
}

/**
 * Terrace FC's demo videos (club content: stays in English). The clips are made here by
 * `node scripts/pictures/demo-videos.ts` (ffmpeg), which also draws every poster (public/videos/{slug}.webp);
 * the YouTube entries are the Blender Foundation's open movies (CC BY), shown behind a facade.
 */
export const DEMO_VIDEOS: ReadonlyArray<DemoVideo> = [
  {
    slug: 'millbank-highlights', name: 'Highlights: Terrace FC 2-1 Millbank Rovers',
    description: 'Calder from the edge of the box, a Millbank header, and Mensah winning it at the North Stand end.',
    value: 15, hoursAgo: 20, durationSeconds: 30,
    source: { type: 'file', file: 'millbank-highlights.mp4', sha256: 'e38fde332150f3e836a27a2181b7b979164ac6a4e7556b1e614c50c83788affd' },
    playlists: ['highlights'],
  },
  {
    slug: 'goal-of-the-month', name: "Goal of the month: Mensah's late winner",
    description: 'Kwame Mensah curls in the 88th-minute winner that sent the under-18s into the Youth Cup quarter-finals.',
    value: 10, hoursAgo: 3, durationSeconds: 10,
    source: { type: 'file', file: 'goal-of-the-month.webm', sha256: '757516c43c9df575f7460ce325a37a3ca7d9a0a8b7104583c05e72cbb2075f48' },
    playlists: ['highlights', 'goals'],
  },
  {
    slug: 'calder-interview', name: 'Rhys Calder: "This club is my home"',
    description: 'The captain on his new three-year deal, the terrace and the silverware he wants to bring home.',
    value: 15, hoursAgo: 28, durationSeconds: 20,
    source: { type: 'file', file: 'calder-interview.webm', sha256: '654cdb36dce82541ad85d47a1131f0717c3b8c200ab6d1fa085a4205aaf4d7ac' },
    playlists: ['interviews'],
  },
  {
    slug: 'training-rondo', name: 'Training ground: the rondo',
    description: 'Five round, one in the middle, two touches: how the squad warms up every morning.',
    value: 10, hoursAgo: 45, durationSeconds: 15,
    source: { type: 'file', file: 'training-rondo.mp4', sha256: 'a3ef1a06c03d595bcad2f2deb54b5aaade4407753560c0183ffe55375152a123' },
    playlists: ['behind-the-scenes', 'academy'],
  },
  {
    slug: 'youth-cup-run', name: 'Academy: the Youth Cup run',
    description: 'The under-18s reach the quarter-finals for the first time in nine years.',
    value: 10, hoursAgo: 52, durationSeconds: 15,
    source: { type: 'file', file: 'youth-cup-run.webm', sha256: '1bba7c6496cae163b26c096fb77cc38f445fbd3161f52904f934b4d8a025d5ec' },
    playlists: ['academy', 'highlights'],
  },
  {
    slug: 'cup-final-1998', name: 'From the archive: the 1998 Cup Final',
    description: 'Terrace FC 3-2 Harbour Town after extra time, with Doyle scoring the winner in the 117th minute.',
    value: 20, hoursAgo: 70, durationSeconds: 20,
    source: { type: 'file', file: 'cup-final-1998.mp4', sha256: '91528372e99793eece651a5c61f0e954dc541c2d40073ae2de902a90bff31ca2' },
    playlists: ['classics', 'goals'],
  },
  {
    slug: 'film-night-big-buck-bunny', name: 'Squad film night: Big Buck Bunny',
    description: 'The squad picked the film for the coach to Harbour Town: the Blender Foundation\'s open movie.',
    value: 20, hoursAgo: 96, durationSeconds: 635,
    source: { type: 'youtube', youtubeId: 'aqz-KE-bpKQ' },
    playlists: ['behind-the-scenes'],
  },
  {
    slug: 'film-night-spring', name: 'Squad film night: Spring',
    description: 'A short from the Blender Foundation, chosen by the academy players for the trip home.',
    value: 15, hoursAgo: 120, durationSeconds: 464,
    source: { type: 'youtube', youtubeId: 'WhWc3b3KhnY' },
    playlists: ['behind-the-scenes'],
  },
  {
    slug: 'film-night-tears-of-steel', name: 'Squad film night: Tears of Steel',
    description: 'Science fiction in Amsterdam for the long drive to the cup tie: an open movie by the Blender Foundation.',
    value: 15, hoursAgo: 150, durationSeconds: 734,
    source: { type: 'youtube', youtubeId: 'R6MlUcmOul8' },
    playlists: [],
  },
  {
    slug: 'film-night-sintel', name: 'Squad film night: Sintel',
    description: 'A girl, a dragon and a long search: the Blender Foundation\'s open movie, the goalkeepers\' choice.',
    value: 15, hoursAgo: 180, durationSeconds: 888,
    source: { type: 'youtube', youtubeId: 'eRsGyueVLvQ' },
    playlists: [],
  },
];

/** The name a demo clip is stored under in the media store: its content hash, like every stored file. */
export function storedName(source: Extract<DemoSource, { type: 'file' }>): string {
  return `${source.sha256}${source.file.slice(source.file.lastIndexOf('.'))}`;
}

export async function seedDemoVideos(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const rows = DEMO_VIDEOS.map((d): VideoTable => ({
    id: randomUUID(), organization_id: organizationId, slug: d.slug, name: d.name, description: d.description,
    source_type: d.source.type, source: d.source.type === 'file' ? storedName(d.source) : d.source.youtubeId,
    thumbnail_src: `/videos/${d.slug}.webp`, duration_seconds: d.durationSeconds, value: d.value,
    published_at: new Date(now.getTime() - d.hoursAgo * HOUR).toISOString(),
  }));
  await insertVideos(db, rows);
  const positions = new Map<string, number>();
  await insertPlaylistVideos(db, DEMO_VIDEOS.flatMap((d, i) => d.playlists.map((playlistId) => {
    const position = positions.get(playlistId) ?? 0;
    positions.set(playlistId, position + 1);
    return { organization_id: organizationId, playlist_id: playlistId, video_id: rows[i]!.id, position };
  })));
}
