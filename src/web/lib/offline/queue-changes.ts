import { useEffect, useState } from 'react';

/** Tells every screen showing a queue kept on the device (fired on window as `event`) that it changed. */
export function announceQueueChange(event: string): void {
  window.dispatchEvent(new Event(event));
}

/**
 * The entries of a queue kept on the device, read by `read` (stable: a module function or a
 * useCallback) and read again whenever `event` announces a change; none when IndexedDB is unavailable.
 */
export function useQueuedEntries<T>(event: string, read: () => Promise<T[]>): T[] {
  const [entries, setEntries] = useState<T[]>([]);
  useEffect(() => {
    const refresh = async () => setEntries(await read().catch(() => []));
    void refresh();
    const onChange = () => void refresh();
    window.addEventListener(event, onChange);
    return () => window.removeEventListener(event, onChange);
  }, [event, read]);
  return entries;
}
