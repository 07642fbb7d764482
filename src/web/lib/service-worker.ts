/**
 * Registers the service worker the build generates (vite-plugin-pwa): the app shell is precached so
 * the roll call, the grade and camp mode open with no connection. Only in the built app (the dev
 * server has none).
 *
 * Not at `load` but once the screen has settled: installing downloads and stores the whole app
 * (200 files, 2.2 MB) and compiles it, and on a 2-core machine that work doubled the main thread's
 * blocking time of the screen being opened (Lighthouse, /dashboard, 5 runs each, alternated: TBT
 * medians 957 and 1,045 ms registering at `load`, 311 and 304 ms once settled). A phone gets its
 * first screen first and the offline copy a couple of seconds later; a screen opened in order to go
 * offline (camp mode, when it opens) asks for it at once with `keepAppOffline`.
 *
 * Never while the browser is offline: the registration would fetch `/sw.js` and fail. It waits for
 * the connection to come back instead.
 */
export function registerServiceWorker(): void {
  if (!available()) return;
  // A screen that already asked (camp mode) ends the watch at its next check.
  window.addEventListener('load', () => whenQuiet(keepAppOffline, { done: () => requested }));
}

let requested = false;

/** Installs the offline copy of the app now (or as soon as the connection is back); once per page. */
export function keepAppOffline(): void {
  if (requested || !available()) return;
  requested = true;
  whenOnline(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}

function available(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Runs `then` now if the browser is online, else at the next `online` event. */
export function whenOnline(then: () => void, target: Pick<Window, 'addEventListener'> & { navigator: { onLine: boolean } } = window): void {
  if (target.navigator.onLine) then();
  else target.addEventListener('online', () => then(), { once: true });
}

/** How long the page must go without a finished download or a long task to count as settled. */
export const QUIET_MS = 2000;
/** The latest the registration waits after `load`, for a screen that keeps polling or animating. */
export const LATEST_MS = 15_000;
const CHECK_MS = 250;

/** Calls `seen` at each finished download and long task of the page; returns how to stop. */
function observePage(seen: () => void): () => void {
  const types = ['resource', 'longtask'].filter((t) => PerformanceObserver.supportedEntryTypes?.includes(t));
  if (!types.length) return () => undefined;
  const observer = new PerformanceObserver(seen);
  observer.observe({ entryTypes: types });
  return () => observer.disconnect();
}

/**
 * Runs `then` once the page has been quiet for QUIET_MS, or LATEST_MS after the call at the latest;
 * stops watching without running it as soon as `done()` says it is no longer needed.
 */
export function whenQuiet(
  then: () => void,
  { now = () => performance.now(), observe = observePage, done = () => false }: { now?: () => number; observe?: (seen: () => void) => () => void; done?: () => boolean } = {},
): void {
  const start = now();
  let last = start;
  const stop = observe(() => {
    last = now();
  });
  const timer = setInterval(() => {
    const t = now();
    const needed = !done();
    if (needed && t - last < QUIET_MS && t - start < LATEST_MS) return;
    clearInterval(timer);
    stop();
    if (needed) then();
  }, CHECK_MS);
}
