import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getMetrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` for operators, in the Prometheus text format, before the app (it is not a page). Without a
 * token configured the address is left to the app, which answers 404 as for any unknown page; with one,
 * only `Authorization: Bearer <token>` is answered, and anything else gets a bare 401.
 * Answers true when it answered the request.
 */
export function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  if (!token || (req.url ?? '/').split('?')[0] !== '/metrics') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  // Compared as digests: the same length whatever was sent, in constant time.
  if (!timingSafeEqual(digest(given), digest(token))) {
    res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Length': '0', 'Cache-Control': 'no-store' }).end();
    return true;
  }
  const { registry } = getMetrics();
  registry.metrics().then((text) => {
    res.writeHead(200, {
      'Content-Type': registry.contentType, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store',
    }).end(req.method === 'HEAD' ? undefined : text);
  }, (error: unknown) => {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return true;
}
