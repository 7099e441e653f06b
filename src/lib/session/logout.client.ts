import { $sessionState } from '~/features/birthday/session-state.store.ts';
import { $challenges } from '~/features/challenges/challenges.store.ts';
import { $currentUser } from '~/features/session/current-user.store.ts';
import { $sweepstakes } from '~/features/sweepstakes/sweepstakes.store.ts';
import { $toasts } from '~/lib/toast/store.ts';

/**
 * Spec: logout clears the session, resets all stores and resets analytics; a store reset that fails is
 * logged. The form still posts (/logout drops the session cookie server-side and starts a fresh page); this
 * runs first, so nothing of the supporter lingers in this page meanwhile.
 */
const RESETS: Array<[string, () => void]> = [
  ['currentUser', () => $currentUser.set(null)],
  ['challenges', () => $challenges.set(null)],
  ['sweepstakes', () => $sweepstakes.set(null)],
  ['sessionState', () => $sessionState.set({ showBirthdayBonusModal: false, birthdayBonus: 0 })],
  ['toasts', () => $toasts.set([])],
];

export function resetOnLogout(): void {
  for (const [name, reset] of RESETS) {
    try {
      reset();
    } catch (error) {
      console.error('store reset failed on logout', { store: name, error });
    }
  }
  // Product analytics, when it runs on this page, resets on this event (src/features/analytics).
  window.dispatchEvent(new Event('terrace:logout'));
}

export function onLogoutSubmit(form: HTMLFormElement | null): void {
  form?.addEventListener('submit', resetOnLogout);
}
