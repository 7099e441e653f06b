import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { startBuiltServer, type RunningServer } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { freshEmail, signIn } from './support/sign-in.ts';

// Hand-entered bad values in the database (as a club's operator, or a console bug, could leave them):
// the organization's time zone is not a zone, and one row of each kind of content does not fit its
// schema. Every supporter's pages still answer 200, without the bad rows. Before: 500 on every signed-in
// page (the zone) and 503 on /challenges and its tabs (one challenge). A server of its own: its database
// is spoilt on purpose. Also: a supporter without a birthday is told, on the page, why points and some
// rewards are withheld and where to add the birthday.

const APP = APP_PORT + 73;
let club: RunningServer;

/** Copies one row of `table` (the first that `where` selects) under a new id and slug, with `change` applied. */
function copyRow(db: DatabaseSync, table: string, where: string, change: Record<string, string>): void {
  const row = db.prepare(`SELECT * FROM ${table} WHERE ${where} LIMIT 1`).get() as Record<string, string | number | null>;
  const id = randomUUID();
  const copy = { ...row, id, ...('slug' in row ? { slug: `bad-${id.slice(0, 8)}` } : {}), ...change };
  const columns = Object.keys(copy);
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...Object.values(copy));
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  club = await startBuiltServer(APP);
  const db = new DatabaseSync(club.database, { timeout: 5_000 });
  try {
    db.prepare("UPDATE organizations SET time_zone = 'Mars/Phobos'").run();
    const { id } = db.prepare('SELECT id FROM organizations LIMIT 1').get() as { id: string };
    db.prepare("INSERT INTO organization_settings (organization_id, key, value) VALUES (?, 'instagramPosts', '[{') "
      + 'ON CONFLICT (organization_id, key) DO UPDATE SET value = excluded.value').run(id);
    const now = new Date().toISOString();
    const live = `visible_from <= '${now}' AND (expires_on IS NULL OR expires_on > '${now}') AND id NOT LIKE 'demo-hidden-%'`;
    copyRow(db, 'challenges', `subtype = 'poll' AND ${live}`, { options: 'not json' });
    copyRow(db, 'challenges', `subtype = 'trivia' AND ${live}`, { questions: '[{"questionId":"q","text":"?","options":["a"],"correctIndex":4,"points":5}]' });
    copyRow(db, 'challenges', `subtype = 'arcade' AND ${live}`, { game: '{"durationSeconds":"soon"}' });
    copyRow(db, 'challenges', `subtype = 'pickem' AND ${live}`, { options: '[{"label":""}]' });
    copyRow(db, 'videos', '1 = 1', { source_type: 'vimeo' });
    copyRow(db, 'articles', '1 = 1', { media_id: 'https://tracker.example/pixel.gif' });
    copyRow(db, 'activations', '1 = 1', { badge_image: 'javascript:alert(1)' });
    copyRow(db, 'experiences', '1 = 1', { tiers: '{"gold":true}' });
    copyRow(db, 'sweepstakes', '1 = 1', { rules_media: '{"en":42}' });
    const story = db.prepare(`SELECT id FROM stories WHERE starts_at <= '${now}' AND stops_at > '${now}' LIMIT 1`).get() as { id: string };
    copyRow(db, 'story_chapters', `story_id = '${story.id}'`, { sponsor_url: 'javascript:alert(1)', order_index: '99' });
  } finally {
    db.close();
  }
});
test.afterAll(async () => {
  await club?.stop();
});

test.describe('a database with bad values in it', () => {
  test.use({ baseURL: `http://127.0.0.1:${APP}`, viewport: { width: 360, height: 800 } });

  test('every supporter page answers 200; a supporter without a birthday is told why, with a link to add it', async ({ page }, testInfo) => {
    await signIn(page, freshEmail('bad-rows'));
    const onboarded = [
      (await page.request.post('/api/membership/choose', { data: { membership: 'entry' } })).status(),
      (await page.request.post('/api/user/me/welcome')).status(),
      (await page.request.post('/api/checkin')).status(),
    ];
    expect(onboarded).toEqual([200, 201, 200]);
    const paths = [
      '/dashboard', '/challenges', '/challenges/polls', '/challenges/pickems', '/challenges/quizzes', '/challenges/arcade', '/challenges/keyword',
      '/media', '/media/videos', '/media/instagram', '/sweepstakes', '/enhanced-experiences', '/history', '/profile',
    ];
    for (const path of paths) expect((await page.goto(path))?.status(), path).toBe(200);

    for (const [lang, text, link] of [
      ['en', 'Until you add your birthday, the rules for supporters under 18 apply', 'Add your birthday on your profile'],
      ['es', 'Hasta que añadas tu fecha de nacimiento se aplican las normas para menores de 18 años', 'Añade tu fecha de nacimiento en tu perfil'],
    ] as const) {
      await page.context().addCookies([{ name: 'terrace_lang', value: lang, url: `http://127.0.0.1:${APP}` }]);
      await page.goto('/dashboard');
      const note = page.locator('[data-birthday-note]');
      await expect(note).toContainText(text);
      await expect(note.getByRole('link', { name: link })).toHaveAttribute('href', '/profile/edit');
      await page.screenshot({ path: testInfo.outputPath(`birthday-note-dashboard-${lang}.png`), fullPage: false });
      await page.goto('/sweepstakes');
      await expect(page.locator('[data-birthday-note]')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`birthday-note-sweepstakes-${lang}.png`), fullPage: false });
    }

    // The link leads to a form that takes the birthday; with it given, the note is gone.
    await page.context().addCookies([{ name: 'terrace_lang', value: 'en', url: `http://127.0.0.1:${APP}` }]);
    await page.goto('/dashboard');
    await page.locator('[data-birthday-note]').getByRole('link').click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    const saved = await page.evaluate(async () => (await fetch('/api/user/me', {
      method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ birthday: '1990-05-17' }),
    })).status);
    expect(saved).toBe(201);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-birthday-note]')).toHaveCount(0);
  });
});
