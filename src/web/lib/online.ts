import { useSyncExternalStore } from 'react';

/**
 * Whether the app is reaching the server. The browser's flag alone misses a phone that has a signal
 * but no data: an API read that had to answer from what the device kept also counts as offline,
 * until the next read reaches the server.
 */
let servedFromDevice = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

/** Called by the kept-answers reader: true when it answered from the device, false when the server answered. */
export function setServedFromDevice(value: boolean): void {
  if (servedFromDevice === value) return;
  servedFromDevice = value;
  notify();
}

// The browser says the connection is back: let the next read decide again.
if (typeof window !== 'undefined') window.addEventListener('online', () => setServedFromDevice(false));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const snapshot = () => navigator.onLine && !servedFromDevice;

/** True while the server is reachable as far as the app knows; re-renders on every change. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
