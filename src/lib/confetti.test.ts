import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The cannon fireConfetti draws with; the library's default export (a cannon drawing in a blob: Worker) must not be used.
const confetti = vi.hoisted(() => vi.fn(async () => undefined));
const created = vi.hoisted(() => [] as unknown[][]);
const library = vi.hoisted(() => Object.assign(vi.fn(async () => undefined), { create: (...args: unknown[]) => (created.push(args), confetti) }));
vi.mock('canvas-confetti', () => ({ default: library }));

const { BIRTHDAY_CONFETTI, CONFETTI_DEFAULTS, fireBirthdayConfetti, fireConfetti, themeConfettiColours } = await import('./confetti.ts');

function browser({ reducedMotion = false, theme = {} as Record<string, string> } = {}) {
  vi.stubGlobal('document', { documentElement: {} });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' }));
  vi.stubGlobal('getComputedStyle', () => ({ getPropertyValue: (name: string) => theme[name] ?? '' }));
}

beforeEach(() => confetti.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('CONFETTI_DEFAULTS', () => {
  it('holds the spec numbers', () => {
    expect(CONFETTI_DEFAULTS).toMatchObject({
      particleCount: 50, angle: 90, spread: 45, startVelocity: 45, decay: 0.9, gravity: 1, ticks: 200, zIndex: 100,
      shapes: ['square', 'circle'], disableForReducedMotion: true,
    });
    expect(CONFETTI_DEFAULTS.colors).toHaveLength(7);
    expect(new Set(CONFETTI_DEFAULTS.colors).size).toBe(7);
  });

  it('has a birthday burst of 100 particles, spread 60, from the middle', () => {
    expect(BIRTHDAY_CONFETTI).toEqual({ particleCount: 100, spread: 60, origin: { y: 0.5 } });
  });
});

describe('fireConfetti', () => {
  it('fires with the defaults, overridden by the options given', async () => {
    browser();
    await fireConfetti({ particleCount: 10 });
    expect(confetti).toHaveBeenCalledWith({ ...CONFETTI_DEFAULTS, particleCount: 10 });
  });

  it('draws without a Worker (the CSP refuses blob: workers), on a canvas of its own that follows the window', async () => {
    browser();
    await fireConfetti();
    await fireConfetti();
    // Made once, on the first burst of the file's tests.
    expect(created).toEqual([[undefined, { useWorker: false, resize: true }]]);
    expect(library).not.toHaveBeenCalled();
    expect(confetti).toHaveBeenCalledTimes(2);
  });

  it('does nothing (and loads nothing) for reduced-motion users or on the server', async () => {
    browser({ reducedMotion: true });
    await fireConfetti();
    vi.unstubAllGlobals();
    await fireConfetti();
    expect(confetti).not.toHaveBeenCalled();
  });
});

describe('fireBirthdayConfetti', () => {
  it('fires the birthday burst in the colours given', async () => {
    browser();
    await fireBirthdayConfetti(['#0b5d3b', '#12233f', 'not-a-colour']);
    expect(confetti).toHaveBeenCalledWith({ ...CONFETTI_DEFAULTS, ...BIRTHDAY_CONFETTI, colors: ['#0b5d3b', '#12233f'] });
  });

  it('takes the theme colours from the page when none are given', async () => {
    browser({ theme: { '--color-primary': ' #0b5d3b', '--color-secondary': '#12233f', '--color-accent': 'var(--x)' } });
    expect(themeConfettiColours()).toEqual(['#0b5d3b', '#12233f']);
    await fireBirthdayConfetti();
    expect(confetti).toHaveBeenCalledWith(expect.objectContaining({ colors: ['#0b5d3b', '#12233f'] }));
  });

  it('keeps the default colours when no usable colour is given', async () => {
    browser();
    await fireBirthdayConfetti([]);
    expect(confetti).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 100, colors: [...CONFETTI_DEFAULTS.colors] }));
  });
});
