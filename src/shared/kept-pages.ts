// The kept pages' names, shared by the pages that declare themselves kept (src/lib/cache/kept-page.ts) and
// the route cache's provider that keeps them (src/server/http/kept-pages/): the route cache's tags.

/** How long a kept page may be served at most, whatever it depends on (the organization is kept as long). */
export const KEEP_SECONDS = 60;

/** Kept once per address and language, for every visitor without a session. */
export const FOR_VISITORS = 'for:visitors';
/** Kept per supporter, address and language, and checked against what it depends on at every serve. */
export const FOR_SUPPORTER = 'for:supporter';

/**
 * What a supporter's page may be made from. The provider serves a kept page again only while each
 * thing it names is unchanged; a page that shows something it does not name may be a minute old.
 */
export const DEPENDENCIES = {
  /** The supporter's own state (balance, streak, answers, entries): their version, raised by every write of theirs and every balance change. */
  own: 'on:own',
  /** The club's content and settings: the club's version, raised by every operator write. */
  club: 'on:club',
  /** Challenges and stories appearing or closing: kept no later than the next such moment. */
  schedule: 'on:schedule',
  /** The organization's date (check-in, birthday, age): kept no later than its midnight. */
  day: 'on:day',
} as const;
export type Dependency = keyof typeof DEPENDENCIES;
