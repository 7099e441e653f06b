import type { Observers } from './observers.server.ts';

// Loaded by late.ts after first paint, only when the page says analytics or tracing is configured. Each
// of the two is its own chunk, imported only when the server names it.
export async function startObservers(): Promise<void> {
  const response = await fetch('/observe.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /observe.json answered ${response.status}`);
  const { analytics, tracing } = (await response.json()) as Observers;
  if (tracing) (await import('./tracing.client.ts')).startBrowserTracing(tracing.endpoint);
  // Null for a visitor or supporter who is not to be tracked: posthog-js is not even downloaded.
  if (analytics) (await import('~/features/observe/analytics.client.ts')).startAnalytics(analytics);
}
