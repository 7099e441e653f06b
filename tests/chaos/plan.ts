// What each supporter does during the crash test: the ways a supporter earns points over HTTP (a
// check-in, poll votes, a pick'em pick, a keyword guess wrong then right, feedback, every quiz
// answer), plus a second check-in that must be refused. Each request has its own Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { DEMO_CHALLENGES } from '../../src/server/challenges/challenge.demo.ts';

export interface Challenge {
  challengeId: string;
  subtype: string;
  title: string;
  completed: boolean;
  options: Array<{ label: string }>;
  challengeType: { questions: Array<{ questionId: string; options: string[] }> } | null;
}

export interface Action {
  label: string;
  method: 'POST';
  path: string;
  body: string;
  key: string;
  /** A quiz answer: a quiz pays each right answer, so its history holds one award per right question, not one per challenge. */
  quiz?: true;
}

const post = (label: string, path: string, body: unknown): Action =>
  ({ label, method: 'POST', path, body: JSON.stringify(body), key: randomUUID() });

/** The demo keyword, so that a right guess is paid (a wrong one is refused). */
function keywordAnswer(title: string): string {
  return DEMO_CHALLENGES.find((c) => c.title === title)?.answer ?? 'unknown';
}

export function planFor(index: number, challenges: Challenge[], random: () => number): Action[] {
  const open = challenges.filter((c) => !c.completed);
  const actions: Action[] = [post('check-in', '/api/checkin', {})];
  for (const c of open) {
    const path = `/api/challenge/${c.challengeId}`;
    if (c.subtype === 'poll' || c.subtype === 'pickem') {
      actions.push(post(`${c.subtype} "${c.title}"`, path, { poll: { responseIndex: (index + actions.length) % Math.max(1, c.options.length) } }));
    } else if (c.subtype === 'keyword') {
      actions.push(post(`keyword "${c.title}" (wrong)`, path, { input: { response: 'Floodlight' } }));
      actions.push(post(`keyword "${c.title}"`, path, { input: { response: keywordAnswer(c.title) } }));
    } else if (c.subtype === 'feedback') {
      actions.push(post(`feedback "${c.title}"`, path, { input: { response: `Supporter ${index}: great atmosphere.` } }));
    } else if (c.subtype === 'trivia') {
      for (const q of c.challengeType?.questions ?? []) {
        actions.push({ ...post(`quiz "${c.title}" ${q.questionId}`, path, { trivia: { questionId: q.questionId, responseIndex: Math.floor(random() * q.options.length) } }), quiz: true });
      }
    }
  }
  actions.push(post('second check-in (refused)', '/api/checkin', {}));
  return actions;
}
