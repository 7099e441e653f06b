// Registers the service worker (/sw.js, src/features/install/service-worker.ts) once the page has loaded, so it
// never competes with the page's own first requests. `updateViaCache: 'none'`: a new deploy is seen at once.
// It also keeps the browser's offer to install the app, which comes once, early, before any island hydrates:
// the install button (./InstallButton.tsx) finds it here.
import { keepInstallOffer } from './install-offer.ts';

keepInstallOffer();
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch(() => undefined);
  }, { once: true });
}
