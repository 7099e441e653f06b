// Product analytics and tracing start after first paint, and a page's first load is the same bytes with
// them configured or not: the page carries a one-character switch (Base.astro, data-observe="1" or "0"),
// this check rides in a script the page loads anyway (a signed-in page's CurrentUser), and what to start
// (keys, endpoint, the supporter) comes from GET /observe.json once the page has loaded and the browser idles.
const IDLE_TIMEOUT_MS = 2000;

export function startObserversLater(): void {
  if (document.documentElement.dataset['observe'] !== '1') return;
  const start = () => {
    import('./observers.client.ts').then((m) => m.startObservers()).catch((error: unknown) => {
      console.error('analytics and tracing did not start', error);
    });
  };
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, IDLE_TIMEOUT_MS);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
