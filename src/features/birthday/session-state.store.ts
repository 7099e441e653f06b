import { map } from 'nanostores';
import { resetOnSignOut } from '~/lib/session/sign-out-resets.ts';

/**
 * Client-side session state shared by islands (spec: showBirthdayBonusModal, birthdayBonus).
 * Written only in the browser, from props the server rendered: never during server rendering.
 */
export const $sessionState = map({ showBirthdayBonusModal: false, birthdayBonus: 0 });
resetOnSignOut('sessionState', () => $sessionState.set({ showBirthdayBonusModal: false, birthdayBonus: 0 }));

export function closeBirthdayBonusModal(): void {
  $sessionState.setKey('showBirthdayBonusModal', false);
}
