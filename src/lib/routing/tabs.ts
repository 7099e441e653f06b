export const TABS = [
  { id: 'dashboard', href: '/dashboard', label: 'tabs.dashboard', icon: 'home' },
  { id: 'challenges', href: '/challenges', label: 'tabs.challenges', icon: 'trophy' },
  { id: 'media', href: '/media', label: 'tabs.media', icon: 'play' },
  { id: 'sweepstakes', href: '/sweepstakes', label: 'tabs.sweepstakes', icon: 'gift' },
  { id: 'profile', href: '/profile', label: 'tabs.profile', icon: 'user' },
] as const;

/** The tab bar's current tab is the first path segment, defaulting to dashboard. */
export function currentTab(pathname: string): string {
  return pathname.split('/').find(Boolean) ?? 'dashboard';
}
