import { getConfig, type Config } from './config.server.ts';

type SiteConfig = Pick<Config, 'PUBLIC_URL' | 'NODE_ENV'>;

/**
 * The site's public origin, from PUBLIC_URL and never from a request: behind a TLS-terminating
 * proxy the app itself sees plain http, while browsers are on https.
 */
export function publicOrigin(config: SiteConfig = getConfig()): string {
  return new URL(config.PUBLIC_URL).origin;
}

/** Served over HTTPS: every cookie is Secure and the session cookie takes the `__Host-` prefix. */
export function isSecureSite(config: SiteConfig = getConfig()): boolean {
  return publicOrigin(config).startsWith('https:');
}

/**
 * Origins whose unsafe requests are this site's own. In development the address the app is reached
 * at also counts (localhost and 127.0.0.1 are both common); in production only the public origin.
 */
export function ownOrigins(requestOrigin: string, config: SiteConfig = getConfig()): string[] {
  const origins = [publicOrigin(config)];
  if (config.NODE_ENV !== 'production') origins.push(requestOrigin);
  return origins;
}
