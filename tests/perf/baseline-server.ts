// Worker thread: the throughput baseline, a bare node:http server answering fixed bytes from memory.
// It runs in its own thread so it does not share an event loop with autocannon, as our server does not.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { body, contentType } = workerData as { body: Uint8Array; contentType: string };
const bytes = Buffer.from(body);

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
  res.end(bytes);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  parentPort?.postMessage(typeof address === 'object' && address ? address.port : 0);
});

// The parent asks for a clean close so the thread exits by itself.
parentPort?.on('message', (message) => {
  if (message !== 'close') return;
  server.close(() => parentPort?.close());
  server.closeAllConnections();
});
