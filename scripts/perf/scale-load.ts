// Load for `npm run scale` (scripts/perf/scale.ts): autocannon at 10 connections against the running server, and
// the server's memory read from /proc.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { cpuMs as cpuMsOf } from '../../tests/harness/cpu.ts';

export const CONNECTIONS = 10;
const MIB = 1024 * 1024;

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** The server's CPU time (user + system) per answered request, in ms: steadier than req/s on a busy machine. */
  cpuMs: number;
}

export interface LoadOptions {
  /** The server's process, whose CPU time is read from /proc. */
  pid: number;
  headers?: Record<string, string>;
  /** Seconds of load (after `warmUp` seconds not counted); ignored when `amount` is set. */
  seconds?: number;
  warmUp?: number;
  /** A fixed number of requests instead of a duration (votes: one per voter). */
  amount?: number;
  /** Builds each request (a vote's voter, body and Idempotency-Key). */
  request?: () => { method: 'POST'; headers: Record<string, string>; body: string };
}

async function run(url: string, options: LoadOptions, measured: { seconds?: number; amount?: number }): Promise<Load> {
  const make = options.request;
  const cpuBefore = cpuMs(options.pid);
  const result = await autocannon({
    url, connections: CONNECTIONS, headers: options.headers ?? {},
    ...(measured.amount !== undefined ? { amount: measured.amount } : { duration: measured.seconds ?? 10 }),
    ...(make ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...make() }) }] } : {}),
  });
  if (result.errors || result.timeouts || result.non2xx) {
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${s.count ?? 0}`).join(', ');
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx (${statuses})`);
  }
  const requests = result.requests.total;
  return { rps: requests / result.duration, p50: result.latency.p50, p99: result.latency.p99, requests, cpuMs: (cpuMs(options.pid) - cpuBefore) / requests };
}

/** Requests per second and latency percentiles (ms) over the measured part; any error or non-2xx answer throws. */
export async function load(url: string, options: LoadOptions): Promise<Load> {
  if (options.amount !== undefined) {
    await run(url, options, { amount: Math.max(CONNECTIONS, Math.round(options.amount / 10)) });
    return run(url, options, { amount: options.amount });
  }
  if (options.warmUp !== 0) await run(url, options, { seconds: options.warmUp ?? 2 });
  return run(url, options, { seconds: options.seconds ?? 10 });
}

const cpuMs = (pid: number) => cpuMsOf(pid) ?? Number.NaN;

/** The process's resident memory now, in MiB (Linux); 0 once it has exited. */
export function rssMiB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 / MIB : 0;
  } catch {
    return 0;
  }
}

/** Runs `task` while reading the process's RSS every 20 ms: its RSS before, at its highest, and after. */
export async function watchMemory<T>(pid: number, task: () => Promise<T>): Promise<{ result: T; before: number; peak: number; after: number }> {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => { peak = Math.max(peak, rssMiB(pid)); }, 20);
  try {
    const result = await task();
    const after = rssMiB(pid);
    return { result, before, peak: Math.max(peak, after), after };
  } finally {
    clearInterval(timer);
  }
}
