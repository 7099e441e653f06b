import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateLocale } from '../../shared/i18n/locales.ts';
import { renderApiText } from '../api-text.ts';
import { sendError } from './request-gate.ts';

// Whether this process should be sent requests, for a load balancer or a restart script: `starting` until the
// API has answered its first request (database reached, jobs joined), `draining` from SIGTERM on. Liveness and
// the database are GET /api/health's; this answers only the process's own state, so a database that is down
// does not take every process out at once (each would then be "not ready" and the balancer left with none).

export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  ready(): void;
  drain(): void;
}

export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting';
  return {
    get state() { return state; },
    // Once draining, a late warm-up must not make the process ready again.
    ready() { if (state === 'starting') state = 'ready'; },
    drain() { state = 'draining'; },
  };
}

export const READY_PATH = '/api/ready';

/** Answers GET or HEAD /api/ready (200 when ready, else 503 saying why); true when it did. */
export function serveReadiness(req: IncomingMessage, res: ServerResponse, readiness: Readiness, requestId: string): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.split('?')[0] !== READY_PATH) return false;
  if (readiness.state === 'ready') {
    const body = JSON.stringify({ data: { status: 'ready' } });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  const message = renderApiText(readiness.state === 'starting' ? 'api.request.starting' : 'api.request.stopping', negotiateLocale(undefined, req.headers['accept-language']));
  sendError(res, 503, { code: 'unavailable', message, requestId }, { 'Retry-After': '1' });
  return true;
}
