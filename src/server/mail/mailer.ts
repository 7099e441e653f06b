import { createTransport } from 'nodemailer';
import type { MailMessage } from './message.ts';
import { recordInOutbox } from './outbox.ts';

export type { MailMessage };


export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects with a MailDeliveryError. */
  send(message: MailMessage): Promise<void>;
  /** Closes the pooled SMTP connections; call once on shutdown. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://`; without it (development only) mail goes to the log and the outbox. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `Terrace FC <no-reply@example.com>`. */
  from: string;
  logger?: Pick<Console, 'info' | 'error'>;
}

/** A refused or failed delivery. Its message names the server but never the credentials. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  /** nodemailer's code, e.g. ECONNECTION, EAUTH, EENVELOPE. */
  readonly code: string | undefined;
  /** The SMTP reply code when the server answered, e.g. 535 or 550. */
  readonly responseCode: number | undefined;

  constructor(message: string, code?: string, responseCode?: number) {
    super(message);
    this.code = code;
    this.responseCode = responseCode;
  }
}

export function createMailer({ smtpUrl, from, logger = console }: MailerOptions): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from, logger) : developmentMailer(logger);
}

function smtpMailer(smtpUrl: string, from: string, logger: Pick<Console, 'error'>): Mailer {
  const server = describeServer(smtpUrl);
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    // nodemailer waits minutes by default; a sign-in request should learn of a dead server sooner.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, text, html }) {
      try {
        await transport.sendMail({ from, to, subject, text, ...(html === undefined ? {} : { html }) });
      } catch (error) {
        const failure = deliveryError(error, server);
        // The address stays out of the log; the reason (with SMTP credentials stripped) is for operators.
        logger.error(`mail not sent: ${failure.message}`);
        throw failure;
      }
    },
    async close() {
      transport.close();
    },
  };
}

function developmentMailer(logger: Pick<Console, 'info' | 'error'>): Mailer {
  return {
    async send(message) {
      // Never throws: a developer signing in should not be stopped by the stand-in for SMTP.
      try {
        recordInOutbox(message);
        // Only a pointer: the message holds a sign-in code, which no log may keep.
        logger.info('[mail] not sent (no SMTP_URL): read it in the development outbox at /api/dev/mail');
      } catch (error) {
        logger.error('[mail] could not record a development message', error);
      }
    },
    async close() {},
  };
}

interface ServerDescription {
  label: string;
  secrets: string[];
}

/** `smtp://host:port` for messages, and the user and password to strip from any text we repeat. */
function describeServer(smtpUrl: string): ServerDescription {
  try {
    const url = new URL(smtpUrl);
    const secrets = [url.username, url.password].flatMap((s) => (s ? [s, safeDecode(s)] : []));
    return { label: `${url.protocol}//${url.host}`, secrets };
  } catch {
    return { label: 'the SMTP server', secrets: [] };
  }
}

function deliveryError(error: unknown, server: ServerDescription): MailDeliveryError {
  const details = error instanceof Error ? error : new Error(String(error));
  const fields = details as Error & { code?: unknown; responseCode?: unknown };
  let reason = details.message;
  // Longest first, so a password that contains the user name is removed whole.
  for (const secret of [...server.secrets].sort((a, b) => b.length - a.length)) {
    reason = reason.split(secret).join('***');
  }
  return new MailDeliveryError(
    `Could not send mail through ${server.label}: ${reason}`,
    typeof fields.code === 'string' ? fields.code : undefined,
    typeof fields.responseCode === 'number' ? fields.responseCode : undefined,
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
