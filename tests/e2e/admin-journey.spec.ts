import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { isoToZoned } from '../../src/features/admin-club/fields.ts';
import { latestCode, latestMail, mailCount } from './support/mailbox.ts';
import { addOperator, freshStaffEmail, signInToConsole } from './support/operator.ts';
import { appUrl } from './support/database.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// Issue 24's proof, as one match day run by two of the club's staff, against the built server and a real SMTP
// server, waiting for the clock where the day does (nothing is moved in the database):
// an owner made by the command line invites an editor by e-mail; the editor makes a sweepstake and a poll in
// English and Spanish that both turn at the same minute (the sweepstake closes, the poll opens), previews the
// poll as a minor and as an adult, makes a pick'em and sets its result (the right picker paid once), and is
// refused the owner's pages; a supporter sees no poll, enters the sweepstake and picks; at the minute the
// supporter sees the poll in both languages and answers it, and the owner draws the sweepstake (the winner
// told by e-mail); the audit trail shows every step with its values before and after, and downloads as CSV.

const ZONE = 'Europe/London';
/** A club wall-clock time (a datetime-local value) for an instant. */
const wallClock = (instant: number) => isoToZoned(new Date(instant).toISOString(), ZONE);

/** The poll opens and the sweepstake closes at the start of a minute 60 to 120 seconds from now. */
function turningMinute(): number {
  return Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
}

async function fillPollOrPickem(page: Page, options: [string, string, string?][]): Promise<void> {
  for (const [index, [english, spanish, points]] of options.entries()) {
    await page.getByLabel(`Option ${index + 1} (English)`).fill(english);
    if (spanish) await page.getByLabel(`Option ${index + 1} (Spanish)`).fill(spanish);
    if (points) await page.getByLabel('Points', { exact: true }).nth(index).fill(points);
  }
}

