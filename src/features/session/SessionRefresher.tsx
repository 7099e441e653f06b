import { useEffect } from 'react';
import { browserApi } from '~/lib/api/browser.ts';
import { $currentUser, type CurrentUserSummary } from '~/lib/session/current-user.ts';
import { startHourlyRefresh } from './hourly-refresh.ts';

/**
 * Keeps a page left open fresh: the signed-in user, and the challenge list where the page shows it,
 * every 60 minutes. A 401 means the session ended elsewhere, so the page reloads (and the guards
 * take over). Renders nothing.
 */
export function SessionRefresher({ user }: { user: CurrentUserSummary }) {
  useEffect(() => {
    $currentUser.set(user);
    return startHourlyRefresh(browserApi(), () => window.location.reload());
  }, [user]);
  return null;
}
