import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, signInThroughApi } from './support/sign-in.ts';
import { ADMIN_CLIP_LIMIT } from '../../src/shared/limits.ts';

// An editor made with the command line writes an article in English and Spanish in the console, without
// JavaScript: saved as a draft (no supporter sees it), previewed as a supporter in both languages, then
// published; a supporter reads it in English and in Spanish. An editor uploads a clip with a new video's form,
// which saves it as the video's source, and a supporter's video page plays it.

test('an editor makes an article in both languages without JavaScript, and a supporter reads it in both', async ({ browser }) => {
  // Four sign-ins and a dozen pages: longer than one page's test.
  test.setTimeout(90_000);
  const editorContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const editor = await editorContext.newPage();
  await signInAsStaff(editor, 'editor');

  const stamp = Date.now();
  const title = `Derby day diary ${stamp}`;
  await editor.goto('/admin/articles');
  await editor.getByRole('link', { name: 'New article' }).click();
  await expect(editor.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  await editor.getByLabel('Title (English)').fill(title);
  await editor.getByLabel('Title (Spanish)').fill(`Diario del derbi ${stamp}`);
  await editor.getByLabel('Search description (English)').fill('How the derby was won.');
  await editor.getByLabel('Search description (Spanish)').fill('Cómo se ganó el derbi.');
  // Saved with a text that has nothing to read (a script only): refused, the field named, nothing typed lost.
  await editor.getByLabel('Text (English)').fill('<script>alert(1)</script>');
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  await expect(editor.getByRole('alert')).toContainText('Text:');
  await expect(editor.getByLabel('Title (Spanish)')).toHaveValue(`Diario del derbi ${stamp}`);
  await editor.getByLabel('Text (English)').fill('## The goal\n\nA **header** in the last minute.');
  await editor.getByLabel('Text (Spanish)').fill('## El gol\n\nUn **cabezazo** en el último minuto.');
  await editor.getByLabel('Points').fill('10');
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  await expect(editor).toHaveURL(/\/admin\/articles\/[0-9a-f-]{36}$/);
  await expect(editor.getByText('Draft', { exact: true })).toBeVisible();
  const articleUrl = editor.url();
  const slug = `derby-day-diary-${stamp}`;

  // A draft: supporters do not find it.
  const supporterContext = await browser.newContext({ locale: 'en-GB' });
  await signInThroughApi(supporterContext, freshEmail('media-reader'));
  const reader = await supporterContext.newPage();
  expect((await reader.goto(`/media/articles/${slug}`))!.status()).toBe(404);

  // The previews, as a supporter would see it in each language and age.
  await editor.getByRole('link', { name: 'Adult, Spanish' }).click();
  const preview = editor.locator('[data-preview="es-adult"]');
  await expect(preview.getByRole('heading', { level: 1, name: `Diario del derbi ${stamp}` })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'El gol' })).toBeVisible();
  await expect(preview.getByText('Cómo se ganó el derbi.')).toBeVisible();
  await editor.goto(`${articleUrl}/preview?lang=en&age=minor`);
  await expect(editor.locator('[data-preview="en-minor"]').getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Published, with the change in its own history.
  await editor.goto(articleUrl);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor.getByText('Live', { exact: true })).toBeVisible();
  await expect(editor.getByText('article.publish')).toBeVisible();
  await expect(editor.getByText('article.create')).toBeVisible();

  await reader.goto(`/media/articles/${slug}`);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2, name: 'The goal' })).toBeVisible();
  const spanishContext = await browser.newContext({ locale: 'es-ES' });
  await signInThroughApi(spanishContext, freshEmail('media-lector'));
  const lector = await spanishContext.newPage();
  await lector.goto(`/media/articles/${slug}`);
  await expect(lector.getByRole('heading', { level: 1, name: `Diario del derbi ${stamp}` })).toBeVisible();
  await expect(lector.getByText('Un cabezazo en el último minuto.')).toBeVisible();
  await Promise.all([editorContext.close(), supporterContext.close(), spanishContext.close()]);
});

test('support reads the console lists but is offered no writing; a supporter is refused', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signInAsStaff(page, 'support');
  await page.goto('/admin/stories');
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New story' })).toHaveCount(0);
  await page.locator('table a[href^="/admin/stories/"]').first().click();
  await expect(page).toHaveURL(/\/admin\/stories\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await context.close();
  const supporter = await browser.newContext();
  await signInThroughApi(supporter, freshEmail('media-fan'));
  const fan = await supporter.newPage();
  const answer = await fan.goto('/admin/articles');
  expect(answer!.status() === 403 || new URL(fan.url()).pathname === '/admin/login').toBe(true);
  await supporter.close();
});

