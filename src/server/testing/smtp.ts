import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
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
        simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true }).then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: (parsed.from?.value ?? []).map(({ name, address }) => (name ? `${name} <${address}>` : address ?? '')).join(', ')
              || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject: parsed.subject ?? '',
            // mailparser keeps the line break of the end-of-data sequence (CRLF.CRLF), which is not the text's.
            text: (parsed.text ?? '').replace(/\r\n/g, '\n').replace(/\n$/, ''),
            html: parsed.html || '',
            raw: raw.toString('utf8'),
          };
          messages.push(mail);
          for (const waiter of waiters) {
            if (addressedTo(mail, waiter.to)) waiter.resolve(mail);
          }
          callback();
        }, callback);
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
