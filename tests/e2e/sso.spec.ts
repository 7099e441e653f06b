import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type RunningServer } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { ADULT_BIRTHDAY, freshEmail, signIn, signInThroughUi } from './support/sign-in.ts';
import { setBirthday } from './support/supporter.ts';

// DiscourseConnect from the forum's side, written from the protocol (https://meta.discourse.org/t/13045)
// with node:crypto alone, never with the product's signing code. A tiny forum stand-in starts the handshake
// as Discourse does (nonce and return_sso_url, base64, hex HMAC-SHA256) and checks the answer it gets back.
// The product runs as a second built server with the forum settings seeded before its first page (the
// page server keeps the organization for a minute, so a setting changed later would not be seen at once).
const APP = APP_PORT + 44;
const FORUM_PORT = APP_PORT + 45;
const FORUM = `http://127.0.0.1:${FORUM_PORT}`;
const SECRET = 'e2e-forum-shared-secret-0123456789';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

interface Received { sso: string; sig: string; valid: boolean; fields: Record<string, string> }

/** The forum: /session/sso starts a sign-in (as Discourse does), /session/sso_login receives the answer. */
function startForum(clubOrigin: () => string) {
  const nonces = new Set<string>();
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', FORUM);
    if (url.pathname === '/session/sso') {
      const nonce = url.searchParams.get('nonce') ?? randomBytes(16).toString('hex');
      nonces.add(nonce);
      const returnUrl = url.searchParams.get('return') ?? `${FORUM}/session/sso_login`;
      const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: returnUrl }).toString()).toString('base64');
      let sig = hmac(url.searchParams.get('secret') ?? SECRET, sso);
      if (url.searchParams.has('tamper')) sig = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
      res.writeHead(302, { Location: `${clubOrigin()}/sso?${new URLSearchParams({ sso, sig })}` }).end();
      return;
    }
    if (url.pathname === '/session/sso_login') {
      const sso = url.searchParams.get('sso') ?? '';
      const sig = url.searchParams.get('sig') ?? '';
      const expected = Buffer.from(hmac(SECRET, sso), 'hex');
      const given = Buffer.from(sig, 'hex');
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      const fields = Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8')));
      received.push({ sso, sig, valid, fields });
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>Forum</title><h1>Signed in on the forum</h1>');
      return;
    }
    res.writeHead(404).end();
  });
  return {
    nonces, received,
    start: () => new Promise<void>((r) => server.listen(FORUM_PORT, '127.0.0.1', r)),
    stop: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}

let club: RunningServer;
const forum = startForum(() => club.origin);

test.beforeAll(async () => {
  test.setTimeout(90_000);
  club = await startBuiltServer(APP);
  const db = new DatabaseSync(club.database, { timeout: 5_000 });
  try {
    const { id } = db.prepare('SELECT id FROM organizations LIMIT 1').get() as { id: string };
    const set = db.prepare('INSERT INTO organization_settings (organization_id, key, value) VALUES (?, ?, ?) '
      + 'ON CONFLICT (organization_id, key) DO UPDATE SET value = excluded.value');
    set.run(id, 'ssoEnabled', 'true');
    set.run(id, 'discourseUrl', FORUM);
    set.run(id, 'discourseSecret', SECRET);
  } finally {
    db.close();
  }
  await forum.start();
});
test.afterAll(async () => {
  await forum.stop();
  await club?.stop();
});