test('the article form shows its text as supporters will read it while the editor types', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signInAsStaff(page, 'editor');
  await page.goto('/admin/articles/new');
  await page.getByLabel('Text (English)').fill('## Live words\n\nPlain **bold**\n\n<script>alert(1)</script>');
  const preview = page.locator('[data-markdown-preview][data-source="f-bodyMarkdown"]');
  await expect(preview.getByRole('heading', { level: 2, name: 'Live words' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('bold');
  await expect(preview.locator('script')).toHaveCount(0);
  await context.close();
});

/**
 * A real clip of the demo's (src/server/content/demo-videos, drawn by scripts/pictures/demo-videos.ts) with a
 * `free` box after it holding `stamp`: an MP4 box players skip, so it plays the same and is stored under a
 * name of its own (its content hash), never the seeded copy's.
 */
function realClip(stamp: string): Buffer {
  const clip = readFileSync(join(import.meta.dirname, '../../src/server/content/demo-videos/training-rondo.mp4'));
  const payload = Buffer.from(stamp, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write('free', 4, 'latin1');
  return Buffer.concat([clip, head, payload]);
}

test('an editor uploads a clip from a new video\'s form without JavaScript, and a supporter\'s page plays that clip', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  await signInAsStaff(page, 'editor');
  await page.goto('/admin/videos/new');
  const slug = `clip-${Date.now()}`;
  const fields = { name: 'Training ground rondo', slug, thumbnailSrc: '/videos/goal-of-the-month.webp', durationSeconds: '10' };
  for (const [name, value] of Object.entries(fields)) await page.locator(`main [name="${name}"]`).fill(value);
  const clipField = page.getByLabel('Clip', { exact: true });
  const save = page.getByRole('button', { name: 'Save as draft' });

  // Refused beside the form, naming the field, in the operator's language; what was typed is still there.
  await clipField.setInputFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('minutes of the meeting') });
  await save.click();
  await expect(page.locator('#form-problem')).toHaveText('Clip: The file is not an MP4 or WebM video.');
  for (const [name, value] of Object.entries(fields)) await expect(page.locator(`main [name="${name}"]`)).toHaveValue(value);
  await clipField.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('minutes of the meeting') });
  await save.click();
  await expect(page.locator('#form-problem')).toHaveText('Clip: The file is not an MP4 or WebM video.');
  await expect(page.locator('main [name="name"]')).toHaveValue(fields.name);
  // Too large for the form: the request gate sends the form back to its page, which says which file it was.
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: page.url() }]);
  await page.goto('/admin/videos/new?tooLarge');
  await expect(page.locator('#form-problem')).toHaveText('Clip: El archivo pesa más de 50 MB. Elige un clip más corto.');
  await context.addCookies([{ name: 'terrace_lang', value: 'en', url: page.url() }]);

  // The clip with the form: stored, then the save refused for another field; the form comes back with the
  // clip as its source, so the editor corrects that field and saves without choosing the clip again.
  await page.goto('/admin/videos/new');
  for (const [name, value] of Object.entries({ ...fields, thumbnailSrc: 'poster.webp' })) await page.locator(`main [name="${name}"]`).fill(value);
  const bytes = realClip(slug);
  const clip = `${createHash('sha256').update(bytes).digest('hex')}.mp4`;
  await clipField.setInputFiles({ name: 'rondo.mp4', mimeType: 'video/mp4', buffer: bytes });
  await save.click();
  await expect(page.locator('#form-problem')).toContainText('Poster');
  await expect(page.locator('main [name="source"]')).toHaveValue(clip);
  await expect(page.getByText(`The clip is stored as ${clip} and is now the source`)).toBeVisible();
  await page.locator('main [name="thumbnailSrc"]').fill(fields.thumbnailSrc);
  await save.click();
  await expect(page).toHaveURL(/\/admin\/videos\/[0-9a-f-]{36}$/);
  await expect(page.locator('main [name="videoSourceType"]')).toHaveValue('file');
  await expect(page.locator('main [name="source"]')).toHaveValue(clip);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('video.create')).toBeVisible();
  await page.goto(`/admin/audit?${new URLSearchParams({ kind: 'media', subject: clip })}`);
  await expect(page.getByRole('main').getByText('media.upload')).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await context.close();

  // A supporter's page plays the stored clip.
  const fan = await browser.newContext({ locale: 'en-GB' });
  await signInThroughApi(fan, freshEmail('media-watcher'));
  const watcher = await fan.newPage();
  await watcher.goto(`/media/videos/${slug}`);
  const video = watcher.locator('video');
  await expect(video.locator('source')).toHaveAttribute('src', `/api/media/videos/${clip}`);
  await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4');
  const served = await watcher.request.get(`/api/media/videos/${clip}`);
  expect((await served.body()).equals(bytes)).toBe(true);
  // The browser reads it as a video: its length comes from the clip itself.
  await video.evaluate((element: HTMLVideoElement) => { element.preload = 'metadata'; element.load(); });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
  await fan.close();
});

test('a clip too large for the video form is refused at its field before it is sent, and without JavaScript by the page it comes back to', async ({ browser }, testInfo) => {
  const big = testInfo.outputPath('big.mp4');
  writeFileSync(big, Buffer.alloc(ADMIN_CLIP_LIMIT + 1024 * 1024, 1));
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, locale: 'en-GB' });
    const page = await context.newPage();
    await signInAsStaff(page, 'editor');
    await page.goto('/admin/videos/new');
    const fields = { name: 'Season review', thumbnailSrc: '/videos/goal-of-the-month.webp', durationSeconds: '600' };
    for (const [name, value] of Object.entries(fields)) await page.locator(`main [name="${name}"]`).fill(value);
    await page.getByLabel('Clip', { exact: true }).setInputFiles(big);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    if (javaScriptEnabled) {
      // Never sent: the browser holds the form at the field, and what was typed stays.
      await expect(page.getByLabel('Clip', { exact: true })).toHaveJSProperty('validationMessage', 'Clip: The file is larger than 50 MB. Choose a shorter clip.');
      await expect(page).toHaveURL(/\/admin\/videos\/new$/);
      await expect(page.locator('main [name="name"]')).toHaveValue('Season review');
    } else {
      await expect(page).toHaveURL(/\/admin\/videos\/new\?tooLarge$/);
      await expect(page.locator('#form-problem')).toHaveText('Clip: The file is larger than 50 MB. Choose a shorter clip.');
    }
    await context.close();
  }
});
