import { isHTTPError } from 'ky';
import { useEffect } from 'react';
import { browserApi } from '~/lib/api/browser.ts';
import { $currentUser, REFRESH_INTERVAL_MS, type CurrentUserSummary } from '~/lib/session/current-user.ts';

/**
 * Keeps the signed-in user fresh on a page left open: refetches every 60 minutes. A 401 means the
 * session ended elsewhere, so the page reloads (and the guards take over). Renders nothing.
 */
export function SessionRefresher({ user }: { user: CurrentUserSummary }) {
  useEffect(() => {
    $currentUser.set(user);
    const timer = setInterval(() => {
      browserApi().http.get('user/me').json<{ data: CurrentUserSummary }>()
        .then(({ data }) => $currentUser.set(data))
        .catch((error: unknown) => {
          if (isHTTPError(error) && error.response.status === 401) window.location.reload();
        });
    }, REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [user]);
  return null;
}
