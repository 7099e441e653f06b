// The crash test's verdicts: retries not stuck, replays equal to the first answers, and each balance,
// acknowledged award and award count checked against the supporter's history.
import { type Attempt, challengeOf, isStillProcessing } from './attempts.ts';
import { balance, doubled, history } from './ledger.ts';

const sameRefusal = (a: { status: number; code?: string }, b: { status: number; code?: string }) => a.status === b.status && a.code === b.code;
const shown = (a: Attempt) => `supporter ${a.supporter}: ${a.action.label} (POST ${a.action.path}, key ${a.action.key})`;

/** No retry stuck: the one retry of an unanswered request, right after the restart, is a 2xx or a refusal, never "still being processed" nor a 5xx. */
export function retryViolations(unanswered: Attempt[]): string[] {
  const violations: string[] = [];
  for (const a of unanswered) {
    if (!a.again) violations.push(`retry without an answer (${a.againError}): ${shown(a)}`);
    else if (isStillProcessing(a.again)) violations.push(`retry right after the restart stuck behind the killed process's claim: 409: ${shown(a)}: ${a.again.text.slice(0, 160)}`);
    else if (a.again.status >= 500) violations.push(`retry answered ${a.again.status}: ${shown(a)}: ${a.again.text.slice(0, 160)}`);
  }
  return violations;
}

/** A replay of an answered request gives the same answer (2xx with the same points, or the same refusal). */
export function replayViolations(answered: Attempt[]): string[] {
  const violations: string[] = [];
  for (const a of answered) {
    const first = a.first!;
    // Transient answers (408, 409, 425, 429, 5xx) are not kept for replay, so a replay may differ.
    if ([408, 409, 425, 429].includes(first.status) || first.status >= 500) continue;
    if (!a.again) violations.push(`replay without an answer (${a.againError}): ${shown(a)}`);
    else if (!sameRefusal(first, a.again) || first.pointsAwarded !== a.again.pointsAwarded) {
      violations.push(`replay answered ${a.again.status} ${a.again.code ?? ''} (points ${a.again.pointsAwarded}) `
        + `where the first answer was ${first.status} ${first.code ?? ''} (points ${first.pointsAwarded}): ${shown(a)}`);
    }
  }
  return violations;
}

/** The 2xx answer a request ended with: the first, else the retry's; undefined when it never succeeded. */
const finalAnswer = (a: Attempt) => (a.first && a.first.status < 300 ? a.first : a.again && a.again.status < 300 ? a.again : undefined);

/**
 * Each balance equals its history; each acknowledged award is in it once; no award twice. A quiz pays each
 * right answer once it is complete (one entry per right question): what its acknowledged answers say they paid must add up to
 * what its history holds, and no quiz holds more awards than answers were sent to it.
 */
export async function ledgerViolations(origin: string, supporters: Array<{ index: number; token: string }>, attempts: Attempt[][]) {
  const violations: string[] = [];
  let entries = 0;
  let acknowledged = 0;
  for (const s of supporters) {
    const points = await balance(origin, s.token);
    const ledger = await history(origin, s.token);
    entries += ledger.length;
    const sum = ledger.reduce((total, e) => total + e.amount, 0);
    if (sum !== points) violations.push(`supporter ${s.index}: balance ${points} but the history sums to ${sum} (${ledger.length} entries)`);
    const mine = attempts[s.index] ?? [];
    const quizzes = new Set(mine.filter((a) => a.action.quiz).map((a) => challengeOf(a)!));
    for (const d of doubled(ledger, quizzes)) violations.push(`supporter ${s.index}: award paid more than once: ${d}`);
    for (const quiz of quizzes) {
      const sent = mine.filter((a) => a.action.quiz && challengeOf(a) === quiz);
      const acknowledgedPoints = sent.reduce((total, a) => total + (finalAnswer(a)?.pointsAwarded ?? 0), 0);
      const held = ledger.filter((e) => e.kind === 'challenge' && e.reference === quiz);
      const heldPoints = held.reduce((total, e) => total + e.amount, 0);
      if (heldPoints !== acknowledgedPoints) violations.push(`supporter ${s.index}: quiz ${quiz} holds ${heldPoints} points in the history but its answers acknowledged ${acknowledgedPoints}`);
      if (held.filter((e) => e.amount > 0).length > sent.length) violations.push(`supporter ${s.index}: quiz ${quiz} paid more awards than it had answers`);
      acknowledged += sent.filter((a) => finalAnswer(a)?.pointsAwarded).length;
    }
    for (const a of mine) {
      const final = finalAnswer(a);
      if (!final?.pointsAwarded || a.action.quiz) continue;
      acknowledged += 1;
      const challenge = challengeOf(a);
      const found = ledger.filter((e) => e.amount > 0 && (challenge ? e.kind === 'challenge' && e.reference === challenge : e.kind === 'checkin'));
      if (found.length !== 1) violations.push(`acknowledged award (${final.pointsAwarded} points) found ${found.length} times in the history: ${shown(a)}`);
    }
  }
  return { violations, entries, acknowledged };
}
