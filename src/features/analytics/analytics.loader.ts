import type { AnalyticsPage } from './analytics.client.ts';

// The page's only analytics code up front (a few hundred bytes): posthog-js comes on idle, after first
// paint, as its own chunk. Rendered only when PUBLIC_POSTHOG_KEY is set (Analytics.astro).
const IDLE_TIMEOUT_MS = 2000;

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, IDLE_TIMEOUT_MS);
}

const element = document.getElementById('terrace-analytics');
if (element) {
  const { key = '', host = '', user = '', internal } = element.dataset;
  const page: AnalyticsPage = { key, host, userId: user || null, internal: internal === 'true' };
  whenIdle(() => {
    import('./analytics.client.ts').then(({ startAnalytics }) => startAnalytics(page)).catch((error: unknown) => {
      console.error('analytics did not start', error);
    });
  });
}
