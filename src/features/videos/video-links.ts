/** A video's page; inside a playlist, with the playlist in the query so the page offers the next one. */
export function videoHref(video: { slug: string }, playlistId?: string): string {
  const path = `/media/videos/${encodeURIComponent(video.slug)}`;
  return playlistId ? `${path}?playlist=${encodeURIComponent(playlistId)}` : path;
}

/** The first video of a playlist still to watch, else its first: where "Play all" or "Continue" goes. */
export function nextToWatch<V extends { viewed: boolean }>(videos: V[]): V | undefined {
  return videos.find((v) => !v.viewed) ?? videos[0];
}
