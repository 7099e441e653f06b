import type { Translate } from '~/shared/i18n/translate.ts';

/**
 * The next thing to do while a media or sweepstakes list is still empty: earning points with the
 * challenges, or for a visitor (who cannot open them) signing in first.
 */
export function earnAction(t: Translate, signedIn: boolean, pointsTerm: string): { href: string; label: string } {
  return signedIn
    ? { href: '/challenges', label: t('media.action.challenges') }
    : { href: '/login', label: t('media.action.signIn', { points: pointsTerm }) };
}
