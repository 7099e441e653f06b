import type { CacheProvider } from 'astro';
import { hashToken } from '../../auth/secrets.ts';
import { getConfig } from '../../../shared/config.server.ts';
import { sessionCookieNameFor } from '../../../shared/session-cookie.ts';
import { isSecureSite } from '../../../shared/site.server.ts';
import { findNextScheduleChange } from '../../content/schedule.repository.ts';
import type { Db } from '../../db/connection.ts';
import { getDatabase } from '../../db/database.ts';
import { log } from '../../log.ts';
import { findLiveSession } from '../../session/session.repository.ts';
import { noteSession } from '../../auth/noted-session.ts';
import { createKeptPages, type KeptAnswer, type KeptPages, type KeptPagesOptions, type VisitorHeaders } from './kept-pages.ts';

/** A viewer and the next schedule change, read from `db` (the process's own connection). */
export function lookUpsOver(db: Db): Pick<KeptPagesOptions, 'findViewer' | 'findNextChange'> {
  return {
    async findViewer(token) {
      const tokenHash = hashToken(token);
      const row = await findLiveSession(db, tokenHash, new Date().toISOString());
      if (!row) return undefined;
      // Rendered afresh, the page's own API calls use this lookup (one per page request).
      noteSession(tokenHash, row);
      return {
        userId: row.id, organizationId: row.organization_id, timeZone: row.timeZone,
        ownVersion: Number(row.page_version), clubVersion: Number(row.contentVersion),
      };
    },
    async findNextChange(organizationId, now) {
      const next = await findNextScheduleChange(db, organizationId, now.toISOString());
      return next === undefined ? undefined : Date.parse(next);
    },
  };
}

/** The one made by Astro for this process (the server and the app are one bundle: src/server/http/main.ts). */
let inProcess: KeptPages | undefined;

/** A visitor's page kept in this process, if any: the server serves it before the app (serve.ts). */
export function keptVisitorPage(method: string, target: string, headers: VisitorHeaders): KeptAnswer | undefined {
  return inProcess?.visitorPage(method, target, headers);
}

/** The route cache's provider (astro.config.mjs `cache.provider`): kept pages over the process's database. */
export default function keptPagesProvider(): CacheProvider {
  const config = getConfig();
  return inProcess = createKeptPages({
    sessionCookie: sessionCookieNameFor(isSecureSite(config)),
    // Writes made at another API would raise no version here.
    supporters: !config.API_ORIGIN && config.KEPT_PAGES === 'on',
    ...lookUpsOver(getDatabase()),
    onError: (error) => log.error({ err: error }, 'kept page lookup failed'),
  });
}
