import { describe, expect, it } from 'vitest';
import type { Challenge } from './challenge.ts';
import { isFeedback, openChallenges, openFeedback, summarize, type ChallengeSummary } from './open-challenges.ts';

const item = (id: string, over: Partial<ChallengeSummary> = {}): ChallengeSummary => ({
  challengeId: id, type: 'poll', subtype: 'poll', title: `Challenge ${id}`, description: '', value: 10, completed: false, ...over,
});
const feedback = item('fb', { type: 'input', subtype: 'feedback' });

describe('open challenges', () => {
  it('keeps the open ones in the order the API gave (newest first), without feedback, up to the limit', () => {
    const list = [item('a'), item('b', { completed: true }), feedback, item('c'), item('d'), item('e'), item('f'), item('g')];
    expect(openChallenges(list, 5).map((c) => c.challengeId)).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(openChallenges(list).map((c) => c.challengeId)).toEqual(['a', 'c', 'd', 'e', 'f', 'g']);
  });

  it('is the same list whether it starts from the whole list or only the open part', () => {
    const list = [item('a'), item('b', { completed: true }), feedback, item('c')];
    expect(openChallenges(list.filter((c) => !c.completed), 5)).toEqual(openChallenges(list, 5));
  });

  it("leaves out a pick'em whose result is in, even before kick-off", () => {
    const resolved = item('r', { subtype: 'pickem', outcome: 1, pollResponseIndex: null, options: [], expiresOn: '2030-01-01T15:00:00.000Z' });
    const pending = { ...resolved, challengeId: 'p', outcome: null };
    expect(openChallenges([resolved, pending, item('a')]).map((c) => c.challengeId)).toEqual(['p', 'a']);
  });

  it('finds the feedback challenge only while it is unanswered', () => {
    expect(openFeedback([item('a'), feedback])).toBe(feedback);
    expect(openFeedback([item('a'), { ...feedback, completed: true }])).toBeUndefined();
  });

  it('takes feedback to be subtype feedback with type input', () => {
    expect(isFeedback(feedback)).toBe(true);
    expect(isFeedback({ type: 'input', subtype: 'keyword' })).toBe(false);
  });

  it('summarizes a challenge to the fields its card shows', () => {
    const full: Challenge = {
      ...item('a'), hint: 'h', expiresOn: '2030-01-01T15:00:00.000Z', options: [{ label: 'Home win', points: 40 }],
      userResponse: null, pollResponseIndex: null, outcome: null, challengeType: null,
    };
    expect(summarize(full)).toEqual(item('a'));
    // A pick'em keeps what its card needs to say how the picking stands.
    const { challengeId, type, title, description, value, completed, options, expiresOn, outcome, pollResponseIndex } = full;
    expect(summarize({ ...full, subtype: 'pickem' })).toEqual({
      challengeId, type, subtype: 'pickem', title, description, value, completed, options, expiresOn, outcome, pollResponseIndex,
    });
  });
});
