import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

// Every challenge a supporter can answer without JavaScript, as a browser with script off does it: a
// real form posted to the challenge's page, then the page again with the result, what it earned and the
// next thing to do. (The quiz's no-script answers are tested with the quiz.)

/** A signed-in supporter's browser with JavaScript off, in the given language. */
async function noScript(browser: Browser, page: Page, name: string, language: 'en' | 'es' = 'en'): Promise<Page> {
  await signInOnboarded(page, name);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  await context.addCookies([{ name: 'terrace_lang', value: language, url: `${BASE_URL}/` }]);
  return context.newPage();
}

/** The balance the dashboard shows in its points pill ("60 points", "60 puntos"), as a number. */
async function balance(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const pill = page.getByRole('main').locator('[aria-hidden="true"]').filter({ hasText: /^[\d.,]+ (points|puntos)$/ }).first();
  return Number((await pill.innerText()).replace(/\D/g, ''));
}

/** Opens a challenge from its tab's list, by links only. */
async function open(page: Page, tab: string, title: string): Promise<void> {
  await page.goto('/challenges');
  const tabLink = page.getByRole('navigation', { name: /Challenge types|Tipos de reto/ }).getByRole('link', { name: tab, exact: true });
  const tabPath = await tabLink.getAttribute('href');
  await tabLink.click();
  // The list on /challenges links the same challenge: wait for the tab's page before following a link.
  await page.waitForURL((url) => url.pathname === tabPath);
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState('load');
}

/** What the page said after the post, in place of the toast a script would show. */
const said = (page: Page) => page.getByRole('main').getByRole('status').first();

