// The slim build: the core alone (capture, identity, batching), without the extensions a page here never
// starts (autocapture, recording, surveys, flags, toolbar).
import posthog from 'posthog-js/dist/module.slim.js';
import { ANALYTICS_CONSENT_ID, posthogOptions } from './analytics.options.ts';

// Loaded after first paint by src/features/observe/observers.client.ts: the only module that imports posthog-js.

export interface AnalyticsPage {
  key: string;
  host: string;
  /** The signed-in supporter, or null. */
  userId: string | null;
  internal: boolean;
}

declare global {
  interface Window {
    /** The running client, for operators' consoles and the end-to-end tests. */
    __terraceAnalytics?: typeof posthog;
  }
}

/** Where chunk-reload.ts keeps failed navigations until they are reported. */
const NAVIGATION_ERRORS_KEY = 'terrace:navigation-errors';

let allowed = true;

/** Only for a supporter whose analytics consent allows it: the server asks (GET /observe.json). */
export function startAnalytics(page: AnalyticsPage): void {
  posthog.init(page.key, {
    ...posthogOptions({ host: page.host, localhost: ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname), userId: page.userId }),
    // Withdrawn on this page (the profile's consent switch): nothing more leaves.
    before_send: (event) => (allowed ? event : null),
  });
  window.__terraceAnalytics = posthog;
  // `internal` rides on the page's own event as a person property: no $identify, no request of its own.
  posthog.capture('pageview', { path: location.pathname + location.search }, page.userId ? { $set: { internal: page.internal } } : undefined);

  // Failed navigations (src/lib/navigation/chunk-reload.ts): those kept before this module loaded, maybe on the
  // page before a reload, then each as it happens.
  const reportNavigationErrors = () => {
    let seen: Array<{ path: string; error: string }> = [];
    try {
      seen = JSON.parse(sessionStorage.getItem(NAVIGATION_ERRORS_KEY) ?? '[]');
      sessionStorage.removeItem(NAVIGATION_ERRORS_KEY);
    } catch {
      // Storage refused: nothing kept to report.
    }
    for (const detail of seen) posthog.capture('navigation-error', { path: detail.path, error: detail.error });
  };
  reportNavigationErrors();
  window.addEventListener('terrace:navigation-error', reportNavigationErrors);
  window.addEventListener('terrace:consent', (event) => {
    const { consentId, enabled } = (event as CustomEvent<{ consentId: string; enabled: boolean }>).detail;
    if (consentId === ANALYTICS_CONSENT_ID && !enabled) {
      allowed = false;
      posthog.reset();
    }
  });
  window.addEventListener('terrace:logout', () => posthog.reset());
}
