import { runSignOutResets } from './sign-out-resets.ts';

/**
 * Spec: logout clears the session, resets all stores and resets analytics; a store reset that fails is
 * logged. The form still posts (/logout drops the session cookie server-side and starts a fresh page); this
 * runs first, so nothing of the supporter lingers in this page meanwhile.
 */
export function resetOnLogout(): void {
  runSignOutResets();
  // Product analytics, when it runs on this page, resets on this event (src/features/observe).
  window.dispatchEvent(new Event('terrace:logout'));
}

export function onLogoutSubmit(form: HTMLFormElement | null): void {
  form?.addEventListener('submit', resetOnLogout);
}
