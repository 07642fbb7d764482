/**
 * A device-side IndexedDB database of two stores: `kept` (answers kept by a key given on put) and
 * `queue` (what waits to be sent, keyed by its `id`). Returns `run`, which opens the database, does
 * one request in a transaction of one store, and closes it once the transaction completes.
 */
export function idbStores(dbName: string, kept: string, queue: string) {
  function openDb(): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open(dbName, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(kept);
        req.result.createObjectStore(queue, { keyPath: 'id' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB indisponível'));
    });
  }

  return async function run<T>(store: string, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await openDb();
    try {
      return await new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const req = op(tx.objectStore(store));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB falhou'));
      });
    } finally {
      db.close();
    }
  };
}
