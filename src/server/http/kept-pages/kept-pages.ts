import type { CacheProvider } from 'astro';
import { DEPENDENCIES, FOR_SUPPORTER, FOR_VISITORS } from '../../../shared/kept-pages.ts';
import { withFormKeys } from '../../../shared/form-keys.server.ts';
import { negotiateLocale } from '../../../shared/i18n/locales.ts';
import { dateInTimeZone } from '../../users/age.ts';
import { noteRoute } from '../../../shared/request-context.server.ts';
import { encode, pickEncoding, readCookies, readDirectives, setsCookies, type Bytes, type Encoding } from './web.ts';
import { isSessionToken } from '../../../shared/session-cookie.ts';

/**
 * Kept pages: Astro's route cache with a runtime provider of ours. A page says in its frontmatter that it
 * may be kept, for whom and what it is made from (src/lib/cache/kept-page.ts); here the answers are kept
 * in memory and served again without rendering:
 * - a visitor's page (no cookie but the language's) once per address and language, for a minute;
 * - a supporter's page per supporter, address and language, only while what it declared is unchanged:
 *   their version and the club's (read from the database with the session, so every process behind a
 *   load balancer agrees), the organization's day, the next challenge or story to appear or close.
 * Anything else the app must see (a toast, a return path, an unknown session) goes to the app.
 */

/** A supporter as their session reads, with the versions of what their pages are made from. */
export interface Viewer {
  userId: string;
  organizationId: string;
  timeZone: string;
  /** Raised by every write of theirs and every change of their balance (src/server/versions/). */
  ownVersion: number;
  /** Raised by every operator write. */
  clubVersion: number;
}

export interface KeptPagesOptions {
  /** The session cookie's name (`terrace_session`, or `__Host-terrace_session` over HTTPS). */
  sessionCookie: string;
  /** Supporters' pages are kept (not with API_ORIGIN: writes made there raise nothing here). */
  supporters: boolean;
  /** The live session's viewer for a token, or undefined. */
  findViewer(token: string): Promise<Viewer | undefined>;
  /** When a challenge or story of the organization next appears or closes (ms since the epoch), if ever. */
  findNextChange(organizationId: string, now: Date): Promise<number | undefined>;
  /** A lookup failed: the app answers as it would have anyway. */
  onError(error: unknown): void;
  now?: () => number;
  maxBytes?: number;
}

/** A dashboard is about 40 KB: thousands of pages fit. The least recently served goes first. */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 512 * 1024;
/** Said by the route cache for the provider alone: never kept or sent. */
const DIRECTIVE_HEADERS = new Set(['cdn-cache-control', 'cache-tag', 'x-astro-cache']);

interface Entry {
  body: Bytes;
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  tags: string[];
  /** What the declared dependencies read when the page was made; compared at every serve. */
  state: string;
  expiresAt: number;
  /** Compressed once per encoding asked for, not at every serve. */
  encoded: Partial<Record<Encoding, Bytes>>;
}


interface Visit {
  key: string;
  target: string;
  viewer?: Viewer;
}

/** What a visitor's request says that picks its kept page. */
export interface VisitorHeaders {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  acceptEncoding?: string | undefined;
}

/** The route cache's provider, and a visitor's kept page for the server to ask first. */
export type KeptPages = CacheProvider & {
  visitorPage(method: string, target: string, headers: VisitorHeaders): KeptAnswer | undefined;
};

