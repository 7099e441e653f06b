import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { writeResponse } from 'astro/app/node';
import compression from 'compression';
import { negotiateLocale, type Locale } from '../../shared/i18n/locales.ts';
import { msg, renderApiText, useRequestLocale } from '../api-text.ts';
import { log as defaultLog, type Logger } from '../log.ts';
import { getMetrics } from '../observe/metrics.ts';
import { serveMetrics } from '../observe/metrics-endpoint.ts';
import { createStaticFiles } from './assets.ts';
import { trustedProxies } from '../../shared/addresses.ts';
import { clientAddress } from './client-address.ts';
import { requestContext, type RequestContext } from '../../shared/request-context.server.ts';
import {
  ALLOWED_METHODS, bodyLimitFor, CONSOLE_DRAIN_LIMIT, DRAIN_LIMIT, isWellFormedTarget, newRequestId, readBoundedBody, sendError, staffSecretOf, tooLargeRedirectFor,
} from './request-gate.ts';
import { applySecurityHeaders, securityHeaders } from './security-headers.ts';
import { READY_PATH, serveReadiness, type Readiness } from './readiness.ts';
import type { KeptAnswer, VisitorHeaders } from './kept-pages/kept-pages.ts';
import type { ApiRequest } from './api-forward.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;
type Answer = (req: IncomingMessage, res: ServerResponse, context: RequestContext) => void;

// compression() is Express-style middleware; plain node:http request and response objects suffice.
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface HttpServerOptions {
  handler: NodeHandler;
  clientDir: string;
  /** The site is served over HTTPS (PUBLIC_URL is https:): adds Strict-Transport-Security. */
  https?: boolean;
  log?: Logger;
  /** The bearer GET /metrics answers (METRICS_TOKEN); unset, /metrics is left to the app (404). */
  metricsToken?: string | undefined;
  /**
   * Wraps the request handler with a span per request (src/server/observe/tracing.ts); only with tracing
   * on, so without it the request path has no wrapper at all.
   */
  traceRequests?: ((answer: Answer) => Answer) | undefined;
  /** TRUSTED_PROXIES: the peers whose X-Forwarded-For names the client; none by default. */
  trustedProxies?: readonly string[];
  /** A visitor's page kept by the app's route cache (src/server/http/kept-pages/), served before the app. */
  keptVisitorPage?: (method: string, target: string, headers: VisitorHeaders) => KeptAnswer | undefined;
  /** The process's state for GET /api/ready (./readiness.ts); while draining, every answer also closes its connection. */
  readiness?: Readiness;
  /**
   * Whether a secret in an operator's shape is a live one (main.ts asks the database): only then may a request send a
   * console upload's body. Without it, no request may.
   */
  isStaff?: ((secret: string) => Promise<boolean>) | undefined;
  /** Answers an /api request without Astro's pipeline (./api-forward.ts); without it, Astro's route does. */
  api?: ((request: ApiRequest) => Promise<Response>) | undefined;
}

/**
 * How long an idle kept-alive connection stays open (Node's default, said here because the proxy depends on it):
 * above nginx's upstream `keepalive_timeout` (4 s in deploy/nginx.conf), so the proxy closes an idle connection
 * first. Were it the server, a request the proxy sent on it at that moment would be lost, and nginx passes a
 * POST lost that way to no other process: the supporter would get a 502.
 */
export const KEEP_ALIVE_MS = 5_000;

/**
 * Answers smaller than one TCP segment's payload on Ethernet (1,460 bytes) go out as they are: compressed, such a
 * body still takes a packet, so the phone gains a millisecond or two, and the compressor made for each answer cost a
 * supporter's write (answered in 0.5-1.3 KB) more CPU than the rest of the HTTP layer, the CPU a match day's peak
 * runs out of (issue 27). It applies where the length is known before the headers: the API's JSON answers (written
 * whole below) and this layer's own refusals; a page, rendered through Astro's writer, is compressed whatever its size.
 */
export const COMPRESS_FROM_BYTES = 1_460;

