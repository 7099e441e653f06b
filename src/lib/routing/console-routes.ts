import type { MessageKey } from '~/shared/i18n/translate.ts';
import type { Permission } from '~/shared/operator-roles.ts';

/**
 * The club's console (/admin): its own table, apart from the supporters' (routes.ts). Each page says
 * what an operator needs to open it (src/shared/operator-roles.ts); the middleware answers 403 to a role
 * without it, and the console's navigation lists only what the role can open. Lanes add their kinds here.
 */
export interface ConsolePage {
  /** The first path segment after /admin ('' for the home page). */
  section: string;
  permission: Permission;
  /** The navigation's label (a message key); pages without one are reached from another page. */
  label?: MessageKey;
}

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { section: '', permission: 'read', label: 'admin.nav.home' },
  { section: 'members', permission: 'members', label: 'adminMembers.nav' },
  { section: 'requests', permission: 'members', label: 'adminRequests.nav' },
  { section: 'adjustments', permission: 'members', label: 'adminAdjustments.nav' },
  { section: 'reports', permission: 'read', label: 'adminReports.nav' },
  { section: 'exports', permission: 'members', label: 'adminExports.nav' },
  { section: 'challenges', permission: 'read', label: 'adminChallenges.nav' },
  { section: 'stories', permission: 'read', label: 'adminMedia.nav.stories' },
  { section: 'videos', permission: 'read', label: 'adminMedia.nav.videos' },
  { section: 'articles', permission: 'read', label: 'adminMedia.nav.articles' },
  { section: 'carousel', permission: 'read', label: 'adminClub.nav.carousel' },
  { section: 'activations', permission: 'read', label: 'adminClub.nav.activations' },
  { section: 'experiences', permission: 'read', label: 'adminClub.nav.experiences' },
  { section: 'sweepstakes', permission: 'read', label: 'adminClub.nav.sweepstakes' },
  { section: 'settings', permission: 'settings', label: 'adminClub.nav.settings' },
  { section: 'ranks', permission: 'settings', label: 'adminMoments.nav.ranks' },
  { section: 'membership', permission: 'settings', label: 'adminMembership.nav' },
  { section: 'badges', permission: 'read', label: 'adminMoments.nav.badges' },
  { section: 'operators', permission: 'operators', label: 'admin.nav.operators' },
  { section: 'api-keys', permission: 'apiKeys', label: 'admin.nav.apiKeys' },
  { section: 'audit', permission: 'read', label: 'admin.nav.audit' },
  { section: 'logout', permission: 'read' },
  { section: 'forbidden', permission: 'read' },
];

export const CONSOLE_ROOT = '/admin';
/** The console's sign-in pages: open to anyone, like /login. */
export const CONSOLE_SIGN_IN = '/admin/login';

export function isConsolePath(path: string): boolean {
  return path === CONSOLE_ROOT || path.startsWith(`${CONSOLE_ROOT}/`);
}

/** The page a console path belongs to (by its first segment), or undefined for one the console does not have. */
export function consolePageOf(path: string): ConsolePage | undefined {
  const section = path.slice(CONSOLE_ROOT.length).split('/')[1] ?? '';
  return CONSOLE_PAGES.find((page) => page.section === section.replace(/\.csv$/, ''));
}
