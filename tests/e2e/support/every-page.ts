import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { crawl, routeChecks, sampleAddress, type RouteCheck, type SiteMap } from './site-map.ts';
import { signInOnboarded } from './sign-in.ts';

// The every-page suite (axe, width, screenshot: every-page.spec.ts): each page of the route table, in English and Spanish,
// signed out and signed in. One browser context per language and state in each worker, and one
// sign-in per worker, so a hundred page visits stay within a minute.

export const LANGUAGES = ['en', 'es'] as const;
export const STATES = ['signed-out', 'signed-in'] as const;
export type Language = (typeof LANGUAGES)[number];
export type State = (typeof STATES)[number];

export const VIEWPORT = { width: 360, height: 740 };
/** Every route but the form endpoints, the development gallery, and /sso (off in the demo organization). */
const CHECKS = routeChecks().filter((check) => check.route.pattern !== '/sso');
/** An address no route answers: the 404 screen. */
export const NOT_FOUND = '/no-such-page';

/**
 * Detail pages of content that does not exist yet: any id answers the spec's 404, so the suites check that
 * page as it stands (a 404 in the page's language). None today: a story is reached by the link the
 * dashboard's rail gives it, a video, an article or a sweepstake by its list.
 */
const NO_CONTENT_YET: Record<string, string> = {};
const NOT_FOUND_ADDRESSES = new Set([...Object.values(NO_CONTENT_YET)]);

/** Pages reached by scanning a QR code, not by a link: a demo activation's address; and a drawn demo sweepstake's check, two links deep. */
export const SCANNED: Record<string, string> = {
  '/a/:slug': '/a/matchday-millbank',
  '/sweepstakes/:sweepstake/verify': '/sweepstakes/away-day-coach/verify',
};

/** The pages each state can open: visitors the public and guest ones; supporters all but the guest ones. */
export function pagesFor(state: State): { name: string; check?: RouteCheck }[] {
  const open = CHECKS.filter((check) => (state === 'signed-out' ? check.route.access !== 'protected' : check.route.access !== 'guest'));
  return [...open.map((check) => ({ name: check.name, check })), { name: NOT_FOUND }];
}

interface Shared {
  page(state: State, language: Language): Promise<Page>;
  /** A real address for a page: its own path, or an id the site links to. */
  address(check: RouteCheck | undefined): string;
}

async function newContext(browser: Browser, baseURL: string, language: Language, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, ...(storageState ? { storageState } : {}) });
  await context.addCookies([{ name: 'terrace_lang', value: language, url: baseURL }]);
  return context;
}

export const test = base.extend<object, { shared: Shared }>({
  shared: [async ({ browser }, use, workerInfo) => {
    const baseURL = workerInfo.project.use.baseURL!;
    const signedIn = await newContext(browser, baseURL, 'en');
    const first = await signedIn.newPage();
    await signInOnboarded(first, 'pages');
    const session = await signedIn.storageState();
    // Real ids: the links and forms of every page of the table, read as the supporter.
    const starts = CHECKS.filter((check) => !check.name.includes(':') && check.route.access !== 'guest').map((check) => check.name);
    const map: SiteMap = await crawl(signedIn.request, baseURL, starts, 1);
    await signedIn.close();

    const pages = new Map<string, Promise<Page>>();
    const contexts: BrowserContext[] = [];
    await use({
      page(state, language) {
        const key = `${state}/${language}`;
        if (!pages.has(key)) {
          pages.set(key, newContext(browser, baseURL, language, state === 'signed-in' ? session : undefined).then((context) => {
            contexts.push(context);
            return context.newPage();
          }));
        }
        return pages.get(key)!;
      },
      address(check) {
        if (!check) return NOT_FOUND;
        const address = sampleAddress(check, map) ?? SCANNED[check.name] ?? NO_CONTENT_YET[check.name];
        if (!address) throw new Error(`no page links to an address of ${check.name}`);
        return address;
      },
    });
    await Promise.all(contexts.map((context) => context.close()));
  }, { scope: 'worker' }],
});

/** Opens a page as the state and language see it, its islands hydrated. */
export async function open(page: Page, address: string): Promise<void> {
  const response = await page.goto(address);
  const status = response?.status() ?? 0;
  expect(status, `${address} answered ${status}`).toBe(address === NOT_FOUND || NOT_FOUND_ADDRESSES.has(address) ? 404 : 200);
  expect(new URL(page.url()).pathname, `${address} redirected`).toBe(address);
  // Islands that hydrate on load or idle: wait for them. Those that hydrate when visible: wait for the ones on
  // the first screen; the ones further down wait for a scroll, and are checked as they stand.
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island[ssr][client="visible"]')].every((island) => {
    const box = (island.firstElementChild ?? island).getBoundingClientRect();
    return box.width * box.height === 0 || box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth;
  }));
}

/** One test per page, state and language (a failure names them), each given its page already open. */
export function testEveryPage(inspect: (page: Page, where: { state: State; language: Language; name: string }) => Promise<void>): void {
  test.describe.configure({ mode: 'parallel' });
  for (const state of STATES) {
    for (const language of LANGUAGES) {
      test.describe(`${state}, ${language}`, () => {
        for (const { name, check } of pagesFor(state)) {
          test(name, async ({ shared }) => {
            const page = await shared.page(state, language);
            await open(page, shared.address(check));
            await inspect(page, { state, language, name });
          });
        }
      });
    }
  }
}
