import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import compression from 'compression';
import { servePrecompressed } from './assets.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

// compression() is Express-style middleware; plain node:http request and response objects suffice.
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The production HTTP server around Astro's handler: precompressed hashed assets first, then
 * on-the-fly br/gzip for every compressible answer (HTML, JSON, JS, CSS), which the Node adapter
 * does not do itself.
 */
export function createHttpServer(options: { handler: NodeHandler; clientDir: string }): Server {
  const compress = compression({ threshold: 512 }) as unknown as Middleware;
  return createServer((req, res) => {
    if (servePrecompressed(req, res, options.clientDir)) return;
    compress(req, res, () => options.handler(req, res));
  });
}

/**
 * Stops taking new connections, lets requests in flight finish, then runs `onClosed` (closing the
 * database). After `timeoutMs` the remaining connections are cut.
 */
export function shutDownGracefully(server: Server, onClosed: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      onClosed().finally(resolve);
    });
    server.closeIdleConnections();
  });
}
