import ky, { isHTTPError, type KyInstance } from 'ky';
import { loggableHeaders } from '~/shared/secret-headers.ts';

/** Spec section 7: only unsafe methods are retried, once, and only on these statuses. */
export const RETRY = {
  limit: 1,
  methods: ['post', 'put', 'patch', 'delete'],
  statusCodes: [408, 409, 425, 429, 500, 502, 503, 504],
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Extra options of a feature API call: a form post passes its own idempotency key, so a second submit replays the first answer. */
export interface CallOptions {
  headers?: Record<string, string>;
}
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A random (v4) UUID. `crypto.randomUUID` exists only in secure contexts, so plain-http pages build one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface ApiClientOptions {
  /** Base of every call, e.g. `/api` in the browser or `http://host/api`. */
  prefix: string;
  /** The organization's public key: the bearer when there is no session token. */
  organizationKey: string;
  /** The session token, on the server only (the browser never sees it: it rides in an HttpOnly cookie). */
  sessionToken?: string | undefined;
  /** Sent as Accept-Language: the language the API writes its messages in (the page's). */
  language?: string | undefined;
  /** Transport; the server passes the in-process API here. */
  fetch?: typeof globalThis.fetch;
  /** Pause before the one retry, in ms. */
  retryDelay?: number;
  /** Where failures are logged; the console by default. */
  logger?: Pick<Console, 'error' | 'warn'>;
  /** Called on a 401 answer (the browser's client: the session has ended, ./signed-out.ts). */
  onUnauthorized?: () => void;
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
    headers: {
      Accept: 'application/json', 'Content-Type': 'application/json',
      ...(options.language ? { 'Accept-Language': options.language } : {}),
    },
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
          // One key per call: ky runs this hook once and its one retry re-sends the same Request,
          // so the server can answer the retry with the first attempt's stored answer.
          if (UNSAFE_METHODS.has(request.method) && !request.headers.has(IDEMPOTENCY_HEADER)) {
            request.headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
          }
        },
      ],
      beforeError: [
        ({ error }) => {
          // Logged for operators (spec: status, status text, headers and error); the caller decides
          // what, if anything, the user sees. Never the request itself: its headers hold the bearer,
          // its body and query what the supporter typed. A refusal (4xx: signed out, not found, a
          // form to correct) is the API working as meant: a warning; only a 5xx or no answer is an error.
          if (isHTTPError(error)) {
            const { status, statusText, headers } = error.response;
            if (status === 401) options.onUnauthorized?.();
            const { method, url } = error.request;
            logger[status >= 500 ? 'error' : 'warn']('API call failed', {
              status, statusText, headers: loggableHeaders(headers), method, path: new URL(url).pathname,
              error: error.name,
            });
          } else {
            logger.error('API call failed', { error: error.name });
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
