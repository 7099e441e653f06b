import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), so Bcc counts too. */
  to: string[];
  /** The From header, decoded; the envelope sender when the header is missing. */
  from: string;
  /** The Subject header with RFC 2047 encoded-words decoded. */
  subject: string;
  /** The first text/plain part, decoded, with line breaks as \n. */
  text: string;
  /** The first text/html part, decoded; '' when there is none. */
  html: string;
  /** The whole message as it came over the wire (UTF-8). */
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, or with `user:pass@` when the server was started with credentials. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** The first message (received already or later) addressed to `to`; rejects after `timeoutMs`. */
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** A fixed port (e.g. for a server started before the app); a free one by default. */
  port?: number;
  /** Require these credentials (AUTH PLAIN or LOGIN, over plain text); by default anyone may send. */
  credentials?: { user: string; pass: string };
}

interface Waiter {
  to: string;
  resolve(mail: ReceivedMail): void;
  reject(error: Error): void;
}

/** A real SMTP server on 127.0.0.1 and a free port, without TLS, collecting what it receives. */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const { credentials } = options;
  const messages: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  const addressedTo = (mail: ReceivedMail, to: string) => mail.to.some((r) => r.toLowerCase() === to.toLowerCase());

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    // 127.0.0.1 has nothing to look up, and the lookup delays every greeting.
    disableReverseLookup: true,
    // A client that keeps a pooled connection open must not hold close() for the default 30 s.
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (!credentials || (auth.username === credentials.user && auth.password === credentials.pass)) {
        callback(null, { user: auth.username ?? 'anonymous' });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const parsed = parseMail(raw);
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: parsed.header('from') || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
          subject: parsed.header('subject'),
          text: parsed.text,
          html: parsed.html,
          raw: raw.toString('utf8'),
        };
        messages.push(mail);
        for (const waiter of waiters) {
          if (addressedTo(mail, waiter.to)) waiter.resolve(mail);
        }
        callback();
      });
    },
  });

  // Open client sockets. close() gives them a moment to finish and hang up: once closing,
  // smtp-server answers every command with 421, failing a mail sent just before teardown.
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';

  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages,
    waitForMessage(to, timeoutMs = 5_000) {
      const received = messages.find((m) => addressedTo(m, to));
      if (received) return Promise.resolve(received);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => m.to.join(', ')).join('; ') || 'none';
          reject(new Error(`No mail to ${to} arrived within ${timeoutMs} ms (recipients so far: ${seen}).`));
        }, timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        const waiter: Waiter = {
          to,
          resolve: (mail) => { settle(); resolve(mail); },
          reject: (error) => { settle(); reject(error); },
        };
        waiters.add(waiter);
      });
    },
    async close() {
      for (let waited = 0; sockets.size > 0 && waited < 1_000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const waiter of waiters) waiter.reject(new Error(`The test SMTP server closed before mail to ${waiter.to} arrived.`));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Just enough MIME to read what our own mailer sends (mailparser is not a dependency). It works
// on latin1 strings, so one character is one byte until a charset turns the bytes into text.

interface ParsedMail {
  /** Header value with encoded-words decoded, or '' when absent. */
  header(name: string): string;
  /** The first text/plain part, decoded, with line breaks as \n; '' when there is none. */
  text: string;
  /** The first text/html part, decoded; '' when there is none. */
  html: string;
}

function parseMail(raw: Buffer): ParsedMail {
  // The last line break belongs to the end-of-data sequence (CRLF.CRLF), not to the text.
  const entity = parseEntity(raw.toString('latin1').replace(/\r?\n$/, ''));
  return {
    header: (name) => decodeWords(entity.headers.get(name.toLowerCase())?.[0] ?? ''),
    text: findPart(entity, 'text/plain') ?? '',
    html: findPart(entity, 'text/html') ?? '',
  };
}

interface Entity {
  headers: Map<string, string[]>;
  body: string;
}

function parseEntity(source: string): Entity {
  const blank = /\r?\n\r?\n/.exec(source);
  const head = blank ? source.slice(0, blank.index) : source;
  const body = blank ? source.slice(blank.index + blank[0].length) : '';
  const headers = new Map<string, string[]>();
  // Unfolding removes the line break before whitespace and keeps the whitespace (RFC 5322 2.2.3).
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { headers, body };
}

interface ContentType {
  type: string;
  params: Map<string, string>;
}

function contentType(entity: Entity): ContentType {
  const [type = '', ...rest] = (entity.headers.get('content-type')?.[0] ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params.set(param.slice(0, eq).trim().toLowerCase(), param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return { type: type.trim().toLowerCase(), params };
}

function findPart(entity: Entity, wanted: 'text/plain' | 'text/html'): string | undefined {
  const { type, params } = contentType(entity);
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    for (const part of splitMultipart(entity.body, boundary)) {
      const text = findPart(parseEntity(part), wanted);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  const disposition = entity.headers.get('content-disposition')?.[0] ?? '';
  if (type !== wanted || /^\s*attachment/i.test(disposition)) return undefined;
  const bytes = decodeTransfer(entity.body, entity.headers.get('content-transfer-encoding')?.[0] ?? '7bit');
  return decodeCharset(bytes, params.get('charset') ?? 'us-ascii').replace(/\r\n/g, '\n');
}

/** The parts between `--boundary` lines; the line break before each delimiter belongs to it. */
function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start: number | undefined;
  for (const match of body.matchAll(delimiter)) {
    if (start !== undefined) parts.push(body.slice(start, match.index));
    if (match[1]) break;
    start = match.index + match[0].length;
  }
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, ''));
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const latin1 = text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1');
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * Decodes RFC 2047 encoded-words. Whitespace between two encoded-words is dropped, and adjacent
 * words in one charset are joined as bytes first, since a long subject may split a character.
 */
function decodeWords(value: string): string {
  const pieces: Array<{ charset: string | undefined; bytes: Buffer }> = [];
  let last = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const gap = value.slice(last, match.index);
    const previous = pieces.at(-1);
    const betweenWords = previous?.charset !== undefined && /^\s*$/.test(gap);
    if (!betweenWords) pieces.push({ charset: undefined, bytes: Buffer.from(gap, 'latin1') });
    const [, charsetWithLanguage = '', kind = '', text = ''] = match;
    const charset = (charsetWithLanguage.split('*')[0] ?? '').toLowerCase();
    const bytes = kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : decodeQuotedPrintable(text.replace(/_/g, ' '));
    const tail = pieces.at(-1);
    if (tail?.charset === charset) tail.bytes = Buffer.concat([tail.bytes, bytes]);
    else pieces.push({ charset, bytes });
    last = match.index + match[0].length;
  }
  pieces.push({ charset: undefined, bytes: Buffer.from(value.slice(last), 'latin1') });
  // Text outside encoded-words is ASCII, or UTF-8 from a client speaking SMTPUTF8.
  return pieces.map((p) => decodeCharset(p.bytes, p.charset ?? 'utf-8')).join('');
}