/**
 * The production HTTP server around Astro's handler. Every request gets a request id, the security
 * headers and one log line; unsupported methods, malformed URLs and oversized bodies are answered
 * here with the API's JSON error shape; then the built client files (indexed at start, hashed assets
 * from their precompressed twins), then Astro's app (the Node adapter in
 * middleware mode: it serves no files itself) with on-the-fly br/gzip, which the adapter does not do.
 */
export function createHttpServer(options: HttpServerOptions): Server {
  const compress = compression({ threshold: COMPRESS_FROM_BYTES }) as unknown as Middleware;
  const headers = securityHeaders({ https: options.https ?? false });
  const log = options.log ?? defaultLog;
  const serveStatic = createStaticFiles(options.clientDir);
  const trusted = trustedProxies(options.trustedProxies ?? []);

  const answer: Answer = (req, res, context) => {
    const started = performance.now();
    // Astro hands this header on to the API, whose request-id middleware adopts it: one id per request.
    req.headers['x-request-id'] = context.requestId;
    applySecurityHeaders(res, headers);
    res.setHeader('X-Request-Id', context.requestId);
    // Stopping: the proxy learns from the answer not to use this connection again, rather than finding it closed.
    if (stopping.has(server)) res.setHeader('Connection', 'close');
    res.once('close', () => {
      logRequest(log, req, res, context, started);
      countRequest(req, res, context, started);
    });
    void requestContext.run(context, () => gate(req, res, context.requestId, options.isStaff, log))
      .then((passed) => {
        if (!passed) return;
        if (options.readiness && serveReadiness(req, res, options.readiness, context.requestId)) return void (context.route = READY_PATH);
        if (serveMetrics(req, res, options.metricsToken)) return void (context.route = '/metrics');
        if (serveStatic(req, res)) return void (context.route = 'static');
        const { api } = options;
        if (api && isApiTarget(req.url ?? '/')) {
          // Its failure (an API_ORIGIN that does not answer) is the catch's below, as the gate's is.
          return new Promise<void>((resolve, reject) => requestContext.run(context, () => compress(req, res, () => answerApi(req, res, context, api).then(resolve, reject))));
        }
        // Kept pages are the app's (its route cache, src/server/http/kept-pages/); a visitor's is served
        // here from the same store, without Astro's pipeline.
        const kept = options.keptVisitorPage?.(req.method ?? 'GET', req.url ?? '/', {
          cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'], acceptEncoding: req.headers['accept-encoding'],
        });
        if (kept) {
          context.route = 'kept-page';
          return writeKept(res, kept);
        }
        requestContext.run(context, () => compress(req, res, () => options.handler(req, res)));
      })
      .catch((error: unknown) => {
        log.error({ err: error, requestId: context.requestId }, 'request failed in the HTTP layer');
        if (!res.headersSent) {
          sendError(res, 500, { code: 'internal_error', message: renderApiText('api.request.internal', localeOf(req)), requestId: context.requestId });
        } else res.destroy();
      });
  };
  const handle = options.traceRequests ? options.traceRequests(answer) : answer;
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => handle(req, res, {
    requestId: newRequestId(), clientAddress: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted),
  }));

  // The HTTP parser refuses what it cannot read (an unknown verb, a broken request line). Answer in
  // the same JSON shape instead of Node's bare 400, then close: the stream cannot be trusted.
  const refuseRaw = (socket: Socket, unknownMethod: boolean, error?: NodeJS.ErrnoException) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = unknownMethod ? 405 : error?.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({
      error: {
        code: unknownMethod ? 'method_not_allowed' : 'bad_request',
        message: renderApiText(unknownMethod ? msg('api.request.useMethods', { methods: ALLOWED_METHODS.join(', ') }) : 'api.request.unreadable'),
        requestId: newRequestId(),
      },
    });
    const head = Object.entries({ ...headers, ...(unknownMethod ? { Allow: ALLOWED_METHODS.join(', ') } : {}) })
      .map(([name, value]) => `${name}: ${value}\r\n`).join('');
    const reason = status === 405 ? 'Method Not Allowed' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}`
      + `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    refuseRaw(socket, error.code === 'HPE_INVALID_METHOD', error));
  // CONNECT (a proxy tunnel) never reaches the request handler; without this Node just hangs up.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => refuseRaw(socket, true));
  return server;
}

