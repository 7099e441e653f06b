import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from './points-label.ts';
import { POINTS_ANIMATION_DELAY_MS, PointsPill } from './PointsPill.tsx';

const visibleText = (html: string) => /<span aria-hidden="true">(.*?)<\/span><span class="sr-only">/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

describe('PointsPill', () => {
  it('waits the spec delay of 600 ms before counting', () => {
    expect(POINTS_ANIMATION_DELAY_MS).toBe(600);
  });

  it('renders nothing for an under-18 user', () => {
    expect(renderToStaticMarkup(<PointsPill points={120} terms={DEFAULT_POINT_TERMS} underage />)).toBe('');
  });

  it('shows the formatted count with the organization term, and the same as screen-reader text', () => {
    const html = renderToStaticMarkup(<PointsPill points={1234} terms={{ pointTerm: 'coin', pointsTerm: 'coins', asXp: false }} />);
    expect(visibleText(html)).toBe('1,234 coins');
    expect(html).toContain('<span class="sr-only">1,234 coins</span>');
    expect(renderToStaticMarkup(<PointsPill points={1} terms={DEFAULT_POINT_TERMS} />)).toContain('>1 point</span>');
    expect(renderToStaticMarkup(<PointsPill points={50} terms={{ ...DEFAULT_POINT_TERMS, asXp: true }} />)).toContain('>50 XP</span>');
  });

  it('renders an animated pill with the real balance on the server (it counts up only once hydrated)', () => {
    const html = renderToStaticMarkup(<PointsPill points={1234} terms={DEFAULT_POINT_TERMS} animatePoints />);
    expect(visibleText(html)).toBe('1,234 points');
    expect(html).toContain('<span class="sr-only">1,234 points</span>');
  });

  it('has a distinct look per size', () => {
    const sizes = (['xs', 'sm', 'md', 'lg'] as const).map((size) => renderToStaticMarkup(<PointsPill points={1} terms={DEFAULT_POINT_TERMS} size={size} />));
    expect(new Set(sizes).size).toBe(4);
  });
});
