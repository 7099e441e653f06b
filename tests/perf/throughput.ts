// Throughput of our pages (signed-in and public) against two baselines sending the same /about HTML:
// stock Astro 7 + @astrojs/node, and a bare node:http server. One run, same machine, same load.
import { once } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freePort } from '../harness/server.ts';
import { startStockAstro } from './stock-astro.ts';

/** Bounded load on loopback: enough to compare, short enough for every run. */
const LOAD = { connections: 10, duration: 5 };
// Long enough for the JIT to settle: a signed-in page costs a quarter more CPU in its first seconds.
const WARM_UP = { connections: 10, duration: 3 };

export interface PageThroughput {
  label: string;
  rps: number;
  /** Server CPU time (user + system, all threads) per answered request, in ms: steadier than req/s on a busy machine. */
  cpuMs?: number;
}

export interface Throughput {
  /** Our pages, signed-in ones first, then /about. */
  pages: PageThroughput[];
  aboutRps: number;
  stockAstroRps: number;
  baselineRps: number;
  htmlBytes: number;
  connections: number;
  durationS: number;
}

export interface SignedInPage {
  label: string;
  path: string;
}

/** `session`: the `terrace_session` cookie for `signedIn` pages; `serverPid`: our server, whose CPU time is read. */
export async function measureThroughput(
  origin: string, signedIn: SignedInPage[], session: string, stockPort = 0, serverPid?: number,
): Promise<Throughput> {
  const aboutUrl = new URL('/about', origin).href;
  // No accept-encoding, like autocannon's requests: every server then sends the same uncompressed HTML.
  const response = await fetch(aboutUrl, { headers: { 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`GET ${aboutUrl} answered ${response.status}`);
  const html = await response.text();
  const body = new TextEncoder().encode(html);
  const contentType = response.headers.get('content-type') ?? 'text/html';

  const pages: PageThroughput[] = [];
  const cookie = `terrace_session=${session}`;
  for (const page of signedIn) {
    pages.push({ label: `${page.label} (signed in)`, ...await measured(new URL(page.path, origin).href, { cookie }, serverPid) });
  }
  const about = await measured(aboutUrl, {}, serverPid);
  const aboutRps = about.rps;
  pages.push({ label: '/about', ...about });

  const stock = await startStockAstro('/about', html, await freePort(stockPort));
  let stockAstroRps: number;
  try {
    stockAstroRps = await requestsPerSecond(`${stock.origin}/about`);
  } finally {
    await stock.stop();
  }
  const baseline = await startBaseline(body, contentType);
  try {
    const baselineRps = await requestsPerSecond(`${baseline.origin}/about`);
    return {
      pages, aboutRps, stockAstroRps, baselineRps, htmlBytes: body.length,
      connections: LOAD.connections, durationS: LOAD.duration,
    };
  } finally {
    await baseline.stop();
  }
}

/** Mean requests per second after a short warm-up (JIT, connection pools); errors make the figure meaningless. */
async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await measured(url, headers)).rps;
}

/** Requests per second, and the server's CPU ms per request when its pid is known (Linux /proc). */
export async function measured(url: string, headers: Record<string, string>, pid?: number): Promise<{ rps: number; cpuMs?: number }> {
  await autocannon({ url, headers, ...WARM_UP });
  const before = pid === undefined ? undefined : cpuTicks(pid);
  const result = await autocannon({ url, headers, ...LOAD });
  const after = pid === undefined ? undefined : cpuTicks(pid);
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  const cpuMs = before !== undefined && after !== undefined && result.requests.total > 0
    ? ((after - before) * 1000) / TICKS_PER_SECOND / result.requests.total
    : undefined;
  return { rps: result.requests.average, ...(cpuMs !== undefined ? { cpuMs } : {}) };
}

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat (100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** The process's CPU time so far (user + system, every thread), in ticks; undefined when it cannot be read. */
export function cpuTicks(pid: number): number | undefined {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

interface Baseline {
  origin: string;
  stop: () => Promise<void>;
}

async function startBaseline(body: Uint8Array, contentType: string): Promise<Baseline> {
  const worker = new Worker(join(import.meta.dirname, 'baseline-server.ts'), { workerData: { body, contentType } });
  const [port] = (await once(worker, 'message')) as [number];
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      worker.postMessage('close');
      // terminate() in case the clean close hangs.
      const timer = setTimeout(() => void worker.terminate(), 2_000);
      await once(worker, 'exit');
      clearTimeout(timer);
    },
  };
}
