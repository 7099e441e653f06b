import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem } from '~/lib/api/errors.ts';

/** An arcade challenge's rules, as GET /api/challenge/{id} sends them. */
export interface ArcadeRules {
  durationSeconds: number;
  maxScore: number;
  tiers: Array<{ minScore: number; points: number }>;
}

/** Where the ball goes next: a spot (percent of the pitch) clear of the edges, away from the last one. */
export function nextSpot(last: { x: number; y: number }, random: () => number = Math.random): { x: number; y: number } {
  for (let i = 0; i < 8; i += 1) {
    const spot = { x: 8 + random() * 84, y: 8 + random() * 84 };
    if (Math.hypot(spot.x - last.x, spot.y - last.y) > 25) return spot;
  }
  return { x: last.x > 50 ? last.x - 30 : last.x + 30, y: last.y };
}

/** Points of the highest tier a score reaches (the server decides; this only previews). */
export function tierPoints(rules: ArcadeRules, score: number): number {
  return rules.tiers.reduce((best, t) => (score >= t.minScore && t.points > best ? t.points : best), 0);
}

/** Starts a game on the server: its ticket must come back with the score. */
export async function startGame(challengeId: string): Promise<{ ok: true; ticket: string } | { ok: false; message: string }> {
  try {
    const { data } = await browserApi().http.post(`challenge/${encodeURIComponent(challengeId)}/play`)
      .json<{ data: { ticket: string } }>();
    return { ok: true, ticket: data.ticket };
  } catch (error) {
    const problem = await readApiProblem(error).catch(() => undefined);
    return { ok: false, message: problem?.message ?? 'The game could not start. Please try again.' };
  }
}
