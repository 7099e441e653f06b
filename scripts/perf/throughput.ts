// Throughput of GET /about on our server, against a bare node:http server sending the same bytes.
import { once } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

/** Bounded load on loopback: enough to compare, short enough for every run. */
const LOAD = { connections: 10, duration: 5 };
const WARM_UP = { connections: 10, duration: 1 };

export interface Throughput {
  oursRps: number;
  baselineRps: number;
  ratio: number;
  htmlBytes: number;
  connections: number;
  durationS: number;
}

export async function measureThroughput(origin: string, path: string): Promise<Throughput> {
  const url = new URL(path, origin).href;
  // No accept-encoding, like autocannon's requests: both servers then send the same uncompressed HTML.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? 'text/html';

  const baseline = await startBaseline(body, contentType);
  try {
    const oursRps = await requestsPerSecond(url);
    const baselineRps = await requestsPerSecond(`${baseline.origin}${path}`);
    return {
      oursRps, baselineRps, ratio: oursRps / baselineRps, htmlBytes: body.length,
      connections: LOAD.connections, durationS: LOAD.duration,
    };
  } finally {
    await baseline.stop();
  }
}

/** Mean requests per second after a short warm-up (JIT, connection pools); errors make the figure meaningless. */
async function requestsPerSecond(url: string): Promise<number> {
  await autocannon({ url, ...WARM_UP });
  const result = await autocannon({ url, ...LOAD });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return result.requests.average;
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
