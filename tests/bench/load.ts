// Sends requests to the API in process and times them: throughput and latency percentiles per phase.

/** `app.request`: the whole Hono stack (auth, idempotency, routes, database) without a socket. */
export type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: unknown;
  /** Whatever status the route documents for success; 200 unless said. */
  status?: number;
  /** Why a successful-looking answer is still wrong (e.g. a quiz's last answer that did not complete it), or null. */
  check?: (json: unknown) => string | null;
}

/** One user's requests, sent one after another as a supporter would; jobs run concurrently. */
export type Job = BenchRequest[];

export interface PhaseResult {
  requests: number;
  failures: number;
  firstFailure: string | null;
  opsPerSecond: number;
  p50: number;
  p99: number;
}

export function headers(token: string, json = false): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`, Accept: 'application/json',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

export function post(token: string, path: string, body?: unknown): BenchRequest {
  return { method: 'POST', path, token, body };
}

/** POSTs carry a fresh Idempotency-Key, as the app's API client sends one, so the key's claim is part of what is timed. */
async function sendOne(send: Send, request: BenchRequest): Promise<{ ms: number; failure: string | null }> {
  const init: RequestInit = {
    method: request.method,
    headers: {
      ...headers(request.token, request.body !== undefined),
      ...(request.method === 'POST' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  };
  const label = `${request.method} ${request.path}`;
  const t0 = performance.now();
  try {
    const res = await send(request.path, init);
    const ms = performance.now() - t0;
    const text = await res.text();
    if (res.status !== (request.status ?? 200)) return { ms, failure: `${label} answered ${res.status}: ${text.slice(0, 200)}` };
    const problem = request.check?.(JSON.parse(text)) ?? null;
    return { ms, failure: problem && `${label}: ${problem}` };
  } catch (error) {
    return { ms: performance.now() - t0, failure: `${label} threw: ${String(error)}` };
  }
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * Runs every job with at most `concurrency` in flight: a pool rather than fixed batches, so one slow
 * request does not leave the other slots idle. A failed request is counted and its job goes on.
 */
export async function runPhase(send: Send, jobs: Job[], concurrency: number): Promise<PhaseResult> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      for (const request of job) {
        const { ms, failure } = await sendOne(send, request);
        latencies.push(ms);
        if (failure) failures.push(failure);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length, failures: failures.length, firstFailure: failures[0] ?? null,
    opsPerSecond: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99),
  };
}

/** CPU ms a phase cost: this process's, and PostgreSQL's backends' when measured. */
export interface PhaseCpu { nodeMs: number; postgresMs?: number }

export function formatPhase(label: string, r: PhaseResult, cpu?: PhaseCpu): string {
  const rate = Math.round(r.opsPerSecond).toLocaleString('en').padStart(7);
  const per = (ms: number) => (ms / Math.max(r.requests, 1)).toFixed(2);
  const cost = cpu ? `   CPU/op: node ${per(cpu.nodeMs)} ms${cpu.postgresMs === undefined ? '' : `, postgres ${per(cpu.postgresMs)} ms`}` : '';
  return `  ${label.padEnd(18)} ${String(r.requests).padStart(5)} requests ${rate} ops/s` +
    `   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.failures} failed${cost}` +
    (r.firstFailure ? `\n    first failure: ${r.firstFailure}` : '');
}
