import { describe, expect, it } from 'vitest';
import { nearestPrize } from '~/features/sweepstakes/nearest-prize.ts';
import { nextAction } from './next-action.ts';

const challenge = (id: string, over: Record<string, unknown> = {}) => ({
  challengeId: id, type: 'poll' as const, subtype: 'poll' as const, open: true, pollResponseIndex: null, userResponse: null, ...over,
});
const prize = (canEnter: boolean) => ({ entry: { canEnter, blockedBy: null, remaining: 1, affordable: 1, freeEntryAvailable: true } });

describe("the dashboard's one next action", () => {
  it('is the check-in while today’s is still to do, whatever else is open', () => {
    expect(nextAction({ canCheckIn: true, challenges: [challenge('a')], prize: prize(true) })).toEqual({ kind: 'checkin' });
  });

  it('is then the newest open challenge not yet answered: never an answered, closed or feedback one', () => {
    const list = [
      challenge('closed', { open: false }),
      challenge('voted', { pollResponseIndex: 1 }),
      challenge('feedback', { type: 'input', subtype: 'feedback' }),
      challenge('quiz', { type: 'trivia', subtype: 'quiz' }),
      challenge('older'),
    ];
    expect(nextAction({ canCheckIn: false, challenges: list, prize: prize(true) })).toEqual({ kind: 'challenge', challenge: list[3] });
  });

  it('is the prize once everything is done, only when it can be entered; else nothing', () => {
    const done = [challenge('voted', { pollResponseIndex: 0 })];
    expect(nextAction({ canCheckIn: false, challenges: done, prize: prize(true) })).toEqual({ kind: 'prize' });
    expect(nextAction({ canCheckIn: false, challenges: null, prize: prize(false) })).toBeNull();
    expect(nextAction({ canCheckIn: false, challenges: [], prize: undefined })).toBeNull();
  });
});

describe('the nearest prize', () => {
  it('is the live sweepstake that closes first', () => {
    const list = [
      { slug: 'later', status: 'live' as const, endsAt: '2026-12-20T12:00:00.000Z' },
      { slug: 'ended', status: 'ended' as const, endsAt: '2026-11-01T12:00:00.000Z' },
      { slug: 'soon', status: 'live' as const, endsAt: '2026-12-02T08:00:00.000Z' },
      { slug: 'coming', status: 'coming_soon' as const, endsAt: '2026-11-30T08:00:00.000Z' },
    ];
    expect(nearestPrize(list)?.slug).toBe('soon');
    expect(nearestPrize(list.filter((s) => s.status !== 'live'))).toBeUndefined();
  });
});