/** The API's addresses, judged on the path as Astro's router reads it (dot segments resolved, still encoded). */
function isApiTarget(target: string): boolean {
  // Appended to an origin, as the adapter builds the request's URL: `//x` stays a path, never a host.
  const url = URL.parse(`http://host${target}`);
  return url !== null && (url.pathname === '/api' || url.pathname.startsWith('/api/'));
}

/** An /api request handed to the API as a web Request, its answer streamed back as Astro's adapter writes one. */
async function answerApi(req: IncomingMessage, res: ServerResponse, context: RequestContext, api: (request: ApiRequest) => Promise<Response>): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.append(name, value);
    else if (value) for (const item of value) headers.append(name, item);
  }
  // A Host header that is a host (and port) only: one holding `/`, `?` or `@` would move the path the API reads.
  const { host } = req.headers;
  const origin = host && /^[A-Za-z0-9.:[\]-]+$/.test(host) && URL.canParse(`http://${host}`) ? `http://${host}` : 'http://localhost';
  // The gate has read the body whole (readBoundedBody) or found none.
  const { body } = req as IncomingMessage & { body?: Buffer<ArrayBuffer> };
  const answer = await api({ method: req.method ?? 'GET', url: `${origin}${req.url ?? '/'}`, headers, body: body ?? null, clientAddress: context.clientAddress ?? 'unknown' });
  // A JSON answer is one string already: sent whole with its length, so a small one passes the compressor by. Others
  // (a CSV export, a clip) may be long and are streamed as they come.
  if (answer.body && answer.headers.get('content-type')?.startsWith('application/json')) return writeWhole(answer, res);
  await writeResponse(answer, res);
}

async function writeWhole(answer: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const head: OutgoingHttpHeaders = Object.fromEntries(answer.headers);
  // Headers joins several Set-Cookie into one line, which a browser would read as one cookie.
  if (answer.headers.has('set-cookie')) head['set-cookie'] = answer.headers.getSetCookie();
  head['content-length'] = body.length;
  // As Astro's writeResponse does: an empty statusText leaves Node to say the status's usual words.
  res.statusMessage = answer.statusText;
  res.writeHead(answer.status, head).end(body);
}

/** Answers what the app must never see; true when the request may go on. */
async function gate(req: IncomingMessage, res: ServerResponse, requestId: string, isStaff: HttpServerOptions['isStaff'], log: Logger): Promise<boolean> {
  const method = req.method ?? 'GET';
  const locale = localeOf(req);
  // Its refusals below are written in the caller's language: that file loads on its first use.
  await useRequestLocale(locale);
  const target = req.url ?? '/';
  if (!ALLOWED_METHODS.includes(method)) {
    const message = renderApiText(msg('api.request.useMethods', { methods: ALLOWED_METHODS.join(', ') }), locale);
    sendError(res, 405, { code: 'method_not_allowed', message, requestId }, {
      Allow: ALLOWED_METHODS.join(', '), Connection: 'close',
    });
    return false;
  }
  if (!isWellFormedTarget(target)) {
    sendError(res, 400, { code: 'bad_request', message: renderApiText('api.request.brokenEscape', locale), requestId });
    return false;
  }
  const pathname = target.split('?')[0]!;
  // Staff may send a console upload's body: asked of the database only where staff's limit is not everyone's.
  const secret = staffSecretOf(req.headers);
  const staff = secret !== undefined && isStaff !== undefined && bodyLimitFor(method, pathname, true) !== bodyLimitFor(method, pathname, false)
    && await isStaff(secret).catch((error: unknown) => {
      log.warn({ err: error }, 'could not tell whether a console upload comes from staff: refused as anyone\'s');
      return false;
    });
  const limit = bodyLimitFor(method, pathname, staff);
  const back = tooLargeRedirectFor(method, pathname, staff);
  const outcome = await readBoundedBody(req, limit, back ? CONSOLE_DRAIN_LIMIT : DRAIN_LIMIT);
  if (outcome.kind === 'too-large') {
    // A drained body is gone, so the connection stays usable; a larger one was left unread: close
    // the connection, reading on meanwhile so the client is not cut off before it reads the answer.
    if (back) {
      res.writeHead(303, { Location: back, 'Cache-Control': 'no-store', 'Content-Length': 0, ...(outcome.drained ? {} : { Connection: 'close' }) }).end();
    } else sendError(res, 413, {
      code: 'payload_too_large', message: renderApiText(msg('api.request.overLimit', { kib: Math.round(limit / 1024) }), locale), requestId,
    }, outcome.drained ? {} : { Connection: 'close' });
    if (!outcome.drained) req.resume();
    return false;
  }
  // The adapter takes a buffered body from `req.body` instead of reading the stream again.
  if (outcome.kind === 'read') Object.assign(req, { body: outcome.body });
  return true;
}

