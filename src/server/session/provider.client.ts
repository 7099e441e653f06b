import * as oidc from 'openid-client';
import type { ProviderSettings } from '../env.ts';
import { ApiError } from '../errors.ts';
import { log } from '../log.ts';

/** The provider's metadata and keys, read once per process (openid-client's discovery). */
const configurations = new Map<string, Promise<oidc.Configuration>>();

/**
 * The club's provider as openid-client knows it. Discovery runs at the first sign-in, not at start, so a
 * provider that is down does not stop the server; a failed discovery is tried again at the next sign-in.
 */
export async function reachProvider(settings: ProviderSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = oidc.discovery(
      new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret),
      // http:// is refused in production by config.ts: here it is a provider on this machine (development, tests).
      // allowInsecureRequests is marked deprecated only so that it stands out (openid-client's own note).
      { timeout: 10, ...(settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  try {
    return await configuration;
  } catch (error) {
    log.warn({ issuer: settings.issuer, reason: reasonOf(error) }, 'identity provider discovery failed');
    throw new ApiError('unavailable', 'api.provider.unavailable');
  }
}

/**
 * What a failed exchange with the provider means for the supporter. The provider's own refusal arrives
 * in the callback (`error=access_denied` when they said no); anything else that fails openid-client's
 * checks (code, PKCE, nonce, ID token) is a sign-in to start again; a network failure is the provider down.
 */
export function refusalOf(error: unknown): ApiError {
  if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
    return new ApiError('provider_denied', 'api.provider.denied');
  }
  const reason = reasonOf(error);
  log.warn({ reason }, 'identity provider sign-in refused');
  const network = error instanceof TypeError || (error instanceof Error && error.cause instanceof TypeError)
    || (error instanceof Error && error.name === 'TimeoutError');
  return network ? new ApiError('unavailable', 'api.provider.unavailable') : new ApiError('provider_refused', 'api.provider.refused');
}

/** A log line's reason: the library's error code and the provider's error name, never a token or a code. */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return `${error.code}: ${error.error}`;
  if (error instanceof oidc.ClientError) return error.code ?? error.name;
  return error instanceof Error ? error.name : 'unknown';
}
