import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../../src/server/testing/s3.ts';
import { startBuiltServer, type RunningServer } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { freshPostgres, type FreshDatabase } from '../harness/fresh-database.ts';
import { freshEmail, signIn, signInOnboarded } from './support/sign-in.ts';
import { operatorCli } from '../harness/operator.ts';

// Several machines, as a club outgrowing one runs them: two built servers (`npm start`) on one PostgreSQL
// database and one S3-compatible bucket (a real s3rver), each with a media folder of its own that must stay
// empty. A photo a supporter sends through one server is served by the other, the same bytes; so are the
// demo clips the first server put in the bucket, by range. Registered only where PostgreSQL is available
// (CI sets TEST_DATABASE_URL), as server.spec.ts's PostgreSQL test is.
const adminUrl = process.env['TEST_DATABASE_URL'];
const A = APP_PORT + 80;
const B = APP_PORT + 81;
const S3_PORT = APP_PORT + 82;

test.describe.configure({ mode: 'serial' });

let database: FreshDatabase | undefined;
let s3: TestS3;
let first: RunningServer;
let second: RunningServer;
const folders: string[] = [];

if (adminUrl) {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    s3 = await startTestS3(S3_PORT);
    database = await freshPostgres(adminUrl, 'media_store');
    const settings = (folder: string) => ({
      DATABASE_URL: database!.url, MEDIA_DIR: folder, MEDIA_STORE: `s3://${s3.bucket}/terrace-fc`, MEDIA_STORE_ENDPOINT: s3.endpoint,
      MEDIA_STORE_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, MEDIA_STORE_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      // Every machine of one club shares its secret (sign-in codes, sessions), as its database and bucket.
      APP_SECRET: 'media-store-e2e-secret-0123456789abcdef', SIGN_IN_CODES_PER_IP: '2000',
    });
    for (let i = 0; i < 2; i += 1) folders.push(mkdtempSync(join(tmpdir(), 'terrace-e2e-media-')));
    // One after the other: the first migrates and seeds the database and puts the demo clips in the bucket.
    first = await startBuiltServer(A, settings(folders[0]!));
    second = await startBuiltServer(B, settings(folders[1]!));
  });

  test.afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await s3?.close();
    await database?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
}

/** Waits until the island holding `selector` has hydrated (Astro drops `ssr` from a hydrated island). */
async function hydrated(page: Page, selector: string) {
  await page.evaluate((css) => document.querySelector(css)?.scrollIntoView({ block: 'center' }), selector);
  await expect(page.locator(`astro-island:has(${selector})[ssr]`)).toHaveCount(0);
}

const bytesOf = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

// Registered only where PostgreSQL is available (CI sets TEST_DATABASE_URL), as server.spec.ts.
if (adminUrl) test.describe('two servers, one database, one bucket', () => {
  test.use({ baseURL: `http://127.0.0.1:${A}` });

  test('a photo sent through one server is served by the other, the same bytes; neither keeps a file of its own', async ({ page }) => {
    // The session cookie is for 127.0.0.1 whatever the port, and the session is in the shared database: the
    // browser is signed in on both servers, as behind a load balancer.
    await signIn(page, freshEmail('two-servers'));
    await page.goto('/profile');
    await hydrated(page, 'input[type=file]');
    await expect(page.locator('form:has(input[type=file]) button[type=submit]')).toHaveCount(0);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0b5d3b' } }).png().toBuffer();
    await page.getByLabel('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const photo = page.getByRole('img', { name: 'Your profile photo' });
    await expect(photo).toHaveAttribute('src', /^\/api\/media\/[a-f0-9]{64}\.webp$/);
    const src = (await photo.getAttribute('src'))!;

    await page.goto(`${second.origin}/profile`);
    const there = page.getByRole('img', { name: 'Your profile photo' });
    await expect(there).toHaveAttribute('src', src);
    await expect.poll(() => there.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);

    const [fromA, fromB] = await Promise.all([bytesOf(`${first.origin}${src}`), bytesOf(`${second.origin}${src}`)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect((await sharp(fromB.bytes).metadata()).width).toBe(512);
    expect(await s3.keys()).toContain(`terrace-fc/${src.slice(src.lastIndexOf('/') + 1)}`);
    expect(folders.map((folder) => readdirSync(folder))).toEqual([[], []]);
  });

  test("the club's settings saved through one server show on the other's supporter pages at once", async ({ page }) => {
    // An adult supporter (under-18s never read of points).
    await signInOnboarded(page, 'two-servers-settings');
    // The second server loads the club (and keeps it, for visitors, a minute).
    await page.goto(`${second.origin}/profile`);
    await expect(page.locator('main')).toContainText('Total points earned');

    // An automation renames the points through the first server, with an owner's API key.
    const printed = await operatorCli(database!.url, ['key', 'settings-e2e', '--role', 'owner']);
    const key = printed.trim().split('\n').at(-1)!;
    const saved = await fetch(`${first.origin}/api/admin/settings`, {
      method: 'PATCH', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pointTerm: 'star', pointsTerm: 'stars' }),
    });
    expect(saved.status).toBe(200);
    try {
      await page.goto(`${second.origin}/profile`);
      await expect(page.locator('main')).toContainText('Total stars earned');
    } finally {
      await fetch(`${first.origin}/api/admin/settings`, {
        method: 'PATCH', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pointTerm: 'point', pointsTerm: 'points' }),
      });
    }
  });

  test('the demo clips the first server put in the bucket are served by the second, whole and by range', async () => {
    const { data } = await (await fetch(`${second.origin}/api/content/videos`, { headers: { Authorization: 'Bearer pk_demo_terrace' } })).json() as { data: Array<{ src: string }> };
    const src = data.find((v) => v.src.startsWith('/api/media/videos/'))!.src;
    const whole = await bytesOf(`${first.origin}${src}`);
    expect(whole.status).toBe(200);
    const part = await bytesOf(`${second.origin}${src}`, { Range: 'bytes=100-1123' });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 100-1123/${whole.bytes.byteLength}`]);
    expect(part.bytes.equals(whole.bytes.subarray(100, 1124))).toBe(true);
    expect((await fetch(`${second.origin}/api/media/videos/${'0'.repeat(64)}.mp4`)).status).toBe(404);
  });
});
