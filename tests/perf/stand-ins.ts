// Local stand-ins for the analytics host and the OTLP/HTTP receiver, so a page with both configured sends
// its events and spans somewhere real (and the figures show them leaving, after the first load).
import { createServer } from 'node:http';
import { onInterrupt } from '../harness/cleanup.ts';

export interface StandIn {
  origin: string;
  /** Requests received, as `METHOD /path`. */
  received: string[];
  stop: () => Promise<void>;
}

/** Answers every request 200 with an empty JSON object, CORS open to the page (as both real services do). */
export async function startStandIn(port: number): Promise<StandIn> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'OPTIONS') received.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*', 'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Credentials': 'true', 'Content-Type': 'application/json',
      }).end(req.method === 'OPTIONS' ? undefined : '{}');
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const stop = () => new Promise<void>((resolve) => { forget(); server.closeAllConnections(); server.close(() => resolve()); });
  const forget = onInterrupt(stop);
  return { origin: `http://127.0.0.1:${port}`, received, stop };
}
