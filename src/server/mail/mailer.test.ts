import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { createMailer, MailDeliveryError, type Mailer } from './mailer.ts';
import { clearOutbox, listOutbox } from './outbox.ts';

const FROM = 'Terrace FC <no-reply@terrace.test>';
const quiet = () => ({ info: vi.fn(), error: vi.fn() });

describe('createMailer with an SMTP URL', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.url, from: FROM, logger: quiet() });
  });
  afterAll(async () => {
    await mailer.close();
    await smtp.close();
  });

  it('delivers the subject and text exactly, non-ASCII and long lines included', async () => {
    const subject = 'Votre code Terrace — café é, a subject long enough that it has to be folded over lines';
    const text = `Bonjour é!\nYour sign-in code is 482913.\n${'long '.repeat(30)}é end\n\nSee you on the terrace.`;
    await mailer.send({ to: 'fan.one@example.com', subject, text });

    const mail = await smtp.waitForMessage('fan.one@example.com');
    expect(mail.to).toEqual(['fan.one@example.com']);
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(text);
    expect(mail.raw).toMatch(/^Content-Transfer-Encoding: quoted-printable/m);
  });

  it('delivers the text part of a message that also has html, in base64 when mostly non-ASCII', async () => {
    const text = 'Ο κωδικός σας είναι 482913. Ελληνικά κείμενο για δοκιμή.';
    await mailer.send({ to: 'fan.two@example.com', subject: 'Κωδικός', text, html: `<p>${text}</p>` });

    const mail = await smtp.waitForMessage('fan.two@example.com');
    expect(mail.subject).toBe('Κωδικός');
    expect(mail.text).toBe(text);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(mail.raw).toMatch(/^Content-Transfer-Encoding: base64/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
  });

  it('waits for a message that has not arrived yet, and times out with a clear error', async () => {
    const waiting = smtp.waitForMessage('Later@Example.com');
    await mailer.send({ to: 'later@example.com', subject: 'Later', text: 'plain ASCII' });
    expect((await waiting).text).toBe('plain ASCII');
    await expect(smtp.waitForMessage('nobody@example.com', 50)).rejects.toThrow(/No mail to nobody@example.com .*50 ms/);
  });

  it('reads what other mailers send: Q-encoded words, folded headers, 8bit and nested multipart', async () => {
    const raw = [
      'From: =?ISO-8859-1?Q?Caf=E9?= <cafe@example.com>',
      'Subject: =?utf-8?q?Caf=C3=A9_?=',
      ' =?utf-8?b?w6k=?= and plain',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: multipart/alternative;',
      '\tboundary="inner b"',
      '',
      '--inner b',
      'Content-Type: text/plain; charset="utf-8"',
      'Content-Transfer-Encoding: 8bit',
      '',
      'Déjà vu',
      'line two',
      '--inner b',
      'Content-Type: text/html',
      '',
      '<p>x</p>',
      '--inner b--',
      '--outer--',
      '',
    ].join('\r\n');
    const transport = createTransport({ url: smtp.url });
    await transport.sendMail({ envelope: { from: 'cafe@example.com', to: ['raw@example.com'] }, raw });
    transport.close();

    const mail = await smtp.waitForMessage('raw@example.com');
    expect(mail.from).toBe('Café <cafe@example.com>');
    expect(mail.subject).toBe('Café é and plain');
    expect(mail.text).toBe('Déjà vu\nline two');
  });
});

describe('createMailer when delivery fails', () => {
  it('rejects when the SMTP server cannot be reached, without naming the credentials', async () => {
    const logger = quiet();
    const mailer = createMailer({ smtpUrl: 'smtp://mailuser:s3cret-pass@127.0.0.1:1', from: FROM, logger });
    const sending = mailer.send({ to: 'fan@example.com', subject: 'Code', text: '123456' });
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    const error = (await sending.catch((e: unknown) => e)) as MailDeliveryError;
    expect(error.message).toContain('smtp://127.0.0.1:1');
    expect(error.message).not.toMatch(/s3cret|mailuser/);
    expect(logger.error).toHaveBeenCalledOnce();
    expect(JSON.stringify(logger.error.mock.calls)).not.toMatch(/fan@example\.com|123456|s3cret/);
    await mailer.close();
  });

  it('rejects a wrong password with EAUTH and delivers with the right one', async () => {
    const smtp = await startTestSmtpServer({ credentials: { user: 'terrace', pass: 'right-pass' } });
    const wrong = createMailer({ smtpUrl: smtp.url.replace('right-pass', 'wrong-pass'), from: FROM, logger: quiet() });
    const right = createMailer({ smtpUrl: smtp.url, from: FROM, logger: quiet() });
    try {
      const error = await wrong.send({ to: 'a@example.com', subject: 'x', text: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      expect((error as MailDeliveryError).code).toBe('EAUTH');
      expect((error as MailDeliveryError).message).not.toMatch(/wrong-pass|right-pass/);

      await right.send({ to: 'b@example.com', subject: 'Signed in', text: 'ok' });
      expect((await smtp.waitForMessage('b@example.com')).text).toBe('ok');
      expect(smtp.messages.map((m) => m.to)).toEqual([['b@example.com']]);
    } finally {
      await wrong.close();
      await right.close();
      await smtp.close();
    }
  });
});

describe('createMailer without an SMTP URL (development)', () => {
  beforeEach(() => clearOutbox());

  it('keeps the message in the outbox and logs only where to read it, never the address or the code', async () => {
    const logger = quiet();
    const mailer = createMailer({ from: FROM, logger });
    await expect(mailer.send({ to: 'dev@example.com', subject: 'Your code', text: 'Code: 123456' })).resolves.toBeUndefined();

    const [entry, ...others] = listOutbox();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ to: 'dev@example.com', subject: 'Your code', text: 'Code: 123456' });
    expect(entry?.id).toMatch(/\S+/);
    expect(new Date(entry?.sentAt ?? '').toISOString()).toBe(entry?.sentAt);

    const logged = logger.info.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(logged).toContain('/api/dev/mail');
    for (const secret of ['dev@example.com', 'Your code', '123456']) expect(logged).not.toContain(secret);
    expect(logger.error).not.toHaveBeenCalled();
    await mailer.close();
  });

  it('keeps only the last 50 messages, newest first, and never throws', async () => {
    const failingLogger = { info: () => { throw new Error('log is gone'); }, error: vi.fn() };
    const mailer = createMailer({ from: FROM, logger: failingLogger });
    for (let i = 1; i <= 55; i++) {
      await expect(mailer.send({ to: `fan${i}@example.com`, subject: `#${i}`, text: 'x' })).resolves.toBeUndefined();
    }
    const outbox = listOutbox();
    expect(outbox).toHaveLength(50);
    expect(outbox[0]?.subject).toBe('#55');
    expect(outbox[49]?.subject).toBe('#6');
  });
});
