import type { KyInstance, KyResponse, ResponsePromise } from 'ky';

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

/** The calls a feature's API module makes: ky's, with its answer (`.json()` on the call, or on the awaited response). */
export type ApiHttp = Pick<KyInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

export interface ApiClient {
  http: ApiHttp;
  organizationKey: string;
  /** Calls carry a session token (server side only). */
  hasSession: boolean;
  /** Sets the `x-org-token` header on every later call (spec: after the organization loads). */
  setOrganizationToken(token: string | undefined): void;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const BODY_READERS = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const;

/**
 * ky's answer to a call made once ky has loaded: awaited, the response; `.json()` and the other readers are
 * ky's own, on the real call. (`call` holds it in an object: a promise would adopt it, and give the response.)
 */
function later(call: Promise<{ answer: ResponsePromise }>): ResponsePromise {
  const response: Promise<KyResponse> = call.then(({ answer }) => answer);
  // A caller that only reads `.json()` never awaits this one: its failure is theirs, not an unhandled one.
  response.catch(() => undefined);
  const read = (reader: (typeof BODY_READERS)[number]) => (...args: unknown[]) =>
    call.then(({ answer }) => (answer[reader] as (...a: unknown[]) => Promise<unknown>)(...args));
  return Object.assign(response, Object.fromEntries(BODY_READERS.map((reader) => [reader, read(reader)]))) as unknown as ResponsePromise;
}

/**
 * One client per caller (the browser's, or one per server request). ky itself (./ky-instance.ts) is loaded
 * at the first call, not with the page: a page's islands call the API only after a tap or the hourly refresh.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let organizationToken: string | undefined;
  let instance: Promise<KyInstance> | undefined;
  const ky = () => (instance ??= import('./ky-instance.ts').then(({ createKy }) => createKy(options, () => organizationToken)));
  const http = Object.fromEntries(METHODS.map((method) => [method, (...args: Parameters<KyInstance['get']>) => later(ky().then((k) => ({ answer: k[method](...args) })))])) as unknown as ApiHttp;
  return {
    http,
    organizationKey: options.organizationKey,
    hasSession: !!options.sessionToken,
    setOrganizationToken(token) {
      organizationToken = token;
    },
  };
}
