import type { PostHogConfig } from 'posthog-js/dist/module.slim.js';

// The analytics constants of the spec (section 9), in one place; read back from the running client by
// tests/e2e/analytics.spec.ts.

/** posthog-js sends every request with this time-out (its own default, 60 s, which has no option). */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface AnalyticsOptionsInput {
  host: string;
  /** The page is served from localhost: no autocapture, session recording or heatmaps. */
  localhost: boolean;
  /** The signed-in supporter, or null for a visitor. */
  userId?: string | null;
}

export function posthogOptions({ host, localhost, userId }: AnalyticsOptionsInput): Partial<PostHogConfig> {
  return {
    api_host: host,
    // In-memory only: no cookie, no localStorage entry; a page load starts afresh.
    persistence: 'memory',
    // A signed-in page starts as the supporter: no anonymous id is minted, so none is merged by an identify.
    ...(userId ? { bootstrap: { distinctID: userId, isIdentifiedID: true } } : {}),
    // The product uses no feature flags: no flags request (and no remote configuration, which rides on it).
    advanced_disable_flags: true,
    // A `pageview` of our own after each page load, with the full path and query.
    capture_pageview: false,
    capture_pageleave: false,
    session_idle_timeout_seconds: 1800,
    cookie_expiration: 365,
    feature_flag_request_timeout_ms: 3000,
    // Never a remote script (the CSP allows none): no toolbar, surveys or recorder loaded from the host.
    disable_external_dependency_loading: true,
    disable_surveys: true,
    ...(localhost ? { autocapture: false, disable_session_recording: true, capture_heatmaps: false, enable_heatmaps: false } : {}),
  };
}

/** `…@club.io` is internal when club.io is one of the organization's internal domains ending in .io or .club. */
export function isInternalEmail(email: string, internalDomains: readonly string[]): boolean {
  const domain = email.trim().toLowerCase().split('@').at(-1) ?? '';
  return internalDomains.some((internal) => /\.(io|club)$/.test(internal) && (domain === internal || domain.endsWith(`.${internal}`)));
}

/** The consent that, switched off, stops analytics for a supporter (a consent with this consentId). */
export const ANALYTICS_CONSENT_ID = 'analytics';
