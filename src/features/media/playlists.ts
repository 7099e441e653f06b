import type { MessageKey } from '~/shared/i18n/translate.ts';

/** Spec section 9: every playlist gives this many points. */
export const PLAYLIST_POINTS = 5;

export interface Playlist {
  id: string;
  slug: string;
  /** The title is the product's, not the club's: it comes from the message files. */
  title: MessageKey;
  blurb: MessageKey;
  points: number;
}

const playlist = (id: string, slug: string, title: MessageKey, blurb: MessageKey): Playlist =>
  ({ id, slug, title, blurb, points: PLAYLIST_POINTS });

/**
 * Spec section 3: "a fixed list of six playlists is built into the product" (the spec names none; these
 * are ours). The API's copy (src/server/content/playlist.catalog.ts, same ids and words) carries their
 * videos and each supporter's progress: the playlist pages read GET /api/content/playlists
 * (features/videos); this list is left for the Media tab's cards until it does too.
 */
export const PLAYLISTS: readonly Playlist[] = [
  playlist('highlights', 'match-highlights', 'playlists.highlights.title', 'playlists.highlights.blurb'),
  playlist('goals', 'goals-of-the-season', 'playlists.goals.title', 'playlists.goals.blurb'),
  playlist('interviews', 'player-interviews', 'playlists.interviews.title', 'playlists.interviews.blurb'),
  playlist('behind-the-scenes', 'behind-the-scenes', 'playlists.behindTheScenes.title', 'playlists.behindTheScenes.blurb'),
  playlist('academy', 'academy', 'playlists.academy.title', 'playlists.academy.blurb'),
  playlist('classics', 'classic-matches', 'playlists.classics.title', 'playlists.classics.blurb'),
];

/** The playlist with this id, or undefined: an unknown id is a 404, never an empty page. */
export function findPlaylist(id: string): Playlist | undefined {
  return PLAYLISTS.find((p) => p.id === id);
}

export const playlistHref = (p: Pick<Playlist, 'id'>) => `/media/playlists/${encodeURIComponent(p.id)}`;

/**
 * The colour of a playlist's drawn cover: always the same for a playlist, and a checkerboard across the
 * two-column grid of all six.
 */
export function coverTone(p: Playlist): 'primary' | 'secondary' {
  const i = PLAYLISTS.indexOf(p);
  return (Math.floor(i / 2) + i) % 2 === 0 ? 'primary' : 'secondary';
}
