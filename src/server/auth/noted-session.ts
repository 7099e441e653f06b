import { requestContext } from '../../shared/request-context.server.ts';
import type { LiveSession } from '../session/session.repository.ts';

// The page request's session as the kept-page lookup read it: the page's in-process API calls run in
// the same request context and look it up no second time. The ground floor's notes hold it untyped
// (they know nothing of sessions); this module is the only one that writes or reads it.

/** Hands the page request's session to its in-process API calls. */
export function noteSession(tokenHash: string, row: LiveSession): void {
  const context = requestContext.getStore();
  if (context) context.session = { tokenHash, row };
}

/** The session noted for this token hash in the page request being answered, if any. */
export function takeNotedSession(tokenHash: string): LiveSession | undefined {
  const noted = requestContext.getStore()?.session;
  return noted?.tokenHash === tokenHash ? noted.row as LiveSession : undefined;
}

/**
 * The club's content version (organizations.content_version) as the page request's session lookup read it, if it
 * read one: raised after every operator write, in whichever process or with whatever key it came.
 */
export function notedClubVersion(): number | undefined {
  const noted = requestContext.getStore()?.session;
  return noted === undefined ? undefined : Number((noted.row as LiveSession).contentVersion);
}