/** The language of the refusals answered here, before the API: as the API would choose it. */
function localeOf(req: IncomingMessage): Locale {
  return negotiateLocale(undefined, req.headers['accept-language']);
}

function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse, context: RequestContext, started: number): void {
  log.info({
    method: req.method,
    // The query is left out: sign-in links carry the address and the code there.
    path: (req.url ?? '').split('?')[0],
    status: res.statusCode,
    durationMs: Math.round(performance.now() - started),
    requestId: context.requestId,
    clientAddress: context.clientAddress,
    ...(context.errorCode ? { errorCode: context.errorCode } : {}),
    ...(res.writableFinished ? {} : { aborted: true }),
  }, 'request');
}

/** The request in the metrics: by method, route pattern (never the raw path) and status. */
function countRequest(req: IncomingMessage, res: ServerResponse, context: RequestContext, started: number): void {
  const labels = {
    method: ALLOWED_METHODS.includes(req.method ?? '') ? req.method! : 'other',
    // Refused before the app (gate) or matched by no route: one label, whatever the path was.
    route: context.route ?? 'unmatched',
    status: String(res.statusCode),
  };
  const metrics = getMetrics();
  metrics.requests.inc(labels);
  metrics.requestSeconds.observe(labels, (performance.now() - started) / 1000);
}

/** Servers shutDownGracefully is stopping: each of their answers closes its connection. */
const stopping = new WeakSet<Server>();

export interface StopOptions {
  /** Marked `draining` at once: GET /api/ready answers 503 and every answer closes its connection. */
  readiness?: Readiness;
  /** How long to go on serving, not ready, before no longer taking connections (SHUTDOWN_DRAIN_SECONDS). */
  drainMs?: number;
  /** After the drain, how long requests in flight get before the remaining connections are cut. */
  timeoutMs?: number;
}

/**
 * Says `draining`, serves on for `drainMs` (a balancer polling readiness stops sending meanwhile), stops taking
 * new connections, lets each connection end, then runs `onClosed` (closing the database). After `timeoutMs` the
 * remaining connections are cut.
 *
 * A connection ends after its next answer (which says `Connection: close`) or when its client lets it go; one left
 * idle is closed KEEP_ALIVE_MS after its last answer, as at any time. Never at once: http.Server#close closes the idle
 * kept-alive connections there and then, and a proxy may be sending a request on one at that very moment. nginx
 * passes a POST lost that way to no other process: the supporter got a 502 (tests/e2e/rolling-restart.spec.ts).
 */
export async function shutDownGracefully(server: Server, onClosed: () => Promise<void>, options: StopOptions = {}): Promise<void> {
  const { readiness, drainMs = 0, timeoutMs = 10_000 } = options;
  stopping.add(server);
  readiness?.drain();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  return new Promise((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // net.Server's own close: no longer listening, done once the last connection has ended.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(deadline);
      onClosed().finally(resolve);
    });
  });
}

function writeKept(res: ServerResponse, kept: KeptAnswer): void {
  res.statusCode = kept.status;
  res.statusMessage = kept.statusText;
  // As the adapter's writeHead would: the page's own headers over what the server set.
  for (const [name, value] of kept.headers) res.setHeader(name, value);
  res.end(kept.body ?? undefined);
}
