import type { CreateTypes, Options } from 'canvas-confetti';

/** Spec defaults (they match canvas-confetti's own): written out so the numbers are checked by a test. */
export const CONFETTI_DEFAULTS = {
  particleCount: 50,
  angle: 90,
  spread: 45,
  startVelocity: 45,
  decay: 0.9,
  gravity: 1,
  ticks: 200,
  zIndex: 100,
  shapes: ['square', 'circle'],
  colors: ['#26ccff', '#a25afd', '#ff5e7e', '#88ff5a', '#fcff42', '#ffa62d', '#ff36ff'],
  disableForReducedMotion: true,
} as const satisfies Options;

/** The birthday burst: more, wider, from the middle of the screen. */
export const BIRTHDAY_CONFETTI = { particleCount: 100, spread: 60, origin: { y: 0.5 } } as const satisfies Options;

// canvas-confetti reads only #rgb and #rrggbb.
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

let cannon: Promise<CreateTypes> | undefined;

/**
 * canvas-confetti's default cannon draws in a Worker made from a blob: URL, which the page's CSP
 * (default-src 'self') refuses without an error the library sees: the canvas appears and stays blank.
 * This cannon draws on the page's own thread, on a full-window canvas the library adds and removes.
 */
function loadCannon(): Promise<CreateTypes> {
  cannon ??= import('canvas-confetti').then(({ default: confetti }) => confetti.create(undefined, { useWorker: false, resize: true }));
  return cannon;
}

/**
 * Fires a burst and resolves when it has fallen. canvas-confetti (about 4 kB gzipped) is fetched on the first
 * call, so no page pays for it up front; nothing is fetched for reduced-motion users or on the server.
 */
export async function fireConfetti(options: Options = {}): Promise<void> {
  if (typeof document === 'undefined' || prefersReducedMotion()) return;
  const confetti = await loadCannon();
  await confetti({ ...CONFETTI_DEFAULTS, shapes: [...CONFETTI_DEFAULTS.shapes], colors: [...CONFETTI_DEFAULTS.colors], ...options });
}

/**
 * The organization's colours as set on the page (src/layouts/Base.astro): by default its primary, secondary and
 * accent; `names` picks others (a burst over the secondary colour leaves that one out: it would not show).
 */
export function themeConfettiColours(names: readonly string[] = ['primary', 'secondary', 'accent']): string[] {
  if (typeof document === 'undefined') return [];
  const style = getComputedStyle(document.documentElement);
  return names
    .map((name) => style.getPropertyValue(`--color-${name}`).trim())
    .filter((value) => HEX.test(value));
}

/** The birthday burst in the given colours (theme colours when omitted; the spec's seven when none are usable). */
export function fireBirthdayConfetti(colours: readonly string[] = themeConfettiColours()): Promise<void> {
  const usable = colours.filter((colour) => HEX.test(colour));
  return fireConfetti({ ...BIRTHDAY_CONFETTI, origin: { ...BIRTHDAY_CONFETTI.origin }, ...(usable.length ? { colors: usable } : {}) });
}
