import { afterEach, describe, expect, it } from 'vitest';
import en from '~/shared/i18n/messages/en/dashboard.ts';
import es from '~/shared/i18n/messages/es/dashboard.ts';
import { $toasts } from '~/lib/toast/store.ts';
import { afterAward } from './after-award.ts';
import { $currentUser, type CurrentUserSummary } from './current-user.store.ts';

describe('afterAward', () => {
  const standing = (rank: string, points: number) => ({
    points, lifetimePoints: points, rank: { name: rank, title: null, perk: null }, nextRank: { name: 'P7', title: null, perk: null, pointsRequired: 500 },
    rankProgress: { percent: 0, pointsToNext: 500 - points }, moments: [],
  });
  /** The titles of every toast raised while `run` runs (only one shows at a time: a second would replace the first). */
  function raised(run: () => void): string[] {
    const titles: string[] = [];
    const stop = $toasts.listen((list) => { if (list[0]?.open) titles.push(list[0].title + (list[0].description ? ` / ${list[0].description}` : '')); });
    run();
    stop();
    return titles;
  }
  const P9 = { ...standing('P9', 240), userId: 'u1' } as unknown as CurrentUserSummary;
  afterEach(() => { $currentUser.set(null); $toasts.set([]); });
  // The page's words: every island passes its `rank.` messages.
  const english = { messages: en, locale: 'en' };

  it('raises the award toast alone when the rank stays', () => {
    $currentUser.set(P9);
    expect(raised(() => afterAward(standing('P9', 245), { title: '+5 points', description: 'Thanks for voting' }, english))).toEqual(['+5 points / Thanks for voting']);
  });

  it('says a level-up in the same one toast as the award, in the page language', () => {
    $currentUser.set(P9);
    expect(raised(() => afterAward(standing('P8', 255), { title: '+15 points', description: 'Thanks for voting' }, english)))
      .toEqual(['You reached P8! +15 points / Thanks for voting']);
    $currentUser.set(P9);
    expect(raised(() => afterAward(standing('P8', 255), { title: '+15 puntos' }, { messages: { 'rank.reachedWith': es['rank.reachedWith'] }, locale: 'es' })))
      .toEqual(['¡Has llegado a P8! +15 puntos']);
  });

  it('celebrates a level-up with nothing else to say, and raises nothing when there is neither', () => {
    $currentUser.set(P9);
    expect(raised(() => afterAward(standing('P8', 255), null, english))).toEqual(['You reached P8! / A new rank: keep going.']);
    expect(raised(() => afterAward(standing('P8', 256), null, english))).toEqual([]);
  });
});
