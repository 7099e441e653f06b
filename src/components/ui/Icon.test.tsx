import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon, ICON_NAMES } from './Icon.tsx';

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
