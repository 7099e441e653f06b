import { expect, test } from '@playwright/test';
import { crawl, routeChecks, type SiteMap } from './support/site-map.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Issue 12, point 3: every route of the spec is reachable by links from /dashboard in at most three
// taps. The links of the pages are read as a supporter's browser would follow them (same origin, GET).

const MAX_TAPS = 3;

/** Routes a signed-in supporter is not meant to tap to, and why. */
const NOT_DESTINATIONS: Record<string, string> = {
  '/': 'the landing page, for visitors: a signed-in supporter is sent on to /dashboard',
  '/login': 'for visitors only',
  '/login/verify-email': 'for visitors only',
  '/login/provider': "for visitors only, and only with the club's identity provider (OIDC_ISSUER), off in the demo",
  '/login/provider/callback': "where the club's identity provider sends a visitor back",
  '/sso': 'single sign-on hand-off, off in the demo organization',
  '/welcome': 'onboarding step the guard sends a newcomer to, once',
  '/choose-your-membership': 'onboarding step the guard sends a newcomer to, once',
  '/choose-your-membership/:membership': 'onboarding step the guard sends a newcomer to, once',
  '/sitemap.xml': 'for search engines, not supporters',
  '/robots.txt': 'for search engines, not supporters',
  '/observe.json': 'for the page itself after first paint (analytics and tracing), not supporters',
  '/profile/data.json': 'the file the "Your data" page downloads (two taps from /dashboard, then its link), not a page',
  '/a/:slug': "an activation's link, opened by scanning its QR code at the ground, in the shop or on a receipt",
  '/manifest.webmanifest': 'read by the browser to install the app, not a page',
  '/favicon.ico': "the browser tab's icon, not a page",
  '/icons/:name': "the app's icons, read by the browser and the phone's home screen",
  '/offline': 'shown by the service worker when there is no signal, not linked',
};

let map: SiteMap;

test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage();
  await signInOnboarded(page, 'reach');
  map = await crawl(page.context().request, baseURL!, ['/dashboard'], MAX_TAPS);
  await page.close();
});

test(`every route of the spec is reachable from /dashboard in at most ${MAX_TAPS} taps`, async ({}, testInfo) => {
  const checks = routeChecks({ includeEndpoints: true }).filter((check) => !(check.route.pattern in NOT_DESTINATIONS));
  // A page is reached by a link that opens it, or by a form that posts to it (choosing an upgrade tier is a
  // button: its page answers the post); an endpoint only by a form.
  const reachedBy = (check: (typeof checks)[number]) =>
    (check.route.endpoint ? [] : [...map.pages.values()]).find((page) => page.status === 200 && check.fits(page.path))
    ?? [...map.forms.values()].find((form) => check.fits(form.path));
  const found = checks.map((check) => ({ check, page: reachedBy(check) }));
  await testInfo.attach('routes.txt', {
    contentType: 'text/plain',
    body: found.map(({ check, page }) => `${check.name}: ${page ? page.trail.join(' → ') : 'UNREACHABLE'}`).join('\n'),
  });
  const unreachable = found.filter(({ page }) => !page).map(({ check }) => check.name);
  expect(unreachable, `not reachable from /dashboard in ${MAX_TAPS} taps`).toEqual([]);
});

test('no link within reach leads to an error page', async () => {
  const broken = [...map.pages.values()].filter((page) => page.status >= 400).map((page) => `${page.trail.join(' → ')} (${page.status})`);
  expect(broken).toEqual([]);
});
