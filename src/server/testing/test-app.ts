import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../app.ts';
import { installDemoVideos } from '../content/video.install.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { folderMediaStore } from '../media/media.folder-store.ts';
import type { MediaStore } from '../media/media.store.ts';
import { operatorKey } from './operators.ts';
import { startTestSmtpServer } from './smtp.ts';
import { createTestDb, type TestDb } from './test-db.ts';

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

export interface TestApp {
  app: App;
  testDb: TestDb;
  smtp: TestSmtp;
  mailer: Mailer;
  /** A fresh MEDIA_DIR for this test file: the media store's folder, unless the test gave another store. */
  mediaDir: string;
  /** The app's media store: a folder store at mediaDir, or the one the test gave (a bucket, src/server/testing/s3.ts). */
  media: MediaStore;
  /** An owner's API key on the demo organization: the bearer of the operator endpoints. */
  ownerKey: string;
  close(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The real API on a fresh database, sending mail to a real SMTP server in this process. */
export async function createTestApp(options: { media?: MediaStore } = {}): Promise<TestApp> {
  const [testDb, smtp] = await Promise.all([createTestDb(), startTestSmtpServer()]);
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Terrace FC <no-reply@terrace.test>' });
  const mediaDir = mkdtempSync(join(tmpdir(), 'terrace-media-'));
  const media = options.media ?? folderMediaStore(mediaDir);
  await installDemoVideos(media);
  const app = createApp({
    db: testDb.db, mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, media,
  });
  const ownerKey = await operatorKey(testDb.db, 'owner');
  return {
    app, testDb, smtp, mailer, mediaDir, media, ownerKey,
    async close() {
      await mailer.close();
      await smtp.close();
      await testDb.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Headers of an anonymous caller (the organization key), or of a signed-in one. */
export function headers(token = 'pk_demo_terrace', extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'x-client-ip': '203.0.113.7', ...extra };
}

/** Asks for a code and answers it, read from the message the SMTP server received. */
export async function requestCode(t: Pick<TestApp, 'app' | 'smtp'>, email: string): Promise<string> {
  const before = t.smtp.messages.length;
  const sent = await t.app.request('/api/session/email', { method: 'POST', headers: headers(), body: JSON.stringify({ email }) });
  if (sent.status !== 202) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
  for (let i = 0; i < 200; i += 1) {
    // The first mail to the address with a code in it: another mail to it (a confirmation sent a moment
    // before) may arrive in between.
    const code = t.smtp.messages.slice(before).filter((m) => m.to.includes(email.toLowerCase()))
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no code reached ${email}`);
}

/** A new supporter `name`@example.com, signed in through the real flow: answers the user's id. */
export async function newUserId(t: TestApp, name: string): Promise<string> {
  await signIn(t, `${name}@example.com`);
  const user = await t.testDb.db.selectFrom('users').select('id').where('email', '=', `${name}@example.com`).executeTakeFirstOrThrow();
  return user.id;
}

/** A test app with the demo challenges' ids by title (the challenge tests' setup). */
export async function createChallengeTestApp(): Promise<{ t: TestApp; ids: Record<string, string> }> {
  const t = await createTestApp();
  const rows = await t.testDb.db.selectFrom('challenges').select(['id', 'title']).execute();
  return { t, ids: Object.fromEntries(rows.map((r) => [r.title, r.id])) };
}

/** Signs in through the real e-mail flow and answers the session token. */
export async function signIn(t: Pick<TestApp, 'app' | 'smtp'>, email: string): Promise<{ token: string; isNewUser: boolean }> {
  const code = await requestCode(t, email);
  const verified = await t.app.request('/api/session/email/verify', {
    method: 'POST', headers: headers(), body: JSON.stringify({ email, code }),
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  return (await verified.json()).data;
}
