import type { ServerResponse } from 'node:http';

/**
 * The security headers, in one place. Pages get their Content-Security-Policy from Astro
 * (`security.csp` in astro.config.mjs: hashes of every script and style it renders, plus
 * PAGE_CSP_DIRECTIVES); every other answer (API, assets, redirects, errors from this layer) gets
 * the locked-down NON_PAGE_CSP, which a page's own header replaces.
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // The YouTube facade's player, made only after the tap (src/features/videos/VideoPlayer.astro); no other frame.
  'frame-src https://www.youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
] as const;

/**
 * The one widening of a page's CSP: with product analytics on, `connect-src` also allows exactly the analytics
 * host (its origin), added per page by src/layouts/Base.astro. No script-src: posthog-js is
 * bundled, and told never to load remote scripts.
 */
export function analyticsConnectDirective(host: string): `connect-src ${string}` {
  return `connect-src ${new URL(host).origin}`;
}

export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";
/** The service worker's own policy (a worker takes its script's): it fetches this site's pages and files, nothing else. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'";

/** Browser features the app never uses; a framed or injected script cannot turn them on either. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'camera=()', 'display-capture=()', 'geolocation=()', 'gyroscope=()',
  'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'usb=()', 'browsing-topics=()',
].join(', ');

export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': NON_PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Set before the answer is written, so whatever writes it (Astro, the asset server) keeps them. */
export function applySecurityHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
