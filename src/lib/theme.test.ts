import { describe, expect, it } from 'vitest';
import { themeCss } from './theme.ts';

describe('themeCss', () => {
  it('turns the organization theme into CSS variables', () => {
    expect(themeCss({ primary: '#0b5d3b', onPrimary: '#fff' })).toBe(':root{--color-primary:#0b5d3b;--color-on-primary:#fff}');
  });

  it('drops anything that is not a plain hex colour, so nothing can break out of the style element', () => {
    expect(themeCss({ primary: 'red}</style><script>alert(1)</script>', accent: 'url(x)', 'bad-name': '#fff' })).toBe('');
  });
});
