import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import messages from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { ArcadeGame } from './ArcadeGame.tsx';
import { nextSpot } from './arcade.ts';

const rules = { durationSeconds: 20, maxScore: 60, tiers: [{ minScore: 10, points: 10 }, { minScore: 20, points: 25 }, { minScore: 30, points: 50 }] };
const props = {
  challengeId: 'a1', rules, playedScore: null, closed: false, terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en', messages, next: null,
};
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
  it('explains the game and its tiers before the start, with no button until script runs', () => {
    const html = renderToStaticMarkup(<ArcadeGame {...props} />);
    expect(text(html)).toContain('Tap the ball as many times as you can in 20 seconds. You get one scored game.');
    expect(text(html)).toContain('10 touches: 10 points');
    expect(text(html)).toContain('30 touches: 50 points');
    // Without JavaScript the page explains that the game needs it: no dead button.
    expect(html).not.toContain('<button');
  });

  it('speaks Spanish on a Spanish page', () => {
    const html = text(renderToStaticMarkup(<ArcadeGame {...props} messages={es} locale="es" />));
    expect(html).toContain('Toca el balón tantas veces como puedas en 20 segundos.');
    expect(html).toContain('10 toques: 10 points');
  });

  it('hides the points from under-18s', () => {
    expect(text(renderToStaticMarkup(<ArcadeGame {...props} underage />))).not.toContain('points');
  });

  it('shows the score of a game already played, and a closed game', () => {
    expect(text(renderToStaticMarkup(<ArcadeGame {...props} playedScore={23} closed />))).toMatch(/^You scored 23 touches\.You have answered every open challenge\./);
    expect(text(renderToStaticMarkup(<ArcadeGame {...props} closed />))).toMatch(/^This challenge has closed\./);
  });
});