test.describe('DiscourseConnect against a forum stand-in', () => {
  test.use({ baseURL: `http://127.0.0.1:${APP}` });

  /** `adult`: a birthday 18 or more years ago was given; without one the under-18 rules (and group) apply. */
  async function expectSignedAnswer(page: Page, email: string, nonce: string, adult = false) {
    await expect(page).toHaveURL(new RegExp(`^${FORUM}/session/sso_login\\?`));
    await expect(page.getByRole('heading', { name: 'Signed in on the forum' })).toBeVisible();
    const answer = forum.received.at(-1)!;
    expect(answer.valid).toBe(true);
    const userId = await page.request.get('/api/user/me').then(async (r) => (await r.json()).data.userId as string);
    expect(answer.fields).toMatchObject({
      nonce, email, external_id: userId, require_activation: 'false', add_groups: adult ? 'entry' : 'entry,under-18', username: expect.any(String),
    });
    expect(answer.fields['remove_groups']!.split(',').includes('under-18')).toBe(adult);
  }

  test('a signed-in supporter is sent back to the forum with a signed answer', async ({ page }) => {
    const email = freshEmail('sso-in');
    await signIn(page, email);
    await setBirthday(page, ADULT_BIRTHDAY);
    const nonce = randomBytes(16).toString('hex');
    await page.goto(`${FORUM}/session/sso?nonce=${nonce}`);
    await expectSignedAnswer(page, email, nonce, true);
  });

  test('a signed-out supporter signs in and comes back to the same /sso address, query and all', async ({ page }) => {
    const nonce = randomBytes(16).toString('hex');
    await page.goto(`${FORUM}/session/sso?nonce=${nonce}`);
    await expect(page).toHaveURL(`http://127.0.0.1:${APP}/`);
    const email = freshEmail('sso-out');
    await signInThroughUi(page, email);
    await expectSignedAnswer(page, email, nonce);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the signed-out round trip needs no script: redirects, forms and a refresh', async ({ page }) => {
      const nonce = randomBytes(16).toString('hex');
      await page.goto(`${FORUM}/session/sso?nonce=${nonce}`);
      const email = freshEmail('sso-nojs');
      await signInThroughUi(page, email);
      await expectSignedAnswer(page, email, nonce);
    });
  });

  test('a tampered signature, a foreign return URL and a replayed nonce are refused on the page, with the reason', async ({ page }) => {
    await signIn(page, freshEmail('sso-refused'));
    const before = forum.received.length;

    const tampered = await page.goto(`${FORUM}/session/sso?tamper=1`);
    expect(tampered?.status()).toBe(422);
    await expect(page.getByRole('alert')).toHaveText('The forum request is not signed with the shared secret. Go back to the forum and try again.');
    await expect(page.getByRole('heading', { name: 'Forum sign-in' })).toBeVisible();

    const foreign = await page.goto(`${FORUM}/session/sso?return=${encodeURIComponent('https://evil.example/session/sso_login')}`);
    expect(foreign?.status()).toBe(422);
    await expect(page.getByRole('alert')).toContainText("not the club's forum");

    const nonce = randomBytes(16).toString('hex');
    await page.goto(`${FORUM}/session/sso?nonce=${nonce}`);
    await expect(page).toHaveURL(new RegExp(`^${FORUM}/session/sso_login`));
    const replay = await page.goto(`${FORUM}/session/sso?nonce=${nonce}`);
    expect(replay?.status()).toBe(422);
    await expect(page.getByRole('alert')).toContainText('has been used already');
    expect(forum.received.length).toBe(before + 1);
  });

  test('the refusal is in the supporter\'s language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES', baseURL: `http://127.0.0.1:${APP}` });
    const page = await context.newPage();
    await signIn(page, freshEmail('sso-es'));
    await page.goto(`${FORUM}/session/sso?tamper=1`);
    await expect(page.getByRole('heading', { name: 'Acceso al foro' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('no está firmada con el secreto compartido');
    await context.close();
  });
});

test.describe('with SSO off (the demo default)', () => {
  test('/sso redirects to /', async ({ page }) => {
    const sso = Buffer.from(new URLSearchParams({ nonce: 'n1', return_sso_url: `${FORUM}/x` }).toString()).toString('base64');
    const answer = await page.request.get(`/sso?${new URLSearchParams({ sso, sig: hmac(SECRET, sso) })}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()['location']).toBe('/');
  });
});
