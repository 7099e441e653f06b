import { expect, test } from '@playwright/test';
import { addOperator, freshStaffEmail, signInToConsole } from './support/operator.ts';
import { freshEmail, signInThroughApi } from './support/sign-in.ts';

// An editor made with the command line writes an article in English and Spanish in the console, without
// JavaScript: saved as a draft (no supporter sees it), previewed as a supporter in both languages, then
// published; a supporter reads it in English and in Spanish. An editor uploads a video's clip from its page,
// saves it as the video's source, and a supporter's video page plays it.

test('an editor makes an article in both languages without JavaScript, and a supporter reads it in both', async ({ browser }) => {
  // Four sign-ins and a dozen pages: longer than one page's test.
  test.setTimeout(90_000);
  const editorEmail = freshStaffEmail('media-editor');
  await addOperator(editorEmail, 'editor');
  const editorContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const editor = await editorContext.newPage();
  await signInToConsole(editor, editorEmail);

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
  const supportEmail = freshStaffEmail('media-support');
  await addOperator(supportEmail, 'support');
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signInToConsole(page, supportEmail);
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
  const email = freshStaffEmail('media-typist');
  await addOperator(email, 'editor');
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signInToConsole(page, email);
  await page.goto('/admin/articles/new');
  await page.getByLabel('Text (English)').fill('## Live words\n\nPlain **bold**\n\n<script>alert(1)</script>');
  const preview = page.locator('[data-markdown-preview][data-source="f-bodyMarkdown"]');
  await expect(preview.getByRole('heading', { level: 2, name: 'Live words' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('bold');
  await expect(preview.locator('script')).toHaveCount(0);
  await context.close();
});

/** A small MP4 as a camera writes one's start: an `ftyp` box (what the API looks for), then bytes of the clip. */
function tinyMp4(): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(4096, 7)]);
}

test('an editor uploads a clip for a new video without JavaScript, saves it, and a supporter\'s page plays that clip', async ({ browser }) => {
  test.setTimeout(90_000);
  const email = freshStaffEmail('media-clipper');
  await addOperator(email, 'editor');
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  await signInToConsole(page, email);
  await page.goto('/admin/videos/new');
  const clipForm = page.getByRole('region', { name: 'Upload a clip' });
  const send = clipForm.getByRole('button', { name: 'Upload the clip' });

  // Refused beside the form, in the operator's language: nothing chosen, a file that is no video.
  await send.click();
  await expect(clipForm.getByRole('alert')).toHaveText('Choose a clip first.');
  await clipForm.getByLabel('Clip', { exact: true }).setInputFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('minutes of the meeting') });
  await send.click();
  await expect(clipForm.getByRole('alert')).toHaveText('The file is not an MP4 or WebM video.');
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: page.url() }]);
  await page.goto('/admin/videos/new');
  await page.getByRole('button', { name: 'Subir el clip' }).click();
  await expect(page.getByRole('region', { name: 'Subir un clip' }).getByRole('alert')).toHaveText('Elige primero un clip.');
  await context.addCookies([{ name: 'terrace_lang', value: 'en', url: page.url() }]);

  // The clip: the form comes back with it as the source, so the editor only fills in the rest and saves.
  await page.goto('/admin/videos/new');
  await clipForm.getByLabel('Clip', { exact: true }).setInputFiles({ name: 'goal.mp4', mimeType: 'video/mp4', buffer: tinyMp4() });
  await send.click();
  await expect(page).toHaveURL(/\/admin\/videos\/new\?clip=[a-f0-9]{64}\.mp4$/);
  const clip = new URL(page.url()).searchParams.get('clip')!;
  await expect(page.locator('main [name="videoSourceType"]')).toHaveValue('file');
  await expect(page.locator('main [name="source"]')).toHaveValue(clip);
  await expect(clipForm).toContainText(`Stored as ${clip}`);
  const slug = `clip-${Date.now()}`;
  const fields = { name: 'Training ground volley', slug, thumbnailSrc: '/videos/goal-of-the-month.webp', durationSeconds: '10' };
  for (const [name, value] of Object.entries(fields)) await page.locator(`main [name="${name}"]`).fill(value);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/admin\/videos\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await context.close();

  // A supporter's page plays the stored clip.
  const fan = await browser.newContext({ locale: 'en-GB' });
  await signInThroughApi(fan, freshEmail('media-watcher'));
  const watcher = await fan.newPage();
  await watcher.goto(`/media/videos/${slug}`);
  const source = watcher.locator('video source');
  await expect(source).toHaveAttribute('src', `/api/media/videos/${clip}`);
  await expect(source).toHaveAttribute('type', 'video/mp4');
  const served = await watcher.request.get(`/api/media/videos/${clip}`);
  expect(served.ok()).toBe(true);
  expect((await served.body()).equals(tinyMp4())).toBe(true);
  await fan.close();
});
