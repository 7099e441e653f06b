import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import { ArcadeGame } from './ArcadeGame.tsx';
import { nextSpot } from './arcade.ts';

const rules = { durationSeconds: 20, maxScore: 60, tiers: [{ minScore: 10, points: 10 }, { minScore: 20, points: 25 }, { minScore: 30, points: 50 }] };
const props = { challengeId: 'a1', rules, playedScore: null, closed: false, terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en' };
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('arcade helpers', () => {
  it('moves the ball to a spot inside the pitch, away from the last one', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
    let last = { x: 50, y: 50 };
    for (let i = 0; i < 500; i += 1) {
      const spot = nextSpot(last, random);
      expect(spot.x).toBeGreaterThanOrEqual(8);
      expect(spot.x).toBeLessThanOrEqual(92);
      expect(spot.y).toBeGreaterThanOrEqual(8);
      expect(spot.y).toBeLessThanOrEqual(92);
      expect(Math.hypot(spot.x - last.x, spot.y - last.y)).toBeGreaterThan(25);
      last = spot;
    }
    // A random source stuck on one value still moves the ball.
    expect(nextSpot({ x: 50, y: 50 }, () => 0.5)).toEqual({ x: 80, y: 50 });
    expect(nextSpot({ x: 90, y: 90 }, () => 0.98)).toEqual({ x: 60, y: 90 });
  });
});

describe('ArcadeGame', () => {
  it('explains the game and its tiers before the start', () => {
    const html = text(renderToStaticMarkup(<ArcadeGame {...props} />));
    expect(html).toContain('Tap the ball as many times as you can in 20 seconds. You get one scored game.');
    expect(html).toContain('10 touches: 10 points');
    expect(html).toContain('30 touches: 50 points');
    expect(html).toContain('Start game');
  });

  it('hides the points from under-18s', () => {
    expect(text(renderToStaticMarkup(<ArcadeGame {...props} underage />))).not.toContain('points');
  });

  it('shows the score of a game already played, and a closed game', () => {
    expect(text(renderToStaticMarkup(<ArcadeGame {...props} playedScore={23} closed />))).toBe('You scored 23 touches.');
    expect(text(renderToStaticMarkup(<ArcadeGame {...props} closed />))).toBe('This challenge has closed.');
  });
});
