// Generated hostile page paths, shared by the guard's property test and the end-to-end run against
// the built server (tests/e2e/hostile-paths.spec.ts). Test-only: nothing in the app imports it.
import fc from 'fast-check';

/** Real route prefixes an attack starts from. */
export const ROUTE_PREFIXES = [
  '/', '/stories/', '/membership/upgrade/', '/challenges/polls/', '/challenges/', '/media/playlists/',
  '/media/videos/', '/sweepstakes/', '/choose-your-membership/', '/profile/', '/about/', '/login/',
] as const;

/** Where a climb would like to land: public, protected and error pages, the API, another host. */
const TARGETS = ['about', 'media', 'dashboard', 'profile', 'edit', 'api', '404', '500', 'login', 'stories', 'abc', 'evil.example'];
const SEPARATORS = ['\\', '/', '%5C', '%5c', '%2F', '%2f', '%255C', '%252F', '%25255C'];
const DOTS = ['.', '..', '%2e', '%2E', '%2e%2e', '.%2e', '%2E.', '%252e%252e', '%252E'];

const hex = (code: number) => `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
/** C0 controls, DEL and a C1 control (NEL), percent-encoded as a URL carries them. */
const control = fc.oneof(fc.integer({ min: 0, max: 0x1f }).map(hex), fc.constantFrom('%7F', '%C2%85'));
const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 });
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SEPARATORS) },
  { weight: 4, arbitrary: fc.constantFrom(...DOTS) },
  { weight: 3, arbitrary: fc.constantFrom(...TARGETS) },
  { weight: 2, arbitrary: control },
  { weight: 1, arbitrary: unicode },
  { weight: 1, arbitrary: unicode.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/) },
  { weight: 1, arbitrary: fc.integer({ min: 65, max: 1_500 }).map((n) => 'a'.repeat(n)) },
);
const segment = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

/**
 * A hostile path a client can send: a real prefix, then segments mixing raw and encoded slashes,
 * backslashes, dot segments, control characters, unicode and long runs. Percent escapes are always
 * well formed (malformed ones never reach a page: the Node adapter refuses them).
 */
export const hostilePath = fc
  .tuple(fc.constantFrom(...ROUTE_PREFIXES), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([prefix, segments, trailingSlash]) => `${prefix}${segments.join('/')}${trailingSlash ? '/' : ''}`)
  .filter((path) => path.length <= 6_000);

const ROUTE_WORDS = [
  'stories', 'membership', 'upgrade', 'challenges', 'polls', 'media', 'playlists', 'videos', 'sweepstakes',
  'dashboard', 'about', 'profile', 'edit', 'login', 'verify-email', 'welcome', 'history', 'gold', 'abc', 'v1',
  // A real playlist id: ids that exist reach a page (unknown ones are a 404 since issue 12).
  'highlights',
];
/** Each character kept or percent-encoded (`st%6Fries` is `stories` to the router). */
const spelled = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((encode) => [...word].map((c, i) => (encode[i] ? hex(c.charCodeAt(0)) : c)).join(''));
const nearSegment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTE_WORDS).chain(spelled) },
  { weight: 2, arbitrary: fc.constantFrom('.', '..', '%2e', '%2E%2e', '') },
  { weight: 1, arbitrary: fc.constantFrom(...SEPARATORS, ...DOTS) },
);

/**
 * A path close to a real one: route words (some letters percent-encoded), plain dot segments the
 * URL parser resolves, empty segments, and now and then one hostile piece. Many of these reach a
 * page, so the check that the guard and the router pick the same page has pages to compare.
 */
export const pathNearRoutes = fc
  .tuple(fc.constantFrom(...ROUTE_PREFIXES), fc.array(nearSegment, { minLength: 0, maxLength: 4 }), fc.boolean())
  .map(([prefix, segments, trailingSlash]) => `${prefix}${segments.join('/')}${trailingSlash ? '/' : ''}`);

/** Anything at all in a path, for the pure guard: malformed escapes, raw controls, lone surrogates. */
export const anyPathString = fc.oneof(
  hostilePath,
  fc.string({ unit: 'binary', maxLength: 60 }).map((s) => `/${s}`),
  fc.array(fc.constantFrom('%', '%Z', '%C0%AE', '%E2%80', '\u0000', '\t', '\uD800', '/', '\\', '..', 'stories'), { maxLength: 8 })
    .map((parts) => `/${parts.join('')}`),
);
