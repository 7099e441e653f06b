import { withReasonPhrase } from '~/lib/http/reason-phrase.server.ts';
import type { Locale } from '~/shared/i18n/locales.ts';
import { getConfig } from '~/shared/config.server.ts';
import type { CallerCache } from '~/server/env.ts';
import { consoleLog } from '~/server/log.ts';
import { getApp } from '~/server/runtime.ts';
import { notedClubVersion } from '~/server/auth/noted-session.ts';
import { createApiClient, type ApiClient } from '../lib/api/client.ts';
import { fetchOrganization, type Organization } from '../lib/api/organization.ts';

// Server-only: imports the API itself. Islands use ./browser.ts.

/** `${API_ORIGIN}/api` when another API is configured. */
function configuredApiBase(): string | undefined {
  const origin = getConfig().API_ORIGIN;
  return origin ? `${origin.replace(/\/+$/, '')}/api` : undefined;
}

/**
 * What islands need to call the API. The browser always calls same-origin /api, also with
 * API_ORIGIN set: the server forwards it (src/pages/api/[...path].ts) with the session cookie turned
 * into the bearer, so the HttpOnly cookie and the same-origin check hold in both modes. `orgToken`
 * is the loaded organization's token (absent when none loaded, e.g. a 500 before the middleware):
 * the spec's x-org-token header, which the browser's client then sends, as the server's does after
 * GET /organization/current. Not a secret: GET /organization/current gives it to anyone with the
 * public key; it only lets the API refuse a page made for another organization.
 */
export function browserApiSettings(organization?: Pick<Organization, 'token'>): { apiBase: string; orgKey: string; orgToken: string | undefined } {
  return { apiBase: '/api', orgKey: getConfig().PUBLIC_ORG_KEY, orgToken: organization?.token };
}

/**
 * A client for one request: calls the Hono app in process (no socket) unless API_ORIGIN is set.
 * `language` (the page's) goes out as Accept-Language, so the API's messages come in it.
 */
export function createServerApi(sessionToken?: string, language?: Locale): ApiClient {
  const config = getConfig();
  // One session lookup per page request: its in-process API calls share the caller (GETs only).
  const callerCache: CallerCache = new Map();
  // An answer made in process has no status line: it gets the reason phrase the wire would carry.
  const inProcess: typeof fetch = async (input, init) =>
    withReasonPhrase(await getApp().fetch(input instanceof Request ? input : new Request(input, init), { callerCache }));
  return createApiClient({
    prefix: configuredApiBase() ?? 'http://in-process/api',
    organizationKey: config.PUBLIC_ORG_KEY,
    sessionToken,
    language,
    logger: consoleLog,
    // ky's 10-second timeout stays on in process too: a stalled database must not hold a page forever.
    ...(config.API_ORIGIN ? {} : { fetch: inProcess }),
  });
}

const ORGANIZATION_TTL_MS = 60_000;
/** `clubVersion`: the club's content version the loading request read with its session (none for a visitor's). */
const cached = new Map<Locale, { organization: Organization; loadedAt: number; clubVersion: number | undefined }>();

/** After the console saved the club's settings: this process's pages show them from their next request. */
export function forgetOrganization(): void {
  cached.clear();
}

/**
 * The organization as `locale`'s readers see it (the about page in their language), loaded once per language and
 * kept for a minute (the same for every visitor of a language, so a module-level cache is safe). A supporter's
 * request knows the club's content version from its session lookup (the kept pages' provider reads it before the
 * page): a newer one than the kept organization was loaded under means an operator saved something since, here or
 * through another process or an API key, and the organization is loaded again, so their page shows it at once.
 * Visitors' pages are kept for a minute anyway. `api` asks in `locale` (createServerApi). Sets x-org-token on the
 * given client.
 */
export async function loadOrganization(api: ApiClient, locale: Locale): Promise<Organization> {
  const clubVersion = notedClubVersion();
  let kept = cached.get(locale);
  if (!kept || isOutdated(kept, clubVersion)) {
    const organization = await fetchOrganization(api, consoleLog);
    if (!organization) throw new Error('The API answered without an organization');
    kept = { organization, loadedAt: Date.now(), clubVersion };
    cached.set(locale, kept);
  }
  api.setOrganizationToken(kept.organization.token);
  return kept.organization;
}

/** Older than a minute, or loaded before the club's version this request read (or by a visitor, who read none). */
function isOutdated(kept: { loadedAt: number; clubVersion: number | undefined }, clubVersion: number | undefined): boolean {
  if (Date.now() - kept.loadedAt > ORGANIZATION_TTL_MS) return true;
  return clubVersion !== undefined && (kept.clubVersion === undefined || clubVersion > kept.clubVersion);
}
