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
  const compress = compression({ threshold: 0 }) as unknown as Middleware;
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
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // A keep-alive connection turns idle once its request is answered: close it then rather than
    // waiting for the client's keep-alive timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(sweep);
      onClosed().finally(resolve);
    });
    server.closeIdleConnections();
  });
}
