import { getConfig } from '~/shared/config.server.ts';

/** posthog-js's own default host, used when PUBLIC_POSTHOG_HOST is unset. */
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

/** The analytics host's origin, or undefined when analytics is off (no key) or the host is not a URL. */
export function analyticsHost(): string | undefined {
  const { PUBLIC_POSTHOG_KEY: key, PUBLIC_POSTHOG_HOST: host } = getConfig();
  if (!key) return undefined;
  try {
    return new URL(host ?? DEFAULT_POSTHOG_HOST).origin;
  } catch {
    return undefined;
  }
}
