import { describe, expect, it } from 'vitest';
import type { Challenge } from './challenges.api.ts';
import { isFeedback, nextChallenge, openChallenges, openFeedback, summarize, type ChallengeSummary } from './open-challenges.ts';

const item = (id: string, over: Partial<ChallengeSummary> = {}): ChallengeSummary => ({
  challengeId: id, type: 'poll', subtype: 'poll', title: `Challenge ${id}`, description: '', value: 10, open: true, ...over,
});
const feedback = item('fb', { type: 'input', subtype: 'feedback' });

describe('open challenges', () => {
  it('keeps the open ones in the order the API gave (newest first), without feedback, up to the limit', () => {
    const list = [item('a'), item('b', { open: false }), feedback, item('c'), item('d'), item('e'), item('f'), item('g')];
    expect(openChallenges(list, 5).map((c) => c.challengeId)).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(openChallenges(list).map((c) => c.challengeId)).toEqual(['a', 'c', 'd', 'e', 'f', 'g']);
  });

  it('is the same list whether it starts from the whole list or only the open part', () => {
    const list = [item('a'), item('b', { open: false }), feedback, item('c')];
    expect(openChallenges(list.filter((c) => c.open), 5)).toEqual(openChallenges(list, 5));
  });

  it("goes by the server's `open` alone: a picked pick'em before kick-off stays, a resolved one goes", () => {
    const resolved = item('r', { subtype: 'pickem', open: false, outcome: 1, pollResponseIndex: null, options: [] });
    const picked = { ...resolved, challengeId: 'p', open: true, outcome: null, pollResponseIndex: 0 };
    expect(openChallenges([resolved, picked, item('a')]).map((c) => c.challengeId)).toEqual(['p', 'a']);
  });

  it('finds the feedback challenge only while it is unanswered', () => {
    expect(openFeedback([item('a'), feedback])).toBe(feedback);
    expect(openFeedback([item('a'), { ...feedback, open: false }])).toBeUndefined();
  });

  it('takes feedback to be subtype feedback with type input', () => {
    expect(isFeedback(feedback)).toBe(true);
    expect(isFeedback({ type: 'input', subtype: 'keyword' })).toBe(false);
  });

  it('summarizes a challenge to the fields its card shows', () => {
    const full: Challenge = {
      ...item('a'), hint: 'h', mediaId: 'keepy-uppy', visibleFrom: '2026-01-01T00:00:00.000Z', game: null, expiresOn: '2030-01-01T15:00:00.000Z', options: [{ label: 'Home win', points: 40 }],
      userResponse: null, pollResponseIndex: null, outcome: null, challengeType: null, completed: false, closesAt: '2030-01-01T15:00:00.000Z',
    };
    // The card shows the challenge's picture too.
    expect(summarize(full)).toEqual({ ...item('a'), mediaId: 'keepy-uppy' });
    // A pick'em keeps what its card needs to say how the picking stands.
    const { challengeId, type, title, description, value, open, options, outcome, pollResponseIndex, mediaId } = full;
    expect(summarize({ ...full, subtype: 'pickem' })).toEqual({
      challengeId, type, subtype: 'pickem', title, description, value, open, options, outcome, pollResponseIndex, mediaId,
    });
  });
});

describe('the next thing to do', () => {
  it('is the newest other open challenge, then the open feedback, then nothing (back to the list)', () => {
    const list = [item('a'), item('b', { open: false }), feedback, item('c', { subtype: 'trivia', type: 'trivia' })];
    expect(nextChallenge(list, 'x')).toEqual({ href: '/challenges/polls/a', title: 'Challenge a' });
    expect(nextChallenge(list, 'a')).toEqual({ href: '/challenges/quizzes/c', title: 'Challenge c' });
    expect(nextChallenge([item('a', { open: false }), feedback], 'a')).toEqual({ href: '/challenges/feedback/fb', title: 'Challenge fb' });
    expect(nextChallenge([feedback, item('b', { open: false })], 'fb')).toBeNull();
    expect(nextChallenge([], 'a')).toBeNull();
  });

  it('is never a challenge already answered, though still open (a pick’em already picked)', () => {
    const picked = item('p', { subtype: 'pickem', pollResponseIndex: 1 });
    expect(nextChallenge([picked, item('a')], 'x')).toEqual({ href: '/challenges/polls/a', title: 'Challenge a' });
    expect(nextChallenge([picked, feedback], 'x')).toEqual({ href: '/challenges/feedback/fb', title: 'Challenge fb' });
    expect(nextChallenge([picked], 'x')).toBeNull();
  });
});