test('a match day made in the console by an owner and the editor they invite, seen and played by a supporter', async ({ page, browser }) => {
  // Two staff and a supporter over a hundred pages, and a real minute to wait for.
  test.setTimeout(300_000);
  const owner = freshStaffEmail('journey-owner');
  const editor = freshStaffEmail('journey-editor');
  const fanEmail = freshEmail('journey-fan');
  await addOperator(owner, 'owner');

  // The owner invites the editor; the invitation comes by e-mail and its link opens the console's sign-in.
  await signInToConsole(page, owner, '/admin/operators');
  const invitations = await mailCount(page.request, editor, appUrl());
  await page.getByLabel('E-mail address').fill(editor);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('row', { name: new RegExp(editor.replace(/\./g, '\\.')) })).toContainText('Editor');
  const invitation = await latestMail(page.request, editor, appUrl(), invitations);
  const link = /https?:\/\/\S+\/admin\/login\?email=\S+/.exec(invitation.text)?.[0];
  expect(link).toBeTruthy();

  const staff = await browser.newContext({ baseURL: appUrl() });
  const desk = await staff.newPage();
  const codes = await mailCount(desk.request, editor, appUrl());
  await desk.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(desk.getByLabel('E-mail address')).toHaveValue(editor);
  await desk.getByRole('button', { name: 'Send my code' }).click();
  await desk.locator('input[name="code"]').fill(await latestCode(desk.request, editor, appUrl(), codes));
  await desk.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(desk.getByText(`Signed in as ${editor} (Editor)`)).toBeVisible();

  // The editor is kept to their role.
  expect((await desk.goto('/admin/operators'))?.status()).toBe(403);
  expect((await desk.goto('/admin/settings'))?.status()).toBe(403);
  await expect(desk.getByText('Your role (Editor) cannot open this page.')).toBeVisible();

  const turn = turningMinute();

  // A sweepstake, open now and closing at the minute.
  await desk.goto('/admin/sweepstakes/new');
  const sweepstakeTitle = `Signed shirt ${Date.now()}`;
  const sweepstake: Record<string, string> = {
    slug: `journey-${Date.now()}`, title: sweepstakeTitle, 'es.title': 'Camiseta firmada', description: 'The captain’s shirt, signed.',
    prize: 'a signed shirt', 'es.prize': 'una camiseta firmada', prizeValue: '60', currency: 'GBP', sponsor: 'Kit Partner',
    costPerEntry: '50', maxEntriesPerSupporter: '1', winnerCount: '1', startsAt: wallClock(Date.now() - 3_600_000), endsAt: wallClock(turn),
    rules: 'One shirt. Drawn at the final whistle.',
  };
  for (const [name, value] of Object.entries(sweepstake)) await desk.locator(`main [name="${name}"]`).fill(value);
  await desk.getByRole('button', { name: 'Save the sweepstake as a draft' }).click();
  await expect(desk).toHaveURL(/\/admin\/sweepstakes\/[0-9a-f-]{36}$/);
  const sweepstakeId = desk.url().split('/').pop()!;
  await desk.getByRole('button', { name: 'Publish' }).click();
  await expect(desk.getByTestId('item-status')).toHaveText('Live');
  await expect(desk.getByText('Only an owner of the club can draw or cancel a sweepstake.')).toBeVisible();

  // A poll in English and Spanish, opening at the minute.
  await desk.goto('/admin/challenges/new?subtype=poll');
  const pollTitle = `Player of the match ${Date.now()}`;
  const pollTitleEs = `Jugador del partido ${pollTitle.slice(-6)}`;
  await desk.getByLabel('Title (English)').fill(pollTitle);
  await desk.getByLabel('Title (Spanish)').fill(pollTitleEs);
  await desk.getByLabel('Description (English)').fill('Who was the best today?');
  await desk.getByLabel('Description (Spanish)').fill('¿Quién fue el mejor hoy?');
  await fillPollOrPickem(desk, [['Rhys', 'Rhys (ES)'], ['Tomás', 'Tomás (ES)']]);
  await desk.getByLabel('Shows from').fill(wallClock(turn));
  await desk.getByRole('button', { name: 'Save and publish' }).click();
  await expect(desk).toHaveURL(/\/admin\/challenges\/[0-9a-f-]{36}$/);
  const pollId = desk.url().split('/').pop()!;
  await expect(desk.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');

  // Its previews, as a supporter under 18 reading Spanish and as an adult reading English.
  await desk.getByRole('link', { name: 'Spanish · under 18' }).click();
  await expect(desk.locator('[data-preview]')).toHaveAttribute('data-preview', 'es-minor');
  await expect(desk.locator('[data-preview-page]')).toContainText(pollTitleEs);
  await expect(desk.locator('[data-preview-page]')).toContainText('Rhys (ES)');
  await desk.goto(`/admin/challenges/${pollId}`);
  await desk.getByRole('link', { name: 'English · adult' }).click();
  await expect(desk.locator('[data-preview]')).toHaveAttribute('data-preview', 'en-adult');
  await expect(desk.locator('[data-preview-page]')).toContainText(pollTitle);

  // A pick'em, open until a kick-off later today.
  await desk.goto('/admin/challenges/new?subtype=pickem');
  const pickemTitle = `Derby result ${Date.now()}`;
  await desk.getByLabel('Title (English)').fill(pickemTitle);
  await desk.getByLabel('Title (Spanish)').fill(`Resultado del derbi ${pickemTitle.slice(-6)}`);
  await fillPollOrPickem(desk, [['Home', 'Local', '30'], ['Draw', 'Empate', '20'], ['Away', 'Visitante', '40']]);
  await desk.getByLabel('Kick-off (picks close)').fill(wallClock(Date.now() + 3 * 3_600_000));
  await desk.getByRole('button', { name: 'Save and publish' }).click();
  await expect(desk.locator('[data-status]')).toHaveAttribute('data-status', 'live');
  const pickemId = desk.url().split('/').pop()!;

  // The supporter: no poll yet; enters the sweepstake and picks the away win.
  const fan = await browser.newContext({ baseURL: appUrl() });
  await signInThroughApi(fan, fanEmail);
  await onboard(fan.request);
  const fanPage = await fan.newPage();
  const points = async () => ((await (await fan.request.get('/api/user/me/points')).json()) as { data: { points: number } }).data.points;
  expect((await fanPage.goto(`/challenges/polls/${pollId}`))?.status()).toBe(404);
  await fanPage.goto('/challenges');
  await expect(fanPage.getByRole('main')).not.toContainText(pollTitle);
  await expect(fanPage.getByRole('main')).toContainText(pickemTitle);
  await fanPage.goto(`/sweepstakes/${sweepstakeId}`);
  await expect(fanPage.getByRole('heading', { level: 1 })).toHaveText(sweepstakeTitle);
  await fanPage.getByRole('button', { name: 'Enter for free' }).click();
  await expect(fanPage.getByRole('main')).toContainText('You have 1 entry in this draw.');
  await fanPage.goto(`/challenges/pickems/${pickemId}`);
  await fanPage.getByRole('main').getByRole('button', { name: /^Away / }).click();
  await expect(fanPage.getByRole('main')).toContainText('Your pick: Away.');
  const beforeResult = await points();

  // The editor sets the result: the right pick is paid once, however often it is set.
  await desk.goto(`/admin/challenges/${pickemId}`);
  await desk.getByLabel('Winning option').selectOption({ label: 'Away' });
  await desk.getByRole('button', { name: 'Set the result' }).click();
  await expect(desk.getByRole('main')).toContainText('Result: Away.');
  expect(await points()).toBe(beforeResult + 40);
  // The console offers no second setting; an automation's second call through the API pays nothing more.
  await expect(desk.getByLabel('Winning option')).toHaveCount(0);
  const token = (await staff.cookies()).find((cookie) => cookie.name === 'terrace_console')!.value;
  const again = await desk.request.post(`/api/admin/challenges/${pickemId}/outcome`, { headers: { Authorization: `Bearer ${token}` }, data: { responseIndex: 2 } });
  expect(((await again.json()) as { data: { awarded: number } }).data.awarded).toBe(0);
  expect(await points()).toBe(beforeResult + 40);

  // The minute turns: the poll appears on its own, in English, then in Spanish, and is answered.
  await expect(async () => {
    expect((await fanPage.goto(`/challenges/polls/${pollId}`))?.status()).toBe(200);
  }).toPass({ timeout: 150_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(turn);
  await expect(fanPage.getByRole('heading', { level: 1 })).toHaveText(pollTitle);
  await fanPage.goto('/challenges');
  await expect(fanPage.getByRole('main')).toContainText(pollTitle);
  await fan.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
  await fanPage.goto(`/challenges/polls/${pollId}`);
  await expect(fanPage.getByRole('heading', { level: 1 })).toHaveText(pollTitleEs);
  await fanPage.getByRole('main').getByRole('button', { name: 'Rhys (ES)' }).click();
  await expect(fanPage.getByRole('main').getByRole('button', { name: 'Rhys (ES)' })).toHaveCount(0);
  await expect(fanPage.getByRole('main')).toContainText('Rhys (ES)');

  // The sweepstake has closed with the same minute: the owner draws it, and the one entrant is told.
  const wins = await mailCount(page.request, fanEmail, appUrl());
  await page.goto(`/admin/sweepstakes/${sweepstakeId}`);
  await page.getByRole('button', { name: 'Draw the winners' }).click();
  await expect(page.getByTestId('draw-record').locator('li')).toHaveCount(1);
  const winMail = await latestMail(page.request, fanEmail, appUrl(), wins);
  // In the language the supporter signed up in (English: the Spanish cookie came later, in one browser).
  expect(winMail.subject).toBe(`You won: ${sweepstakeTitle}`);

  // The audit trail: every step, by whom, with its values before and after; and as CSV.
  const row = (action: string) => page.getByRole('row').filter({ hasText: action });
  await page.goto(`/admin/audit?actor=${encodeURIComponent(owner)}`);
  await expect(row('operator.add')).toContainText(editor);
  await expect(row('sweepstake.draw')).toContainText(sweepstakeId);
  await page.goto(`/admin/audit?actor=${encodeURIComponent(editor)}`);
  await expect(row('sweepstake.create')).toContainText(sweepstakeTitle);
  await expect(row('sweepstake.publish')).toContainText(/draft\s*Before:\s*true\s*After:\s*false/);
  await expect(row('challenge.create').filter({ hasText: pollTitle })).toContainText(pollTitleEs);
  await expect(row('challenge.create').filter({ hasText: pickemTitle })).toBeVisible();
  // The result set in the console paid one supporter; the API's second call, none.
  await expect(row('challenge.outcome').filter({ hasText: /outcome\s*After:\s*2/ })).toContainText(/awarded\s*After:\s*1/);
  await expect(row('challenge.outcome').filter({ hasText: /awarded\s*After:\s*0/ })).toHaveCount(1);
  await page.goto('/admin/audit');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.split('\r\n');
  const line = (action: string) => lines.find((l) => l.includes(`,${action},`)) ?? '';
  expect(line('sweepstake.draw')).toContain(owner);
  expect(line('challenge.outcome')).toContain(editor);
  expect(lines.filter((l) => l.includes(editor)).length).toBeGreaterThanOrEqual(6);

  await fan.close();
  await staff.close();
});
