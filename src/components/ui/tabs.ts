import type { IconName } from '~/components/ui/Icon.tsx';
import type { GuardSettings } from '../../lib/routing/guard.ts';

export interface Tab {
  /** The first path segment this tab stands for (spec: the current tab is the first segment). */
  id: string;
  href: string;
  label: 'tabs.dashboard' | 'tabs.challenges' | 'tabs.media' | 'tabs.sweepstakes' | 'tabs.profile' | 'tabs.about';
  icon: IconName;
}

/** A signed-in supporter's bar: the five sections of the app. */
export const TABS: readonly Tab[] = [
  { id: 'dashboard', href: '/dashboard', label: 'tabs.dashboard', icon: 'home' },
  { id: 'challenges', href: '/challenges', label: 'tabs.challenges', icon: 'trophy' },
  { id: 'media', href: '/media', label: 'tabs.media', icon: 'play' },
  { id: 'sweepstakes', href: '/sweepstakes', label: 'tabs.sweepstakes', icon: 'gift' },
  { id: 'profile', href: '/profile', label: 'tabs.profile', icon: 'user' },
];

/** Where an anonymous visitor's "Sign in" action leads. */
export const SIGN_IN_HREF = '/login';

/**
 * An anonymous visitor's bar: only what a visitor can open (a tab that sent them back to the landing
 * page would be a trap), followed by a "Sign in" action. Home is the landing page unless the club
 * opens its dashboard to visitors (logged-off dashboard mode). The dashboard tab keeps its id, so the
 * spec's default (dashboard) still marks Home.
 */
export function anonymousTabs(settings: Pick<GuardSettings, 'loggedOffDashboard'>): readonly Tab[] {
  const home = settings.loggedOffDashboard === 'true' ? '/dashboard' : '/';
  return [
    { id: 'dashboard', href: home, label: 'tabs.dashboard', icon: 'home' },
    { id: 'about', href: '/about', label: 'tabs.about', icon: 'info' },
    { id: 'media', href: '/media', label: 'tabs.media', icon: 'play' },
  ];
}

/**
 * The spec's rule: the current tab is the path's first segment, defaulting to dashboard. A first
 * segment that names no tab in the bar (`/history`, `/referral`, `/membership`, `/stories/…`) is the
 * dashboard's, so Home stays marked on the pages reached from it.
 */
export function currentTab(pathname: string, tabs: readonly Pick<Tab, 'id'>[] = TABS): string {
  const first = pathname.split('/').find(Boolean);
  return first !== undefined && tabs.some((tab) => tab.id === first) ? first : 'dashboard';
}
