import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { latestMail, mailCount } from './support/mailbox.ts';
import { addOperator, freshStaffEmail, signInToConsole } from './support/operator.ts';
import { appUrl } from './support/database.ts';
import { freshEmail, signInThroughApi } from './support/sign-in.ts';

// Issue 24: the club's staff in the console. An owner made on the command line signs in with the e-mailed
// code, invites an editor, who signs in too and finds the owner's pages closed; every step is on the audit
// trail, which downloads as CSV. Also without JavaScript, and in Spanish.

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('an owner from the command line invites an editor, who signs in and is kept to their role; the audit trail shows it', async ({ page, browser }) => {
      // Two people's sign-ins and a dozen pages: a journey, given the time of one.
      test.slow();
      const owner = freshStaffEmail('owner');
      const editor = freshStaffEmail('editor');
      await addOperator(owner, 'owner');
      await signInToConsole(page, owner, '/admin/operators');
      await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();

      const invitations = await mailCount(page.request, editor, appUrl());
      await page.getByLabel('E-mail address').fill(editor);
      await page.getByLabel('Role', { exact: true }).selectOption('editor');
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      const row = page.getByRole('row', { name: new RegExp(editor.replace(/\./g, '\\.')) });
      await expect(row.getByRole('cell', { name: 'Editor', exact: true })).toBeVisible();
      const invitation = await latestMail(page.request, editor, appUrl(), invitations);
      expect(invitation.subject).toBe('You are invited to run Terrace FC on Terrace');
      expect(invitation.text).toContain(`/admin/login?email=${encodeURIComponent(editor)}`);

      // The editor, in a browser of their own: the console opens, the owner's pages do not.
      const editorContext = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled });
      const editorPage = await editorContext.newPage();
      await signInToConsole(editorPage, editor);
      await expect(editorPage.getByText(`Signed in as ${editor} (Editor)`)).toBeVisible();
      await expect(editorPage.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'API keys' })).toHaveCount(0);
      const refused = await editorPage.goto('/admin/api-keys');
      expect(refused?.status()).toBe(403);
      await expect(editorPage.getByText('Your role (Editor) cannot open this page.')).toBeVisible();
      expect((await editorPage.goto('/admin/operators'))?.status()).toBe(403);
      await expect(editorPage.getByRole('button', { name: 'Send the invitation' })).toHaveCount(0);
      await editorPage.getByRole('button', { name: 'Sign out' }).click();
      await expect(editorPage).toHaveURL(/\/admin\/login$/);
      expect((await editorPage.goto('/admin/audit'))?.url()).toContain('/admin/login?next=%2Fadmin%2Faudit');
      await editorContext.close();

      // The audit trail: the invitation, by the owner, with the values after it.
      await page.goto(`/admin/audit?actor=${encodeURIComponent(owner)}`);
      const entry = page.getByRole('row', { name: /operator\.add/ });
      await expect(entry).toContainText(owner);
      await expect(entry).toContainText(editor);
      await expect(entry).toContainText('editor');
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      expect(csv.split('\r\n')[0]).toBe('at,actor_type,actor,role,action,kind,subject_id,before,after,request_id,client_address');
      expect(csv).toContain(`operator,${owner},owner,operator.add,operator`);
    });
  });
}

test('a supporter signed in gets 403 on the console and on its API, with the way to the staff sign-in', async ({ page, context }) => {
  await signInThroughApi(context, freshEmail('curious'));
  const console = await page.goto('/admin/audit');
  expect(console?.status()).toBe(403);
  await expect(page.getByText('This is the club’s staff console. A supporter’s sign-in does not open it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff sign in here' })).toHaveAttribute('href', '/admin/login');
  const api = await page.request.get('/api/admin/audit');
  expect(api.status()).toBe(403);
});

test('the console speaks Spanish, and an API key made there is shown once, then only by its end', async ({ page, context }) => {
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
  const owner = freshStaffEmail('dueno');
  await addOperator(owner, 'owner');
  await signInToConsole(page, owner, '/admin/api-keys');
  await expect(page.getByRole('heading', { name: 'Claves de API', level: 1 })).toBeVisible();
  await page.getByLabel('Nombre').fill('Feed de resultados');
  await page.getByRole('button', { name: 'Crear la clave' }).click();
  const key = (await page.locator('[data-new-key]').textContent())!.trim();
  expect(key).toMatch(/^tak_/);
  const answer = await page.request.get('/api/admin/session', { headers: { Authorization: `Bearer ${key}` } });
  expect((await answer.json()).data).toMatchObject({ label: 'Feed de resultados', role: 'editor', kind: 'api_key' });
  await page.goto('/admin/api-keys');
  await expect(page.locator('[data-new-key]')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Feed de resultados/ })).toContainText(`…${key.slice(-4)}`);
});
