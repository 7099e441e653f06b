/**
 * JSON-LD for a `<script type="application/ld+json">` block: the JSON with `<`, `>`, `&` and the two
 * line separators escaped, so no text in it (a club name, an article title) can close the script or
 * open a comment.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** schema.org `SportsTeam` for the club: its name, crest and home page (absolute addresses). */
export function sportsTeamJsonLd(club: { name: string; crestUrl: string }, origin: string, description?: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsTeam',
    name: club.name,
    url: new URL('/', origin).href,
    logo: new URL(club.crestUrl, origin).href,
    ...(description ? { description } : {}),
  };
}