test.describe('without JavaScript', () => {
  test('a supporter votes in a poll and sees the vote, the points and the next challenge', async ({ page, browser }) => {
    const tab = await noScript(browser, page, 'nojs-poll');
    const before = await balance(tab);
    await open(tab, 'Polls', 'Player of the Month: October');
    // The buttons work before any script: they are a form's submit buttons.
    await expect(tab.getByRole('button', { name: 'Kwame Mensah' })).toBeEnabled();
    await tab.getByRole('button', { name: 'Kwame Mensah' }).click();
    await expect(tab).toHaveURL(/\/challenges\/polls\/[\w-]+#answer$/);
    await expect(said(tab)).toContainText('+20 points');
    await expect(said(tab)).toContainText('Thanks for voting');
    const results = tab.getByRole('region', { name: 'Results' });
    await expect(results).toContainText('You voted for Kwame Mensah.');
    await expect(results).toContainText('Kwame Mensah (your vote)');
    await expect(tab.getByRole('main').getByRole('button')).toHaveCount(0);
    const next = tab.getByRole('link', { name: /^Next challenge: / });
    await expect(next).toBeVisible();
    await next.click();
    await expect(tab.getByRole('heading', { level: 1 })).not.toHaveText('Player of the Month: October');
    expect(await balance(tab)).toBe(before + 20);
    await tab.context().close();
  });

  test("a supporter makes a pick'em pick, changes it, and is offered the next challenge", async ({ page, browser }) => {
    const tab = await noScript(browser, page, 'nojs-pickem');
    const before = await balance(tab);
    await open(tab, "Pick'ems", 'Derby day: Terrace FC vs Millbank Rovers');
    const option = (name: string) => tab.getByRole('main').getByRole('button', { name: new RegExp(`^${name} \\d+ points$`) });
    await option('Draw').click();
    await expect(said(tab)).toContainText('Pick saved');
    await expect(option('Draw')).toHaveAttribute('aria-pressed', 'true');
    await expect(tab.getByRole('main')).toContainText('Your pick: Draw. You can change it until kick-off.');
    await option('Millbank Rovers win').click();
    await expect(option('Millbank Rovers win')).toHaveAttribute('aria-pressed', 'true');
    await expect(option('Draw')).toHaveAttribute('aria-pressed', 'false');
    await expect(tab.getByRole('link', { name: /^Next challenge: / })).toBeVisible();
    // A pick earns at the final whistle, when the result is set: the balance has not moved yet.
    expect(await balance(tab)).toBe(before);
    await tab.context().close();
  });

  test('a wrong keyword is refused beside the field (422); the right one earns its points', async ({ page, browser }) => {
    const tab = await noScript(browser, page, 'nojs-keyword');
    const before = await balance(tab);
    await open(tab, 'Keyword', 'Matchday programme keyword');
    await tab.getByLabel('Keyword').fill('Floodlight');
    const refused = tab.waitForResponse((r) => r.request().method() === 'POST');
    await tab.getByRole('button', { name: 'Submit' }).click();
    expect((await refused).status()).toBe(422);
    await expect(tab.getByRole('main').getByRole('alert')).toHaveText('That is not the keyword. Try again.');
    // The guess stays in the field, which has focus, described by the refusal.
    await expect(tab.getByLabel('Keyword')).toHaveValue('Floodlight');
    await expect(tab.getByLabel('Keyword')).toBeFocused();
    await expect(tab.getByLabel('Keyword')).toHaveAccessibleDescription('That is not the keyword. Try again.');
    await tab.getByLabel('Keyword').fill('Lamplighter');
    await tab.getByRole('button', { name: 'Submit' }).click();
    await expect(said(tab)).toContainText('+50 points');
    await expect(tab.getByRole('main')).toContainText('You found the keyword: Lamplighter');
    await expect(tab.getByRole('link', { name: /^Next challenge: / })).toBeVisible();
    expect(await balance(tab)).toBe(before + 50);
    await tab.context().close();
  });

  test('a supporter gives feedback at its own address and earns its points', async ({ page, browser }) => {
    const tab = await noScript(browser, page, 'nojs-feedback');
    const before = await balance(tab);
    await tab.goto('/challenges');
    await tab.getByRole('link', { name: 'Give feedback' }).click();
    await expect(tab).toHaveURL(/\/challenges\/feedback\/[\w-]+$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'How was your matchday?' })).toBeVisible();
    await tab.getByLabel('Your feedback').fill('Quick queues, great pies.');
    await tab.getByRole('button', { name: 'Send feedback' }).click();
    await expect(said(tab)).toContainText('+25 points');
    await expect(tab.getByRole('main')).toContainText('Thanks for your feedback.');
    await expect(tab.getByRole('link', { name: /^Next challenge: / })).toBeVisible();
    expect(await balance(tab)).toBe(before + 25);
    // The feedback challenge is kept apart, and once answered it is gone from the list.
    await tab.goto('/challenges');
    await expect(tab.getByRole('link', { name: 'Give feedback' })).toHaveCount(0);
    await tab.context().close();
  });

  test('the arcade game says in words that it needs JavaScript, with no button', async ({ page, browser }) => {
    const tab = await noScript(browser, page, 'nojs-arcade');
    await open(tab, 'Arcade', 'Keepy-uppy');
    // (A <noscript> note: Playwright leaves <noscript> out of text matching, so it is found by its role.)
    const note = tab.getByRole('main').getByRole('note');
    await expect(note).toBeVisible();
    await expect(note).toContainText('This game runs in your browser, so it needs JavaScript.');
    await expect(tab.getByRole('main').getByRole('button')).toHaveCount(0);
    await tab.context().close();
  });

  test('in Spanish: the vote, the pick, the keyword and the feedback speak Spanish', async ({ page, browser }) => {
    const tab = await noScript(browser, page, 'nojs-es', 'es');
    const before = await balance(tab);

    await open(tab, 'Encuestas', 'Boxing Day kit');
    await tab.getByRole('button', { name: 'Home green' }).click();
    await expect(said(tab)).toContainText('+15 puntos');
    await expect(said(tab)).toContainText('Gracias por votar');
    await expect(tab.getByRole('region', { name: 'Resultados' })).toContainText('Has votado por Home green.');
    await expect(tab.getByRole('link', { name: /^Siguiente reto: / })).toBeVisible();

    await open(tab, 'Pronósticos', 'Derby day: Terrace FC vs Millbank Rovers');
    await expect(tab.getByRole('main')).toContainText(/Los pronósticos se cierran al inicio del partido: \d{1,2} [a-z]{3} \d{4}, \d{1,2}:\d{2}\./);
    await tab.getByRole('main').getByRole('button', { name: /^Draw \d+ puntos$/ }).click();
    await expect(said(tab)).toContainText('Pronóstico guardado');
    await expect(tab.getByRole('main')).toContainText('Tu pronóstico: Draw. Puedes cambiarlo hasta el inicio del partido.');

    await open(tab, 'Palabra clave', 'Matchday programme keyword');
    await tab.getByLabel('Palabra clave').fill('Floodlight');
    await tab.getByRole('button', { name: 'Enviar' }).click();
    await expect(tab.getByRole('main').getByRole('alert')).toHaveText('Esa no es la palabra clave. Inténtalo de nuevo.');
    await tab.getByLabel('Palabra clave').fill('lamplighter');
    await tab.getByRole('button', { name: 'Enviar' }).click();
    await expect(said(tab)).toContainText('+50 puntos');
    await expect(tab.getByRole('main')).toContainText('Has encontrado la palabra clave: lamplighter');

    await tab.goto('/challenges');
    await tab.getByRole('link', { name: 'Dar tu opinión' }).click();
    await tab.getByLabel('Tu opinión').fill('Colas rápidas y buenas empanadas.');
    await tab.getByRole('button', { name: 'Enviar opinión' }).click();
    await expect(said(tab)).toContainText('+25 puntos');
    await expect(tab.getByRole('main')).toContainText('Gracias por tu opinión.');
    await expect(tab.getByRole('link', { name: /^(Siguiente reto: |Volver a los retos)/ })).toBeVisible();

    expect(await balance(tab)).toBe(before + 15 + 50 + 25);
    await tab.context().close();
  });

  test('the challenge screens in Spanish have no serious or critical axe violation, a refused keyword included', async ({ page, browser }) => {
    // axe runs as a script: here script stays on but the islands' code never loads, so the pages are the
    // server's HTML and its forms post as they do without JavaScript.
    await signInOnboarded(page, 'nojs-axe');
    const context = await browser.newContext({ storageState: await page.context().storageState() });
    await context.addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
    await context.route('**/_astro/**', (route) => route.abort());
    const tab = await context.newPage();
    const check = async (what: string) => {
      expect(await seriousViolations(tab), what).toEqual([]);
    };
    await tab.goto('/challenges');
    await check('/challenges');
    await open(tab, 'Encuestas', 'Boxing Day kit');
    await check('poll');
    await tab.getByRole('button', { name: 'Away navy' }).click();
    await expect(tab.getByRole('region', { name: 'Resultados' })).toBeVisible();
    await check('poll answered');
    await open(tab, 'Palabra clave', 'Matchday programme keyword');
    await tab.getByLabel('Palabra clave').fill('Floodlight');
    await tab.getByRole('button', { name: 'Enviar' }).click();
    await expect(tab.getByRole('main').getByRole('alert')).toBeVisible();
    await check('keyword refused');
    await open(tab, 'Arcade', 'Keepy-uppy');
    await check('arcade');
    await tab.context().close();
  });
});
