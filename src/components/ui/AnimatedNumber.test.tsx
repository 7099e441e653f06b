import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ANIMATED_NUMBER_OPACITY_MS, ANIMATED_NUMBER_TRANSFORM_MS, AnimatedNumber } from './AnimatedNumber.tsx';

describe('AnimatedNumber', () => {
  it('renders its value formatted when there is nothing to count', () => {
    expect(renderToStaticMarkup(<AnimatedNumber value={1234567} />)).toContain('>1,234,567</span>');
    expect(renderToStaticMarkup(<AnimatedNumber value={1234567} locale="de" />)).toContain('>1.234.567</span>');
  });

  it('renders the real value on the server, before and without JavaScript (the count from `from` starts on hydration)', () => {
    const html = renderToStaticMarkup(<AnimatedNumber value={1234} from={0} delayMs={600} />);
    expect(html).toContain('>1,234</span>');
    expect(html).not.toContain('opacity-60');
  });

  it('carries the spec timings (transform 900 ms, opacity 450 ms) in its transition, for motion-safe users only', () => {
    expect(ANIMATED_NUMBER_TRANSFORM_MS).toBe(900);
    expect(ANIMATED_NUMBER_OPACITY_MS).toBe(450);
    const html = renderToStaticMarkup(<AnimatedNumber value={5} from={0} />);
    expect(html).toContain(`motion-safe:[transition:transform_${ANIMATED_NUMBER_TRANSFORM_MS}ms_`);
    expect(html).toContain(`opacity_${ANIMATED_NUMBER_OPACITY_MS}ms_`);
  });
});
