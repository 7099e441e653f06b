import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_SCRIPT, installChunkReload, RELOAD_GUARD_MS } from './chunk-reload.ts';

function fakeWindow(pathname = '/challenges/arcade') {
  const listeners: Record<string, ((event: unknown) => void)[]> = {};
  const storage = new Map<string, string>();
  const win = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      (listeners[type] ??= []).push(listener);
    },
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    location: { pathname, reload: vi.fn() },
  };
  const fire = (type: string, event: unknown) => listeners[type]?.forEach((l) => l(event));
  return { win, fire };
}

const chunkError = { reason: new TypeError('Failed to fetch dynamically imported module: /_astro/Arcade.abc.js') };

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('reloading after a chunk fails to load', () => {
  it('reloads once, and not again within 10 seconds on the same path', () => {
    const { win, fire } = fakeWindow();
    installChunkReload(win, RELOAD_GUARD_MS);
    fire('unhandledrejection', chunkError);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_000);
    fire('unhandledrejection', chunkError);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    fire('unhandledrejection', chunkError);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('does not reload with no signal: the chunk failed because the phone is offline, not for a new deploy', () => {
    const { win, fire } = fakeWindow();
    const offline = { ...win, navigator: { onLine: false } };
    installChunkReload(offline, RELOAD_GUARD_MS);
    fire('unhandledrejection', chunkError);
    expect(win.location.reload).not.toHaveBeenCalled();
    offline.navigator.onLine = true;
    fire('unhandledrejection', chunkError);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("reloads when an Astro island reports that its component's chunk did not load", () => {
    const { win, fire } = fakeWindow();
    installChunkReload(win, RELOAD_GUARD_MS);
    fire('astro:hydration-error', { detail: { error: new Error('a render bug'), componentUrl: '/_astro/X.js' } });
    expect(win.location.reload).not.toHaveBeenCalled();
    fire('astro:hydration-error', { detail: { error: chunkError.reason, componentUrl: '/_astro/Arcade.abc.js' } });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads for a module script that fails, and ignores other errors', () => {
    const { win, fire } = fakeWindow();
    installChunkReload(win, RELOAD_GUARD_MS);
    fire('unhandledrejection', { reason: new Error('quiz answer rejected') });
    fire('error', { target: { tagName: 'IMG' } });
    expect(win.location.reload).not.toHaveBeenCalled();
    fire('error', { target: { tagName: 'SCRIPT', type: 'module' } });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("reloads for Vite's failed preloads, not for a failure in what the lazy module then did (an API call)", () => {
    const { win, fire } = fakeWindow('/history');
    installChunkReload(win, RELOAD_GUARD_MS);
    // The hourly round is import(list).then(refresh): Vite reports the refresh's own failure with this event.
    fire('vite:preloadError', { payload: new Error('Request timed out: GET http://club.test/api/challenge') });
    fire('vite:preloadError', { payload: new TypeError('Failed to fetch') });
    fire('unhandledrejection', { reason: new TypeError('Failed to fetch') });
    expect(win.location.reload).not.toHaveBeenCalled();
    expect(win.sessionStorage.getItem('terrace:navigation-errors')).toBeNull();
    fire('vite:preloadError', { payload: new Error('Unable to preload CSS for /_astro/Arcade.abc.css') });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_GUARD_MS);
    fire('vite:preloadError', { payload: chunkError.reason });
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });

  it('is serialisable into an inline script', () => {
    expect(CHUNK_RELOAD_SCRIPT).toMatch(/^\(function installChunkReload/);
    expect(CHUNK_RELOAD_SCRIPT).toContain(',10000);');
  });
});

describe('reporting a failed navigation to product analytics', () => {
  it('keeps path and error in sessionStorage (the reload may come first) and announces it, still reloading', () => {
    const { win, fire } = fakeWindow('/media');
    const events: Array<{ type: string; detail: unknown }> = [];
    const withEvents = { ...win, location: { ...win.location, search: '?tab=all' }, dispatchEvent: (event: Event) => {
      events.push({ type: event.type, detail: (event as CustomEvent).detail });
      return true;
    } };
    installChunkReload(withEvents, RELOAD_GUARD_MS);
    fire('unhandledrejection', chunkError);
    const detail = { path: '/media?tab=all', error: chunkError.reason.message };
    expect(JSON.parse(win.sessionStorage.getItem('terrace:navigation-errors')!)).toEqual([detail]);
    expect(events).toEqual([{ type: 'terrace:navigation-error', detail }]);
    expect(withEvents.location.reload).toHaveBeenCalledTimes(1);
  });

  it('lets every failure go on (rethrown): no event is cancelled, so Vite throws, Astro logs, the console shows it', () => {
    const { win, fire } = fakeWindow('/dashboard');
    installChunkReload({ ...win, dispatchEvent: () => true }, RELOAD_GUARD_MS);
    const error = chunkError.reason;
    const events = [
      ['vite:preloadError', { payload: error }],
      ['astro:hydration-error', { detail: { error, componentUrl: '/_astro/Arcade.abc.js' } }],
      ['unhandledrejection', { reason: error }],
      ['error', { target: { tagName: 'SCRIPT', type: 'module', src: '/_astro/Arcade.abc.js' } }],
    ] as const;
    for (const [type, body] of events) {
      const event = { ...body, preventDefault: vi.fn(), stopPropagation: vi.fn(), stopImmediatePropagation: vi.fn() };
      fire(type, event);
      expect(event.preventDefault, type).not.toHaveBeenCalled();
      expect(event.stopPropagation, type).not.toHaveBeenCalled();
      expect(event.stopImmediatePropagation, type).not.toHaveBeenCalled();
    }
    const kept = JSON.parse(win.sessionStorage.getItem('terrace:navigation-errors')!) as Array<{ path: string; error: string }>;
    expect(kept.map((k) => k.path)).toEqual(['/dashboard', '/dashboard', '/dashboard', '/dashboard']);
    expect(kept[0]!.error).toBe(error.message);
  });
});
