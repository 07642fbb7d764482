/**
 * A read whose answer is the same for every caller (the platform's data version), shared by the callers
 * that ask in the same turn of the event loop: one query, started after all of them asked (at the next
 * setImmediate), so each still sees every write committed before it asked. A caller never joins a read
 * already under way, which may have started before that caller's writes committed.
 */
export function readTogether<T>(read: () => Promise<T>): () => Promise<T> {
  let waiting: Array<{ resolve(value: T): void; reject(err: unknown): void }> = [];
  return () => new Promise<T>((resolve, reject) => {
    waiting.push({ resolve, reject });
    if (waiting.length > 1) return;
    setImmediate(() => {
      const batch = waiting;
      waiting = [];
      read().then((value) => batch.forEach((w) => w.resolve(value)), (err: unknown) => batch.forEach((w) => w.reject(err)));
    });
  });
}
