// A 401 in the browser means the session this page was rendered with has ended (signed out on another
// device, expired, or the account removed): trying again cannot help, signing in can. This is the one
// place that turns it into words, in the page's language: the Base layout writes them on <html> of a
// signed-in page (a signed-out page has no session to lose, and says nothing here).
import { toast, type ToastInput } from '~/lib/toast/store.ts';

export const SIGN_IN_HREF = '/login';

/** "You are signed out…" in the page's language; undefined outside a signed-in page in the browser. */
export function signedOutText(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.dataset['signedOut'] || undefined;
}

/** The toast a 401 raises: it stays until closed, with the way to sign in again. */
export function signedOutToast(): ToastInput | undefined {
  const text = signedOutText();
  if (!text) return undefined;
  const label = document.documentElement.dataset['signIn'] || SIGN_IN_HREF;
  return { title: text, action: { label, href: SIGN_IN_HREF }, variant: 'destructive', duration: Infinity };
}

/** Called by the browser's API client on every 401. */
export function announceSignedOut(): void {
  const notice = signedOutToast();
  if (notice) toast(notice);
}
