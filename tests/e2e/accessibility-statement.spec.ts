import { expect, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { AxeSummary } from '../../src/features/accessibility/axe-summary.ts';
import { formatDay } from '../../src/shared/i18n/format.ts';
import { pagesFor } from './support/every-page.ts';
import { paintedConfettiPixels } from './support/confetti.ts';
import { test } from './support/shared-supporter.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { earn95Points } from './support/supporter.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 26, point 9: the WCAG 2.2 AA statement at /accessibility, its figures from axe's summary (written by
// `npm run a11y:statement`), and the checks it says were made by hand, repeated here as far as a test can.

const summary = JSON.parse(readFileSync(new URL('../../src/features/accessibility/axe-summary.json', import.meta.url), 'utf8')) as AxeSummary;
const LANGUAGES = { en: { heading: 'Accessibility statement', intl: 'en-GB' }, es: { heading: 'Declaración de accesibilidad', intl: 'es-ES' } } as const;
type Language = keyof typeof LANGUAGES;
const number = (value: number, language: Language) => new Intl.NumberFormat(LANGUAGES[language].intl).format(value);

async function visitor(browser: Browser, baseURL: string, language: Language, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  await context.addCookies([{ name: 'terrace_lang', value: language, url: baseURL }]);
  return context.newPage();
}

test.describe.configure({ mode: 'parallel' });

test.describe('the statement', () => {
  for (const language of ['en', 'es'] as const) {
    test(`renders in ${language} without JavaScript, its figures from axe's summary, and says where a visitor reports a problem`, async ({ browser, baseURL }) => {
      const page = await visitor(browser, baseURL!, language, { javaScriptEnabled: false });
      expect((await page.goto('/accessibility'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANGUAGES[language].heading);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('script[src], script[type="module"]')).toHaveCount(0);
      await expect(page.locator('[data-checked-on]')).toContainText(formatDay(summary.checkedOn, language));
      for (const [figure, value] of [['pages', summary.pagesChecked], ['routes', summary.routes.length], ['rules', summary.rulesRun]] as const) {
        await expect(page.locator(`[data-figure="${figure}"] dd`)).toHaveText(number(value, language));
      }
      for (const [impact, count] of Object.entries(summary.violations)) {
        await expect(page.locator(`[data-impact="${impact}"] td`)).toHaveText(number(count, language));
      }
      // What axe cannot see: five checks, each with how and the result.
      await expect(page.locator('[data-check]')).toHaveCount(5);
      await expect(page.locator('[data-check]').first().locator('dd')).toHaveCount(2);
      // A visitor is sent to the club's contact on the About page, which links back here.
      const report = page.getByRole('region', { name: language === 'en' ? 'Report a problem' : 'Avisar de un problema' });
      await report.getByRole('link').click();
      await expect(page).toHaveURL(/\/about$/);
      await page.getByRole('link', { name: language === 'en' ? 'Accessibility' : 'Accesibilidad', exact: true }).click();
      await expect(page).toHaveURL(/\/accessibility$/);
    });
  }

  test('a supporter finds it on the profile and is sent to the club\'s request page to report a problem', async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL!, 'en');
    await signInOnboarded(page, 'a11y-statement');
    await page.goto('/profile');
    await page.getByRole('link', { name: /^Accessibility/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility statement');
    await page.getByRole('region', { name: 'Report a problem' }).getByRole('link', { name: 'Send a request to the club' }).click();
    await expect(page).toHaveURL(/\/profile\/requests$/);
  });

  for (const language of ['en', 'es'] as const) {
    test(`has no serious or critical axe violation in ${language}, target size included`, async ({ browser, baseURL }) => {
      const page = await visitor(browser, baseURL!, language, { viewport: { width: 360, height: 740 } });
      await page.goto('/accessibility');
      expect(await seriousViolations(page, { tags: summary.tags }), `/accessibility in ${language}`).toEqual([]);
    });
  }
});

test('axe\'s summary covers every page of the site map and found no serious or critical violation', () => {
  const routes = new Set([...pagesFor('signed-out'), ...pagesFor('signed-in')].map((page) => page.name));
  // A page added since the last `npm run a11y:statement` fails here until the statement is run again.
  expect(new Set(summary.routes)).toEqual(routes);
  expect(summary.languages).toEqual(['en', 'es']);
  expect(summary.states).toEqual(['signed-out', 'signed-in']);
  expect(summary.tags).toContain('wcag22aa');
  expect(summary.rulesRun).toBeGreaterThan(50);
  expect(summary.pagesChecked).toBe(2 * (pagesFor('signed-out').length + pagesFor('signed-in').length));
  expect({ critical: summary.violations.critical, serious: summary.violations.serious }).toEqual({ critical: 0, serious: 0 });
});

test.describe('what axe cannot check, checked as the statement says', () => {
  const VISITOR_PAGES = ['/', '/about', '/accessibility', '/media', '/login'];
  const SUPPORTER_PAGES = ['/dashboard', '/challenges', '/profile', '/history', '/sweepstakes', '/profile/requests'];

  for (const language of ['en', 'es'] as const) {
    test(`reflow: at 320 px wide no main page scrolls sideways (${language})`, async ({ browser, baseURL }) => {
      const page = await visitor(browser, baseURL!, language, { viewport: { width: 320, height: 640 } });
      const sideways: string[] = [];
      const measure = async (path: string) => {
        expect((await page.goto(path))?.status(), path).toBe(200);
        const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
        if (scroll > width) sideways.push(`${path}: ${scroll} px in ${width}`);
      };
      for (const path of VISITOR_PAGES) await measure(path);
      await signInOnboarded(page, `a11y-reflow-${language}`);
      for (const path of [...SUPPORTER_PAGES, '/accessibility']) await measure(path);
      expect(sideways).toEqual([]);
    });
  }

  test('focus order: Tab goes forward in reading order from the skip link, always visible, never under the tab bar', async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL!, 'en', { viewport: { width: 360, height: 740 } });
    for (const path of ['/accessibility', '/about']) {
      await page.goto(path);
      expect(await page.locator('[tabindex]').evaluateAll((els) => els.filter((el) => Number(el.getAttribute('tabindex')) > 0).length), path).toBe(0);
      // Each stop is marked with its number: a stop already marked means Tab went round to the top again.
      const stops: { name: string; forward: boolean; outlined: boolean; uncovered: boolean }[] = [];
      for (let index = 0; index < 80; index += 1) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate((i) => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body || el.hasAttribute('data-focus-stop')) return null;
          el.setAttribute('data-focus-stop', String(i));
          const previous = document.querySelector(`[data-focus-stop="${i - 1}"]`);
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return {
            name: `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`,
            forward: !previous || !!(previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
            outlined: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
            uncovered: !!hit && (el === hit || el.contains(hit)),
          };
        }, index);
        if (!stop) break;
        stops.push(stop);
      }
      expect(stops.length, path).toBeGreaterThan(3);
      expect(stops[0]!.name, path).toMatch(/Skip to content/);
      expect(stops.filter((s) => !s.forward || !s.outlined || !s.uncovered), path).toEqual([]);
    }
  });

  test('screen reader names: every link, button and field of the main pages has a name in the accessibility tree', async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL!, 'es');
    const unnamed: string[] = [];
    const read = async (path: string) => {
      await page.goto(path);
      await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
      const tree = await page.locator('body').ariaSnapshot();
      for (const line of tree.split('\n')) {
        if (/^\s*- (link|button|textbox|combobox|checkbox|radio|switch|spinbutton|slider)(:|$| \[)/.test(line)) unnamed.push(`${path}: ${line.trim()}`);
      }
    };
    for (const path of VISITOR_PAGES) await read(path);
    await signInOnboarded(page, 'a11y-names', {});
    for (const path of SUPPORTER_PAGES) await read(path);
    expect(unnamed).toEqual([]);
  });

  test('reduced motion: reaching a new rank draws no confetti, and the new rank is still said', async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL!, 'en', { reducedMotion: 'reduce' });
    // Every canvas ever put on the page is counted, however briefly it stays.
    await page.addInitScript(() => {
      const w = window as unknown as { canvasesAdded: number };
      w.canvasesAdded = 0;
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLCanvasElement) w.canvasesAdded += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await signInOnboarded(page, 'a11y-motion');
    // 95 points through the API, as tests/e2e/level-up.spec.ts gives them: the check-in's 10 then crosses P9's 100.
    await earn95Points(page);
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Daily check-in' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
    // Without reduced motion the confetti library (canvas-confetti's confetti.module.mjs) is fetched as the burst
    // starts: with it, the library is never fetched and no canvas is ever added. (Our own src/lib/confetti.ts, which
    // decides, comes with the celebration's code.)
    const confettiFetched: string[] = [];
    page.on('request', (request) => { if (/confetti\.module/i.test(request.url())) confettiFetched.push(request.url()); });
    await card.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem')).toContainText('You reached P9!');
    await expect(page.getByRole('region', { name: 'Your points' })).toContainText('Rank P9');
    expect(confettiFetched).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { canvasesAdded: number }).canvasesAdded)).toBe(0);
    expect(await paintedConfettiPixels(page)).toBe(0);
  });
});
