import type { AnalyticsPage } from './analytics.client.ts';
import { ANALYTICS_CONSENT_ID, isInternalEmail } from './analytics.options.ts';
import { analyticsHost } from './analytics.server.ts';
import { listConsents } from '~/features/profile/profile.api.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import { getConfig } from '~/shared/config.server.ts';

/** Where the browser sends its spans (OTEL_EXPORTER_OTLP_ENDPOINT), only when tracing is on. */
export function browserTracingEndpoint(): string | undefined {
  return getConfig().OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
}

/** What the browser starts after first paint (GET /observe.json): product analytics, tracing, both or neither. */
export interface Observers {
  analytics: AnalyticsPage | null;
  tracing: { endpoint: string } | null;
}

interface Viewer {
  api: ApiClient;
  user?: { userId: string; email: string } | null | undefined;
  organization?: { settings: { internalDomains?: readonly string[] } } | null | undefined;
}

/** PUBLIC_POSTHOG_KEY or OTEL_EXPORTER_OTLP_ENDPOINT is set: pages carry data-observe="1" (Base.astro). */
export function observersOn(): boolean {
  return !!analyticsHost() || !!browserTracingEndpoint();
}

/**
 * A supporter whose analytics consent is off (or never given, or unknown because the API failed) is not
 * tracked: the browser is not even told the key, so posthog-js is never downloaded for them.
 */
async function consentAllows(api: ApiClient): Promise<boolean> {
  try {
    const consent = (await listConsents(api)).find((c) => c.consentId === ANALYTICS_CONSENT_ID);
    return !consent || consent.enabled;
  } catch {
    return false;
  }
}

/** For one request: the supporter (when signed in) is identified, with `internal` and the consent decided here. */
export async function observersFor({ api, user, organization }: Viewer): Promise<Observers> {
  const key = getConfig().PUBLIC_POSTHOG_KEY;
  const host = analyticsHost();
  const endpoint = browserTracingEndpoint();
  const tracked = !!key && !!host && (!user || (await consentAllows(api)));
  return {
    analytics: key && host && tracked ? {
      key,
      host,
      userId: user?.userId ?? null,
      internal: !!user && isInternalEmail(user.email, organization?.settings.internalDomains ?? []),
    } : null,
    tracing: endpoint ? { endpoint } : null,
  };
}
