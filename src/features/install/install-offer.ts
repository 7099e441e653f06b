// The browser's offer to install the app (`beforeinstallprompt`, Chromium on Android and desktop): kept from the
// moment it comes, so a button drawn later can make it. Safari has no such offer; the button then says how.

export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const KEPT = 'terrace:install-offer';
let offer: InstallOffer | null = null;

export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our button, not the browser's own bar, asks (on the profile and in the story that tells about it).
    event.preventDefault();
    offer = event as InstallOffer;
    window.dispatchEvent(new Event(KEPT));
  });
}

/** The offer if the browser made one, and a way to hear of one made later. */
export function installOffer(): InstallOffer | null {
  return offer;
}
export function onInstallOffer(listener: () => void): () => void {
  window.addEventListener(KEPT, listener);
  return () => window.removeEventListener(KEPT, listener);
}
/** Opened from the home screen: already installed. */
export const runsInstalled = () => window.matchMedia('(display-mode: standalone)').matches;
