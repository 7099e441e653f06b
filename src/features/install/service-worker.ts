/// <reference lib="webworker" />
// The service worker (issue 26, point 1), built by src/build/service-worker.ts into /sw.js with Serwist. It
// keeps the pages a supporter opens (the network first, the kept copy when there is no signal, else the
// offline page), the built files, and sends check-ins pressed with no signal (Background Sync).
import { CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist';
import { CHECKIN_SYNC, sendPending, type PendingCheckin, type SendOutcome } from '../checkin/offline-checkins.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';

declare const self: ServiceWorkerGlobalScope;
/** The offline page, the built styles and the code islands load at a tap, with this build's revision (defined by the build). */
declare const PRECACHE: (PrecacheEntry | string)[];

/** Every page names the account it was made for (src/middleware.ts): `none` for a signed-out visitor. */
const ACCOUNT_HEADER = 'x-terrace-account';
const PAGES = 'terrace-pages';
const META = 'terrace-meta';
const ACCOUNT_KEY = '/__terrace/account';

async function knownAccount(): Promise<string | null> {
  const kept = await (await caches.open(META)).match(ACCOUNT_KEY);
  return kept ? kept.text() : null;
}

/**
 * A page kept for one account is never shown to another: a page that comes for another account (or for none,
 * after signing out) first clears every kept page. So what is kept belongs to the last account seen.
 */
const oneAccount: SerwistPlugin = {
  async cacheWillUpdate({ response }) {
    const account = response.headers.get(ACCOUNT_HEADER);
    if (response.status !== 200 || account === null) return null;
    if (account !== (await knownAccount())) {
      await caches.delete(PAGES);
      await (await caches.open(META)).put(ACCOUNT_KEY, new Response(account));
    }
    return response;
  },
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return null;
    return cachedResponse.headers.get(ACCOUNT_HEADER) === (await knownAccount()) ? cachedResponse : null;
  },
};

/** The supporter's pages: not the console's, the API, the actions or sign-in and out. */
const isSupporterPage = (url: URL, request: Request) =>
  request.mode === 'navigate' && url.origin === self.location.origin && !/^\/(admin|api|_actions|logout|login\/provider)(\/|$)/.test(url.pathname);

const serwist = new Serwist({
  precacheEntries: PRECACHE,
  // A new deploy takes over at once: its pages and styles go together, and the old precache is cleared.
  skipWaiting: true,
  clientsClaim: true,
  // The page's request leaves as the navigation starts, while the worker is still starting (tens to hundreds of
  // milliseconds on a cheap phone), instead of after it: the network-first pages below answer with it.
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ url, request }) => isSupporterPage(url, request),
      handler: new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6, plugins: [oneAccount, new ExpirationPlugin({ maxEntries: 40 })] }),
    },
    {
      // Every other page of the site (the console, signing in and out, a file of the API opened in a tab): left to
      // the network, answered with the request the browser sent as the navigation started. Left unanswered here,
      // Chromium would send the page's request a second time.
      matcher: ({ url, request }) => request.mode === 'navigate' && url.origin === self.location.origin,
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/_astro/'),
      handler: new CacheFirst({ cacheName: 'terrace-assets', plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 86_400 })] }),
    },
    {
      matcher: ({ url, request }) => url.origin === self.location.origin && request.destination === 'image',
      handler: new CacheFirst({ cacheName: 'terrace-images', plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * 86_400 })] }),
    },
  ],
  // The offline page stands in for a supporter's page; the console and sign-in fail as the browser shows it.
  fallbacks: { entries: [{ url: '/offline', matcher: ({ request }) => isSupporterPage(new URL(request.url), request) }] },
});

/** One kept check-in, sent through the dashboard's own action with its ticket and its one key. */
async function send(checkin: PendingCheckin): Promise<SendOutcome> {
  const form = new FormData();
  form.set(FORM_KEY_FIELD, checkin.key);
  form.set('ticket', checkin.ticket);
  try {
    const response = await fetch('/_actions/checkin.checkIn', { method: 'POST', body: form, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (response.ok) return 'sent';
    return response.status >= 500 || response.status === 401 ? 'unreachable' : 'refused';
  } catch {
    return 'unreachable';
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== CHECKIN_SYNC) return;
  // Still no answer: failing the event has the browser try again later.
  sync.waitUntil(sendPending(send).then((done) => {
    if (done.some((d) => d.outcome === 'unreachable')) throw new Error('no signal yet');
  }));
});

serwist.addEventListeners();
