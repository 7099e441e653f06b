import { describe, expect, it } from 'vitest';
import en from '~/shared/i18n/messages/en.ts';
import { translator } from '~/shared/i18n/translate.ts';
import { watchToast } from './watch-toast.ts';

const t = translator(en, 'en');
const terms = { pointTerm: 'point', pointsTerm: 'points', asXp: false };

describe('the watch toast', () => {
  it('adds up the video and any playlist it completed', () => {
    const toast = watchToast({ video: { name: 'Goal' }, pointsAwarded: 20, playlistsCompleted: [{ id: 'goals', title: 'Goals of the season', pointsAwarded: 5 }] }, t, { terms, underage: false, locale: 'en' });
    expect(toast).toEqual({ title: '+25 points', description: 'Thanks for watching “Goal”. Playlist complete: Goals of the season, 5 points more.' });
  });

  it('never shows points to an under-18 supporter, nor a count for a repeat', () => {
    const result = { video: { name: 'Goal' }, pointsAwarded: 20, playlistsCompleted: [{ id: 'goals', title: 'Goals', pointsAwarded: 5 }] };
    expect(watchToast(result, t, { terms, underage: true, locale: 'en' })).toEqual({ title: 'Video watched', description: 'Thanks for watching “Goal”.' });
    expect(watchToast({ ...result, pointsAwarded: 0, playlistsCompleted: [] }, t, { terms, underage: false, locale: 'en' }).title).toBe('Video watched');
  });
});
