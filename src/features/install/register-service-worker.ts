// Registers the service worker (/sw.js, src/features/install/service-worker.ts) once the page has loaded, so it
// never competes with the page's own first requests. `updateViaCache: 'none'`: a new deploy is seen at once.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch(() => undefined);
  }, { once: true });
}
