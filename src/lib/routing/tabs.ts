export const TABS = [
  { id: 'dashboard', href: '/dashboard', label: 'Home' },
  { id: 'challenges', href: '/challenges', label: 'Challenges' },
  { id: 'media', href: '/media', label: 'Media' },
  { id: 'sweepstakes', href: '/sweepstakes', label: 'Sweepstakes' },
  { id: 'profile', href: '/profile', label: 'Profile' },
] as const;

/** The tab bar's current tab is the first path segment, defaulting to dashboard. */
export function currentTab(pathname: string): string {
  return pathname.split('/').find(Boolean) ?? 'dashboard';
}
