export const TABS = [
  { id: 'dashboard', href: '/dashboard', label: 'tabs.dashboard' },
  { id: 'challenges', href: '/challenges', label: 'tabs.challenges' },
  { id: 'media', href: '/media', label: 'tabs.media' },
  { id: 'sweepstakes', href: '/sweepstakes', label: 'tabs.sweepstakes' },
  { id: 'profile', href: '/profile', label: 'tabs.profile' },
] as const;

/** The tab bar's current tab is the first path segment, defaulting to dashboard. */
export function currentTab(pathname: string): string {
  return pathname.split('/').find(Boolean) ?? 'dashboard';
}
