import { describe, expect, it } from 'vitest';
import { currentTab } from './tabs.ts';

describe('currentTab', () => {
  it('is the first path segment', () => {
    expect(currentTab('/challenges/polls')).toBe('challenges');
    expect(currentTab('/media/videos/v1')).toBe('media');
  });

  it('defaults to dashboard', () => {
    expect(currentTab('/')).toBe('dashboard');
    expect(currentTab('')).toBe('dashboard');
  });
});
