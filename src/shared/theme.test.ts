import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_SETTINGS } from '~/server/organization/demo.ts';
import { AA_NORMAL_TEXT, contrastRatio, readableTheme, themeCss } from './theme.ts';

describe('themeCss', () => {
  it('turns the organization theme into CSS variables', () => {
    expect(themeCss({ primary: '#0b5d3b', onPrimary: '#fff' })).toBe(':root{--color-primary:#0b5d3b;--color-on-primary:#fff}');
  });

  it('drops anything that is not a plain hex colour, so nothing can break out of the style element', () => {
    expect(themeCss({ primary: 'red}</style><script>alert(1)</script>', accent: 'url(x)', 'bad-name': '#fff' })).toBe('');
  });
});

describe('text contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('meets AA for every text colour of the fallback palette and the demo organization', () => {
    const css = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8');
    const fallback = Object.fromEntries([...css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})/gi)]
      .map(([, name, value]) => [name!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value!]));
    const demo = Object.fromEntries(Object.entries(DEMO_SETTINGS)
      .filter(([key]) => key.startsWith('theme'))
      .map(([key, value]) => [key[5]!.toLowerCase() + key.slice(6), value]));
    for (const theme of [fallback, demo]) {
      const pairs: [string, string][] = [
        ['onPrimary', 'primary'], ['onSecondary', 'secondary'], ['onAccent', 'accent'], ['text', 'surface'], ['text', 'background'],
      ];
      for (const [text, bg] of pairs) {
        const fg = theme[text];
        const back = theme[bg];
        if (fg && back) expect(contrastRatio(fg, back), `${text} on ${bg}`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      }
      if (theme['muted']) expect(contrastRatio(theme['muted'], theme['background'] ?? '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      // Primary is also used as text (links, the current tab) on the page background.
      expect(contrastRatio(theme['primary']!, theme['background'] ?? '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    }
  });

  it("replaces an operator's unreadable text colour with black or white", () => {
    expect(readableTheme({ primary: '#f2b705', onPrimary: '#ffffff' }).onPrimary).toBe('#000000');
    expect(readableTheme({ primary: '#12233f', onPrimary: '#223355' }).onPrimary).toBe('#ffffff');
    expect(readableTheme({ primary: '#0b5d3b', onPrimary: '#ffffff' }).onPrimary).toBe('#ffffff');
  });
});
