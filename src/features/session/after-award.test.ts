import { describe, expect, it } from 'vitest';
import en from '~/lib/i18n/messages/en/dashboard.ts';
import { ENGLISH_LEVEL_UP } from './after-award.ts';

describe('the level-up toast without words from the page', () => {
  it('falls back to the English of the message file, word for word', () => {
    expect(ENGLISH_LEVEL_UP.messages).toEqual({ 'rank.reached': en['rank.reached'], 'rank.reachedText': en['rank.reachedText'] });
  });
});
