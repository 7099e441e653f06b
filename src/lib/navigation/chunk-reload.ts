/** Spec: a chunk load failure reloads the page, at most once per path within 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;

interface ReloadWindow {
  addEventListener(type: string, listener: (event: any) => void, capture?: boolean): void;
  dispatchEvent?(event: Event): boolean;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: { pathname: string; search?: string; reload(): void };
  navigator?: { onLine: boolean };
}

/**
 * Installed by an inline script on pages with islands, before any island loads: after a deploy the
 * old page may ask for chunks that no longer exist. Self-contained, because it is serialised with
 * Function.prototype.toString into the page.
 */
export function installChunkReload(win: ReloadWindow, guardMs: number): void {
  // What each browser says when a chunk did not load (Chrome, Safari, Firefox; Vite for a chunk's CSS). Only
  // these reload: Vite reports through `vite:preloadError` whatever rejects inside a lazy import's chain too
  // (the hourly round's `import(list).then(refresh)`: an API call that timed out), and so does an island.
  const pattern = /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i;
  const isChunkFailure = (error: unknown) => pattern.test(String((error && (error as Error).message) || error));
  // Product analytics (src/features/observe) reports each failed navigation: kept in sessionStorage until
  // it has loaded (the reload below may come first) and announced as an event. The error itself is not
  // swallowed: it still reaches the console.
  const report = (error: unknown) => {
    try {
      const detail = { path: win.location.pathname + (win.location.search || ''), error: String((error && (error as Error).message) || error) };
      const key = 'terrace:navigation-errors';
      const queue = JSON.parse(win.sessionStorage.getItem(key) || '[]');
      if (queue.length < 10) win.sessionStorage.setItem(key, JSON.stringify([...queue, detail]));
      if (win.dispatchEvent) win.dispatchEvent(new CustomEvent('terrace:navigation-error', { detail }));
    } catch {
      // Reporting never stands in the way of the reload.
    }
  };
  const reloadOnce = () => {
    // With no signal a chunk fails to load because the phone is offline, not because a deploy replaced it:
    // a reload would only lose the page (an offline check-in waiting on it).
    if (win.navigator && win.navigator.onLine === false) return;
    const key = `terrace:chunk-reload:${win.location.pathname}`;
    const now = Date.now();
    let last = 0;
    try {
      last = Number(win.sessionStorage.getItem(key)) || 0;
    } catch {
      return;
    }
    if (now - last < guardMs) return;
    try {
      win.sessionStorage.setItem(key, String(now));
    } catch {
      return;
    }
    win.location.reload();
  };
  // A <script type="module" src> that fails fires `error` on the element (seen in the capture phase).
  win.addEventListener('error', (event) => {
    const target = event && event.target;
    if (target && target.tagName === 'SCRIPT' && target.type === 'module') {
      report(`failed to load ${target.src}`);
      reloadOnce();
    }
  }, true);
  const onFailure = (error: unknown) => {
    if (!isChunkFailure(error)) return;
    report(error);
    reloadOnce();
  };
  // Islands import their component with import(); a failure surfaces as an unhandled rejection.
  win.addEventListener('unhandledrejection', (event) => onFailure(event && event.reason));
  // Astro islands retry a failed import once, then report it with this (bubbling) event.
  win.addEventListener('astro:hydration-error', (event) => onFailure(event && event.detail && event.detail.error));
  win.addEventListener('vite:preloadError', (event) => onFailure(event && event.payload));
}

/** The inline script's text. */
export const CHUNK_RELOAD_SCRIPT = `(${installChunkReload.toString()})(window,${RELOAD_GUARD_MS});`;
