import { expect, test, type Browser, type Page } from '@playwright/test';
import { runSql } from './support/database.ts';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Issue 14, point 6: enhanced experiences per membership tier. Asking for a place is a real form (it works
// without JavaScript): the places left drop by one, a second ask says it was asked already, a locked one
// says which tier unlocks it and links to the upgrade page, an adults-only one tells an under-18 supporter so.

const PAGE = '/enhanced-experiences';

async function withoutScript(browser: Browser, page: Page, language?: 'es') {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  if (language) await context.addCookies([{ name: 'terrace_lang', value: language, url: `${BASE_URL}/` }]);
  return context;
}

const postTo = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === PAGE);
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const placesLeft = async (page: Page, title: string) => Number(/(\d+) of \d+ places left/.exec(await card(page, title).innerText())?.[1]);

async function myId(page: Page): Promise<string> {
  return (await (await page.request.get('/api/user/me')).json()).data.userId;
}

test('a supporter asks for a place: the places left drop by one, and a tab opened before says it was asked already', async ({ page, browser }) => {
  await signInOnboarded(page, 'experience-request');
  const context = await withoutScript(browser, page);
  try {
    const plain = await context.newPage();
    const stale = await context.newPage();
    await stale.goto(PAGE);
    await plain.goto(PAGE);
    await expect(plain.getByRole('heading', { level: 1, name: 'Enhanced experiences' })).toBeVisible();
    await expect(plain.getByText('Your membership: Entry')).toBeVisible();
    const tour = card(plain, 'Riverside Park stadium tour');
    await expect(tour).toContainText('For Entry, Supporter or Gold members');
    const before = await placesLeft(plain, 'Riverside Park stadium tour');
    expect(before).toBeGreaterThan(1);

    const posted = postTo(plain);
    await tour.getByRole('button', { name: 'Ask for a place' }).click();
    expect((await posted).status()).toBe(303);
    await expect(plain).toHaveURL(`${BASE_URL}${PAGE}#experience-stadium-tour`);
    await expect(plain.getByRole('status').filter({ hasText: 'Request sent: Riverside Park stadium tour' }))
      .toContainText('The club will e-mail you within 3 days to arrange a date.');
    await expect(tour).toContainText('You asked for a place on');
    await expect(tour.getByRole('button')).toHaveCount(0);
    expect(await placesLeft(plain, 'Riverside Park stadium tour')).toBe(before - 1);
    await expect(plain.getByRole('region', { name: 'What happens next' })).toContainText('Within 3 days the club e-mails you at');

    const again = postTo(stale);
    await card(stale, 'Riverside Park stadium tour').getByRole('button', { name: 'Ask for a place' }).click();
    expect((await again).status()).toBe(303);
    await expect(stale.getByRole('status').filter({ hasText: 'You already asked for this one' }))
      .toContainText('Your request is in. The club will e-mail you within 3 days to arrange a date.');
    expect(await placesLeft(stale, 'Riverside Park stadium tour')).toBe(before - 1);
  } finally {
    await context.close();
  }
});

test('a locked experience says which tier unlocks it and links to the upgrade page', async ({ page }) => {
  await signInOnboarded(page, 'experience-locked');
  await page.goto(PAGE);
  const players = card(page, 'Meet the players');
  await expect(players).toContainText('Last place left');
  await expect(players).toContainText('Unlocked by Supporter or Gold membership.');
  await expect(players.getByRole('button')).toHaveCount(0);
  await expect(card(page, 'Training-ground visit')).toContainText('Unlocked by Gold membership.');
  await players.getByRole('link', { name: 'Upgrade your membership' }).click();
  await expect(page).toHaveURL(/\/membership\/upgrade$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an under-18 supporter is told an adults-only experience is for adults, and can ask for the others', async ({ page }) => {
  await signInOnboarded(page, 'experience-minor');
  const birthday = `${new Date().getUTCFullYear() - 15}-03-01`;
  runSql('update users set birthday = ?, properties = ?, page_version = page_version + 1 where id = ?', birthday, JSON.stringify({ membership: 'gold' }), await myId(page));
  await page.goto(PAGE);
  const suite = card(page, 'Matchday hospitality in the Riverside Suite');
  await expect(suite).toContainText('This experience is for supporters aged 18 and over.');
  await expect(suite.getByRole('button')).toHaveCount(0);
  await expect(card(page, 'Training-ground visit').getByRole('button', { name: 'Ask for a place' })).toBeVisible();
  // The API refuses it too, with the reason.
  const refused = await page.request.post('/api/experiences/riverside-suite-hospitality/request', { headers: { Origin: BASE_URL } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ code: 'experience_adults_only', message: 'This experience is for supporters aged 18 and over.' });
});

test('in Spanish the page chrome speaks Spanish, and the tiers the club named in Spanish; the experiences stay as written', async ({ page, browser }) => {
  await signInOnboarded(page, 'experience-es');
  const context = await withoutScript(browser, page, 'es');
  try {
    const plain = await context.newPage();
    await plain.goto(PAGE);
    await expect(plain.locator('html')).toHaveAttribute('lang', 'es');
    await expect(plain.getByRole('heading', { level: 1, name: 'Experiencias exclusivas' })).toBeVisible();
    const tour = card(plain, 'Riverside Park stadium tour');
    await expect(tour).toContainText(/Quedan \d+ de 30 plazas/);
    await expect(card(plain, 'Meet the players')).toContainText('Disponible para socios Abonado u Oro.');
    await tour.getByRole('button', { name: 'Pedir una plaza' }).click();
    await expect(plain.getByRole('status').filter({ hasText: 'Solicitud enviada: Riverside Park stadium tour' })).toBeVisible();
    await expect(plain.getByRole('region', { name: 'Qué pasa después' })).toBeVisible();
  } finally {
    await context.close();
  }
});