export function createKeptPages(options: KeptPagesOptions): KeptPages {
  const now = options.now ?? (() => Date.now());
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  const visitorKey = (target: string, language: string | undefined, acceptLanguage: string | null) =>
    `visitor ${negotiateLocale(language, acceptLanguage ?? undefined)} ${target}`;

  const identify = async (request: Request, url: URL): Promise<Visit | undefined> => {
    const cookies = readCookies(request.headers.get('cookie'), options.sessionCookie);
    if (!cookies) return undefined;
    const target = url.pathname + url.search;
    const locale = negotiateLocale(cookies.language, request.headers.get('accept-language') ?? undefined);
    if (cookies.token === undefined) return { key: visitorKey(target, cookies.language, request.headers.get('accept-language')), target };
    if (!options.supporters || !isSessionToken(cookies.token)) return undefined;
    try {
      const viewer = await options.findViewer(cookies.token);
      return viewer && { key: `${viewer.userId} ${locale} ${target}`, target, viewer };
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  };

  const isFresh = (entry: Entry, visit: Visit, at: number) =>
    at < entry.expiresAt && (!visit.viewer || entry.state === stateOf(visit.viewer, entry.tags, at));

  const keep = async (visit: Visit, response: Response, madeAt: number): Promise<Response> => {
    const declared = readDirectives(response);
    if (!declared || response.status !== 200 || setsCookies(response)) return response;
    const cacheControl = response.headers.get('cache-control') ?? '';
    // Kept only as the page declared and the middleware agreed: shared for a visitor, private for a supporter.
    const fits = visit.viewer
      ? declared.tags.includes(FOR_SUPPORTER) && /no-store/.test(cacheControl) && /^text\/html/.test(response.headers.get('content-type') ?? '')
      : declared.tags.includes(FOR_VISITORS) && /^public\b/.test(cacheControl);
    if (!fits) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !DIRECTIVE_HEADERS.has(name));
    const answer = () => answerFrom({ body, headers, status: response.status, statusText: response.statusText }, 'MISS');
    if (body.length > MAX_ENTRY_BYTES) return answer();
    let expiresAt = madeAt + declared.maxAge * 1000;
    if (visit.viewer && declared.tags.includes(DEPENDENCIES.schedule)) {
      expiresAt = Math.min(expiresAt, (await options.findNextChange(visit.viewer.organizationId, new Date(madeAt))) ?? Infinity);
    }
    forget(visit.key);
    while (bytes + body.length > maxBytes && entries.size) forget(entries.keys().next().value!);
    entries.set(visit.key, {
      body, headers, status: response.status, statusText: response.statusText, tags: declared.tags, expiresAt, encoded: {},
      state: visit.viewer ? stateOf(visit.viewer, declared.tags, madeAt) : '',
    });
    bytes += body.length;
    return answer();
  };

  const serveAgain = (key: string, visit: Visit, method: string, acceptEncoding: string | null): KeptAnswer | undefined => {
    const entry = entries.get(key);
    if (!entry || !isFresh(entry, visit, now())) return undefined;
    // Most recently served last: the oldest goes first when memory runs short.
    entries.delete(key);
    entries.set(key, entry);
    noteRoute('kept-page');
    return keptAnswer(entry, 'HIT', method === 'HEAD', acceptEncoding);
  };

  return {
    name: 'kept-pages',

    /**
     * A visitor's kept page, before Astro's pipeline (which costs a kept /about as much again as serving
     * it): the server asks here first (src/server/http/serve.ts). Only a GET or HEAD without a session;
     * anything else, or nothing kept, is undefined and goes to the app as usual.
     */
    visitorPage(method: string, target: string, headers: VisitorHeaders) {
      if ((method !== 'GET' && method !== 'HEAD') || target === '/api' || target.startsWith('/api/') || target.startsWith('/api?')) return undefined;
      const cookies = readCookies(headers.cookie ?? null, options.sessionCookie);
      if (!cookies || cookies.token !== undefined) return undefined;
      const key = visitorKey(target, cookies.language, headers.acceptLanguage ?? null);
      return serveAgain(key, { key, target }, method, headers.acceptEncoding ?? null);
    },

    async onRequest({ request, url }, next) {
      const method = request.method;
      if ((method !== 'GET' && method !== 'HEAD') || url.pathname === '/api' || url.pathname.startsWith('/api/')) return next();
      const visit = await identify(request, url);
      if (!visit) return next();
      const again = serveAgain(visit.key, visit, method, request.headers.get('accept-encoding'));
      if (again) return new Response(again.body, { status: again.status, statusText: again.statusText, headers: again.headers });
      const at = now();
      forget(visit.key);
      const { viewer } = visit;
      // The page's form keys follow the supporter's version: the same while the page may be kept.
      const response = viewer ? await withFormKeys(`${viewer.userId}\n${viewer.ownVersion}\n${visit.target}`, next) : await next();
      return method === 'GET' ? keep(visit, response, at).catch((error: unknown) => {
        options.onError(error);
        return response;
      }) : response;
    },

    async invalidate({ path, tags }) {
      const dropped = new Set(typeof tags === 'string' ? [tags] : tags ?? []);
      for (const [key, entry] of [...entries]) {
        if ((path !== undefined && key.endsWith(` ${path}`)) || entry.tags.some((tag) => dropped.has(tag))) forget(key);
      }
    },
  };
}

/** What the declared dependencies read now: the page is served again only while this is unchanged. */
function stateOf(viewer: Viewer, tags: string[], at: number): string {
  const parts: string[] = [];
  if (tags.includes(DEPENDENCIES.own)) parts.push(`own ${viewer.ownVersion}`);
  if (tags.includes(DEPENDENCIES.club)) parts.push(`club ${viewer.clubVersion}`);
  if (tags.includes(DEPENDENCIES.day)) parts.push(`day ${dateInTimeZone(new Date(at), viewer.timeZone)}`);
  return parts.join(', ');
}

/** A kept answer, as the server writes it (src/server/http/serve.ts) or the route cache returns it. */
export interface KeptAnswer {
  status: number;
  statusText: string;
  /** Plain pairs, not `Headers`: the server sets them as they are, at thousands of answers a second. */
  headers: Array<[string, string]>;
  body: Bytes | null;
}

function answerFrom(...args: Parameters<typeof keptAnswer>): Response {
  const { body, status, statusText, headers } = keptAnswer(...args);
  return new Response(body, { status, statusText, headers });
}

function keptAnswer(
  entry: Pick<Entry, 'body' | 'headers' | 'status' | 'statusText'> & Partial<Pick<Entry, 'encoded'>>,
  outcome: 'HIT' | 'MISS', head = false, acceptEncoding: string | null = null,
): KeptAnswer {
  let body = entry.body;
  const encoding = entry.encoded && pickEncoding(acceptEncoding, body.length);
  // Said again below for the body sent; a stale length would cut the answer short (or hang it).
  const headers = entry.headers.filter(([name]) => name !== 'content-length' && (!encoding || name !== 'vary'));
  headers.push(['x-astro-cache', outcome]);
  if (encoding) {
    // Already encoded, the server's compression leaves it as it is.
    body = entry.encoded![encoding] ??= encode(body, encoding);
    const vary = entry.headers.find(([name]) => name === 'vary')?.[1];
    headers.push(['content-encoding', encoding], ['vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding']);
  }
  headers.push(['content-length', String(body.length)]);
  return { status: entry.status, statusText: entry.statusText, headers, body: head ? null : body };
}
