import type { AnalyticsPage } from '~/features/analytics/analytics.client.ts';
import { isInternalEmail } from '~/features/analytics/analytics.options.ts';
import { analyticsHost } from '~/features/analytics/analytics.server.ts';
import { browserTracingEndpoint } from '~/lib/api/server.ts';
import { getConfig } from '~/server/config.ts';

/** What the browser starts after first paint (GET /observe.json): product analytics, tracing, both or neither. */
export interface Observers {
  analytics: AnalyticsPage | null;
  tracing: { endpoint: string } | null;
}

interface Viewer {
  user?: { userId: string; email: string } | null | undefined;
  organization?: { settings: { internalDomains?: readonly string[] } } | null | undefined;
}

/** PUBLIC_POSTHOG_KEY or OTEL_EXPORTER_OTLP_ENDPOINT is set: pages carry data-observe="1" (Base.astro). */
export function observersOn(): boolean {
  return !!analyticsHost() || !!browserTracingEndpoint();
}

/** For one request: the supporter (when signed in) is identified, with `internal` decided here. */
export function observersFor({ user, organization }: Viewer): Observers {
  const key = getConfig().PUBLIC_POSTHOG_KEY;
  const host = analyticsHost();
  const endpoint = browserTracingEndpoint();
  return {
    analytics: key && host ? {
      key,
      host,
      userId: user?.userId ?? null,
      internal: !!user && isInternalEmail(user.email, organization?.settings.internalDomains ?? []),
    } : null,
    tracing: endpoint ? { endpoint } : null,
  };
}
