import type { MessageKey } from './i18n/translate.ts';

/** Spec section 9: every playlist gives this many points, once, when all its videos have been viewed. */
export const PLAYLIST_POINTS = 5;

/** A built-in playlist: product data, the same for every organization; its videos are the organization's. */
export interface CatalogPlaylist {
  id: string;
  slug: string;
  /** Product words, not the club's: answered in the request's language from the message files. */
  title: MessageKey;
  description: MessageKey;
}

/**
 * Spec section 3: "a fixed list of six playlists is built into the product" (the spec names none; these
 * are ours). In this order in every list.
 */
export const PLAYLISTS: readonly CatalogPlaylist[] = [
  { id: 'highlights', slug: 'match-highlights', title: 'playlists.highlights.title', description: 'playlists.highlights.blurb' },
  { id: 'goals', slug: 'goals-of-the-season', title: 'playlists.goals.title', description: 'playlists.goals.blurb' },
  { id: 'interviews', slug: 'player-interviews', title: 'playlists.interviews.title', description: 'playlists.interviews.blurb' },
  { id: 'behind-the-scenes', slug: 'behind-the-scenes', title: 'playlists.behindTheScenes.title', description: 'playlists.behindTheScenes.blurb' },
  { id: 'academy', slug: 'academy', title: 'playlists.academy.title', description: 'playlists.academy.blurb' },
  { id: 'classics', slug: 'classic-matches', title: 'playlists.classics.title', description: 'playlists.classics.blurb' },
];

export type PlaylistId = 'highlights' | 'goals' | 'interviews' | 'behind-the-scenes' | 'academy' | 'classics';

/** The playlist with this id or slug, or undefined (a 404). */
export function findCatalogPlaylist(idOrSlug: string): CatalogPlaylist | undefined {
  return PLAYLISTS.find((p) => p.id === idOrSlug || p.slug === idOrSlug);
}

export const playlistUrl = (id: string) => `/media/playlists/${encodeURIComponent(id)}`;
