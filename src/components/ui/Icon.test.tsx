import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon, ICON_NAMES } from './Icon.tsx';
import { iconMarkup } from './icon-markup.ts';

describe('Icon', () => {
  it('renders every mapped icon as inline SVG', () => {
    for (const name of ICON_NAMES) {
      expect(renderToStaticMarkup(<Icon name={name} />), name).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    }
    expect(ICON_NAMES).toEqual(expect.arrayContaining(['home', 'trophy', 'alert-triangle', 'chevron-right']));
  });

  it('is hidden from assistive technology unless it has a label', () => {
    const decorative = renderToStaticMarkup(<Icon name="star" />);
    expect(decorative).toContain('aria-hidden="true"');
    expect(decorative).not.toContain('role=');
    const labelled = renderToStaticMarkup(<Icon name="alert-triangle" label="Warning" />);
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Warning"');
    expect(labelled).not.toContain('aria-hidden');
  });

  it('takes a size and classes', () => {
    const html = renderToStaticMarkup(<Icon name="bell" size={16} className="text-primary" />);
    expect(html).toContain('width="16"');
    expect(html).toContain('height="16"');
    expect(html).toContain('text-primary');
  });
});

describe('iconMarkup (Icon.astro)', () => {
  it('is the same SVG as the React icon, for each set of props', () => {
    expect(iconMarkup({ name: 'home', size: 22 })).toBe(renderToStaticMarkup(<Icon name="home" size={22} />));
    expect(iconMarkup({ name: 'check', size: 18, className: 'mt-0.5 text-primary' }))
      .toBe(renderToStaticMarkup(<Icon name="check" size={18} className="mt-0.5 text-primary" />));
    expect(iconMarkup({ name: 'alert-triangle', label: 'Warning' })).toContain('aria-label="Warning"');
    expect(iconMarkup({ name: 'alert-triangle', label: 'Achtung' })).toContain('aria-label="Achtung"');
    expect(iconMarkup({ name: 'alert-triangle', label: '"><script>' })).toContain('aria-label="&quot;&gt;&lt;script&gt;"');
  });
});
