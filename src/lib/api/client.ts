import ky, { isHTTPError, type KyInstance } from 'ky';

/** Spec section 7: only unsafe methods are retried, once, and only on these statuses. */
export const RETRY = {
  limit: 1,
  methods: ['post', 'put', 'patch', 'delete'],
  statusCodes: [408, 409, 425, 429, 500, 502, 503, 504],
} as const;

export interface ApiClientOptions {
  /** Base of every call, e.g. `/api` in the browser or `http://host/api`. */
  prefix: string;
  /** The organization's public key: the bearer when there is no session token. */
  organizationKey: string;
  /** The session token, on the server only (the browser never sees it: it rides in an HttpOnly cookie). */
  sessionToken?: string | undefined;
  /** Transport; the server passes the in-process API here. */
  fetch?: typeof globalThis.fetch;
  /** Pause before the one retry, in ms. */
  retryDelay?: number;
  /** Where failures are logged; the console by default. */
  logger?: Pick<Console, 'error' | 'warn'>;
}

export interface ApiClient {
  http: KyInstance;
  organizationKey: string;
  /** Calls carry a session token (server side only). */
  hasSession: boolean;
  /** Sets the `x-org-token` header on every later call (spec: after the organization loads). */
  setOrganizationToken(token: string | undefined): void;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const logger = options.logger ?? console;
  let organizationToken: string | undefined;
  const http = ky.create({
    prefix: options.prefix,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    retry: {
      ...RETRY,
      methods: [...RETRY.methods],
      statusCodes: [...RETRY.statusCodes],
      delay: () => options.retryDelay ?? 300,
      // A request that never got an answer is not retried: a POST may already have been applied.
      shouldRetry: ({ error }) => (isHTTPError(error) ? undefined : false),
    },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          // A call may name its own bearer (the organization call always uses the organization key).
          if (!request.headers.has('Authorization')) {
            request.headers.set('Authorization', `Bearer ${options.sessionToken ?? options.organizationKey}`);
          }
          if (organizationToken) request.headers.set('x-org-token', organizationToken);
        },
      ],
      beforeError: [
        ({ error }) => {
          // Logged for operators; the caller decides what, if anything, the user sees.
          if (isHTTPError(error)) {
            const { status, statusText, headers } = error.response;
            logger.error('API call failed', { status, statusText, headers: Object.fromEntries(headers), error });
          } else {
            logger.error('API call failed', { error });
          }
          return error;
        },
      ],
    },
  });
  return {
    http,
    organizationKey: options.organizationKey,
    hasSession: !!options.sessionToken,
    setOrganizationToken(token) {
      organizationToken = token;
    },
  };
}
