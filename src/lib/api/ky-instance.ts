// The one configured ky instance behind every ApiClient (./client.ts). Its own module, loaded at a client's
// first call: a page's islands reach the API only after a tap (or the hourly refresh), so ky (some 8 KiB
// gzip) is not part of any page's first load.
import ky, { isHTTPError, type KyInstance } from 'ky';
import { loggableHeaders } from '~/shared/secret-headers.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey, RETRY, type ApiClientOptions } from './client.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `organizationToken` is read at each call: the client may be given one after its instance exists. */
export function createKy(options: ApiClientOptions, organizationToken: () => string | undefined): KyInstance {
  const logger = options.logger ?? console;
  return ky.create({
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
          const token = organizationToken();
          if (token) request.headers.set('x-org-token', token);
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
}
