import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem, type ApiProblem } from '~/lib/api/errors.ts';
import { startGame, type Challenge } from './challenges.api.ts';

/** An arcade challenge's rules (length, maximum, tiers), as the API sends them in `game`. */
export type ArcadeRules = NonNullable<Challenge['game']>;

/** Where the ball goes next: a spot (percent of the pitch) clear of the edges, away from the last one. */
export function nextSpot(last: { x: number; y: number }, random: () => number = Math.random): { x: number; y: number } {
  for (let i = 0; i < 8; i += 1) {
    const spot = { x: 8 + random() * 84, y: 8 + random() * 84 };
    if (Math.hypot(spot.x - last.x, spot.y - last.y) > 25) return spot;
  }
  return { x: last.x > 50 ? last.x - 30 : last.x + 30, y: last.y };
}

/** Starts a game on the server: its ticket must come back with the score. A refusal comes back as the API's problem. */
export async function beginGame(challengeId: string): Promise<{ ok: true; ticket: string } | { ok: false; problem?: ApiProblem }> {
  try {
    const { ticket } = await startGame(browserApi(), challengeId);
    return { ok: true, ticket };
  } catch (error) {
    const problem = await readApiProblem(error).catch(() => undefined);
    return problem ? { ok: false, problem } : { ok: false };
  }
}
