const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAME = /^[a-z][a-zA-Z]*$/;

/** Text colour → the background it sits on, for the WCAG AA check. */
const PAIRS: Record<string, string> = {
  onPrimary: 'primary',
  onSecondary: 'secondary',
  onAccent: 'accent',
  text: 'surface',
  muted: 'surface',
};
export const AA_NORMAL_TEXT = 4.5;

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The organization's theme with every text colour readable on its background: a text colour below
 * WCAG AA (4.5:1) is replaced by black or white, whichever reads better. Only plain hex colours pass.
 */
export function readableTheme(theme: Record<string, string>): Record<string, string> {
  const colours = Object.fromEntries(Object.entries(theme).filter(([n, v]) => NAME.test(n) && COLOUR.test(v)));
  for (const [text, background] of Object.entries(PAIRS)) {
    const fg = colours[text];
    const bg = colours[background];
    if (!fg || !bg || contrastRatio(fg, bg) >= AA_NORMAL_TEXT) continue;
    colours[text] = contrastRatio('#000000', bg) >= contrastRatio('#ffffff', bg) ? '#000000' : '#ffffff';
  }
  return colours;
}

const themeCssCache = new Map<string, string>();

/** The theme as CSS custom properties (`onPrimary` → `--color-on-primary`), safe inside <style>. */
export function themeCss(theme: Record<string, string>): string {
  // Every page asks for the same organization's theme: computed (contrast checks included) once per theme.
  const key = JSON.stringify(theme);
  let css = themeCssCache.get(key);
  if (css === undefined) {
    if (themeCssCache.size >= 100) themeCssCache.clear();
    css = buildThemeCss(theme);
    themeCssCache.set(key, css);
  }
  return css;
}

function buildThemeCss(theme: Record<string, string>): string {
  const declarations = Object.entries(readableTheme(theme))
    .map(([name, value]) => `--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`);
  return declarations.length ? `:root{${declarations.join(';')}}` : '';
}
