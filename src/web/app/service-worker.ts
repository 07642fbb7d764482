/**
 * Registers the service worker the build generates (vite-plugin-pwa): the app shell is precached so
 * the roll call of a meeting opens with no connection. Only in the built app (the dev server has none).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}
