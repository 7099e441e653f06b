import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The operators' metrics (GET /metrics, src/server/observe/metrics-endpoint.ts), one registry per process.
 *
 * Label values are bounded: a route is its pattern (`/api/checkins/{id}`, `/stories/[slug]`), never the raw
 * path; a kind is one of the ledger's own kinds; a reason one of the refusals below.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  pointsAwarded: Counter<'kind'>;
  pointsSpent: Counter<'kind'>;
  pointsReversed: Counter<'kind'>;
  pointsRefunded: Counter<'kind'>;
  codesSent: Counter;
  codesRefused: Counter<'reason'>;
  /** What the process's database pool reports (src/server/db/database.ts sets it when it opens). */
  pool?: (() => { total: number; idle?: number; waiting?: number }) | undefined;
}

let metrics: Metrics | undefined;

function create(): Metrics {
  const registry = new Registry();
  // Process, heap, GC and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const metrics: Metrics = {
    registry,
    requests: new Counter({
      name: 'terrace_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'], registers,
    }),
    requestSeconds: new Histogram({
      name: 'terrace_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers,
    }),
    pointsAwarded: new Counter({
      name: 'terrace_points_awarded_total', help: 'Points awarded, by ledger kind (replays not counted).', labelNames: ['kind'], registers,
    }),
    pointsSpent: new Counter({
      name: 'terrace_points_spent_total', help: 'Points spent, by ledger kind (replays not counted).', labelNames: ['kind'], registers,
    }),
    pointsReversed: new Counter({
      name: 'terrace_points_reversed_total', help: 'Awarded points taken back, by ledger kind.', labelNames: ['kind'], registers,
    }),
    pointsRefunded: new Counter({
      name: 'terrace_points_refunded_total', help: 'Points given back to the spendable balance (a cancelled sweepstake), by kind.', labelNames: ['kind'], registers,
    }),
    codesSent: new Counter({ name: 'terrace_signin_codes_sent_total', help: 'Sign-in codes issued and handed to the mailer.', registers }),
    codesRefused: new Counter({
      name: 'terrace_signin_codes_refused_total',
      help: 'Sign-in code requests and answers refused: rate_limited, expired, elsewhere, too_many_tries, wrong, replaced, used.',
      labelNames: ['reason'], registers,
    }),
  };
  new Gauge({
    name: 'terrace_db_pool_connections', help: 'Database connections: total open, idle, and callers waiting for one (PostgreSQL; SQLite: total 1).',
    labelNames: ['state'], registers,
    collect() {
      const stats = metrics.pool?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
      if (stats.waiting !== undefined) this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return metrics;
}

export function getMetrics(): Metrics {
  return (metrics ??= create());
}

/** Counts a ledger change that took effect (not a replay). */
export function countLedgerChange(kind: string, amount: number, direction: 1 | -1 | 'reverse' | 'refund'): void {
  const metrics = getMetrics();
  const counter = direction === 1 ? metrics.pointsAwarded : direction === -1 ? metrics.pointsSpent
    : direction === 'reverse' ? metrics.pointsReversed : metrics.pointsRefunded;
  counter.inc({ kind }, amount);
}

export type CodeRefusal = 'rate_limited' | 'expired' | 'elsewhere' | 'too_many_tries' | 'wrong' | 'replaced' | 'used';

export function countCodeSent(): void {
  getMetrics().codesSent.inc();
}

export function countCodeRefused(reason: CodeRefusal): void {
  getMetrics().codesRefused.inc({ reason });
}
