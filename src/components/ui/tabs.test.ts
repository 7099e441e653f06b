import { describe, expect, it } from 'vitest';
import { decideNavigation } from '../../lib/routing/guard.ts';
import { anonymousTabs, currentTab, SIGN_IN_HREF, TABS } from './tabs.ts';

const settings = (loggedOffDashboard: string) => ({ ssoEnabled: 'false', loggedOffDashboard });

describe('currentTab (spec: the first path segment, defaulting to dashboard)', () => {
  it('is the first path segment when a tab stands for it', () => {
    expect(currentTab('/challenges/polls')).toBe('challenges');
    expect(currentTab('/media/videos/v1')).toBe('media');
    expect(currentTab('/sweepstakes/w1')).toBe('sweepstakes');
    expect(currentTab('/profile/edit')).toBe('profile');
    expect(currentTab('/dashboard')).toBe('dashboard');
  });

  it('defaults to dashboard, which also covers the pages reached from it', () => {
    expect(currentTab('/')).toBe('dashboard');
    expect(currentTab('')).toBe('dashboard');
    for (const path of ['/history', '/referral', '/membership', '/membership/upgrade/gold', '/stories/s1', '/enhanced-experiences']) {
      expect(currentTab(path), path).toBe('dashboard');
    }
  });

  it('follows the tabs of the bar shown', () => {
    const anonymous = anonymousTabs(settings('false'));
    expect(currentTab('/about', anonymous)).toBe('about');
    expect(currentTab('/media/instagram', anonymous)).toBe('media');
    expect(currentTab('/about', TABS)).toBe('dashboard');
  });

  it('marks exactly one tab of either bar on every page', () => {
    for (const tabs of [TABS, anonymousTabs(settings('false'))]) {
      for (const path of ['/', '/about', '/media', '/history', '/challenges/quizzes/c1', '/no-such-page']) {
        expect(tabs.filter((tab) => tab.id === currentTab(path, tabs)), path).toHaveLength(1);
      }
    }
  });
});

describe("an anonymous visitor's bar", () => {
  const opens = (href: string, loggedOffDashboard: string) =>
    decideNavigation({ pathname: href, user: null, settings: settings(loggedOffDashboard) }).kind === 'render';

  it('holds only what a visitor can open, and a way to sign in', () => {
    for (const mode of ['false', 'true']) {
      for (const tab of anonymousTabs(settings(mode))) expect(opens(tab.href, mode), `${tab.href} (${mode})`).toBe(true);
    }
    expect(opens(SIGN_IN_HREF, 'false')).toBe(true);
  });

  it("leads Home to the landing page, or to the dashboard when the club opens it to visitors", () => {
    expect(anonymousTabs(settings('false'))[0]).toMatchObject({ id: 'dashboard', href: '/' });
    expect(anonymousTabs(settings('true'))[0]).toMatchObject({ id: 'dashboard', href: '/dashboard' });
  });

  it("a supporter's tabs, other than Media, would send a visitor away", () => {
    const closed = TABS.filter((tab) => !opens(tab.href, 'false')).map((tab) => tab.id);
    expect(closed).toEqual(['dashboard', 'challenges', 'sweepstakes', 'profile']);
  });
});
