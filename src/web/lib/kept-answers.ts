import { api, ApiError, browserOffline } from './api';
import { setServedFromDevice } from './online';

/**
 * The last answer of the reads a person needs with no connection (the session, their clubs, the
 * member home, the meetings), kept on the device. A network failure on such a read answers with
 * what was kept instead of failing: reopening the app offline during a roll call must not look
 * like being signed out. localStorage, not Cache Storage: it also exists on a plain-http LAN address.
 */
const PREFIX = 'trilha.kept:';

/** Keeps an answer read some other way (one read that answers two kept paths at once). */
export function keep(path: string, answer: unknown): void {
  try {
    localStorage.setItem(PREFIX + path, JSON.stringify(answer));
  } catch {
    // Storage full or refused (private mode): the read still worked, only the offline copy is missing.
  }
}

function readKept<T>(path: string): T | undefined {
  const text = localStorage.getItem(PREFIX + path);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export { browserOffline };

/**
 * GET that keeps its answer; with no connection it answers the kept copy (or fails if there is none).
 * When the browser already knows it is offline, the kept copy answers at once: no request, so no wait
 * for a network (or the service worker's network timeout) that cannot answer.
 */
export async function apiKept<T>(path: string): Promise<T> {
  if (browserOffline()) {
    const kept = readKept<T>(path);
    if (kept !== undefined) {
      setServedFromDevice(true);
      return kept;
    }
  }
  try {
    const answer = await api<T>('GET', path);
    keep(path, answer);
    setServedFromDevice(false);
    return answer;
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'network') throw err;
    const kept = readKept<T>(path);
    if (kept === undefined) throw err;
    setServedFromDevice(true);
    return kept;
  }
}

/** Forgets every kept answer (sign-out, an expired session): the next person must not see them. */
export function forgetKeptAnswers(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
