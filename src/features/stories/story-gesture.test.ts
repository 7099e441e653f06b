import { describe, expect, it } from 'vitest';
import { gestureOf, HOLD_MS } from './story-gesture.ts';

const at = (x: number, y: number, ms = 0) => ({ x, y, at: ms });

describe('a press on a story', () => {
  it('taps the right half for the next chapter, the left half for the previous one', () => {
    expect(gestureOf(at(300, 400), at(302, 401, 90), 360)).toBe('next');
    expect(gestureOf(at(40, 400), at(40, 400, 90), 360)).toBe('previous');
    expect(gestureOf(at(180, 400), at(180, 400, 90), 360)).toBe('next');
  });

  it('holds (pause, then resume) when pressed long or dragged sideways', () => {
    expect(gestureOf(at(300, 400), at(300, 400, HOLD_MS), 360)).toBe('hold');
    expect(gestureOf(at(300, 400), at(200, 420, 120), 360)).toBe('hold');
  });

  it('closes on a swipe down, not on a swipe up or a sideways one', () => {
    expect(gestureOf(at(180, 200), at(190, 320, 200), 360)).toBe('close');
    expect(gestureOf(at(180, 200), at(190, 320, 900), 360)).toBe('close');
    expect(gestureOf(at(180, 320), at(180, 200, 200), 360)).toBe('hold');
    expect(gestureOf(at(40, 200), at(200, 290, 200), 360)).toBe('hold');
  });
});
