import { hashToken } from '../auth/secrets.ts';
import { findNextScheduleChange } from '../content/schedule.repository.ts';
import { getDatabase } from '../db/database.ts';
import { findLiveSession } from '../session/session.repository.ts';
import { noteSession } from '../auth/noted-session.ts';
import { createSupporterPageCache, type SupporterPageCache } from './supporter-page-cache.ts';

/** The session cookie's names (src/lib/session/session.server.ts): `__Host-` over HTTPS. */
export const SESSION_COOKIE_NAMES = { http: 'terrace_session', https: '__Host-terrace_session' } as const;

/** The signed-in page cache over the process's database (the API's own connection). */
export function keptPagesFor(https: boolean): SupporterPageCache {
  const db = getDatabase();
  return createSupporterPageCache({
    sessionCookie: SESSION_COOKIE_NAMES[https ? 'https' : 'http'],
    async findViewer(token) {
      const tokenHash = hashToken(token);
      const row = await findLiveSession(db, tokenHash, new Date().toISOString());
      if (!row) return undefined;
      // Rendered afresh, the page's own API calls use this lookup (one per page request).
      noteSession(tokenHash, row);
      return {
        userId: row.id, organizationId: row.organization_id, timeZone: row.timeZone,
        version: `${row.page_version}.${row.contentVersion}`,
      };
    },
    async findNextChange(organizationId, now) {
      const next = await findNextScheduleChange(db, organizationId, now.toISOString());
      return next === undefined ? undefined : Date.parse(next);
    },
  });
}
