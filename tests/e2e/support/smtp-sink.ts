// A real SMTP server for the end-to-end suite: the app under test sends its mail here, and tests
// read it back over HTTP (GET /messages, newest first, shaped like the development outbox; ?to= for one address).
import { createServer } from 'node:http';
import { startTestSmtpServer } from '../../../src/server/testing/smtp.ts';

import { SINK_HTTP_PORT, SMTP_PORT } from './ports.ts';

const smtp = await startTestSmtpServer({ port: SMTP_PORT });
createServer((req, res) => {
  if (req.url === '/health') return void res.end('ok');
  const url = new URL(req.url ?? '/', 'http://sink');
  if (url.pathname !== '/messages') return void res.writeHead(404).end();
  // ?to= keeps one recipient's mail: the suite sends hundreds, and polls for one code at a time.
  const to = url.searchParams.get('to')?.toLowerCase();
  const data = [...smtp.messages].reverse().filter((m) => !to || m.to.some((r) => r.toLowerCase() === to))
    .map(({ to, subject, text }) => ({ to: to.join(', '), subject, text }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
}).listen(SINK_HTTP_PORT, '127.0.0.1');
console.log(`SMTP sink on ${smtp.url}, messages at http://127.0.0.1:${SINK_HTTP_PORT}/messages`);
