import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; an S3-compatible store can implement the same. */
export interface Storage {
  /** Writes a new object; fails if the key already exists (never overwrites). Returns its public URL. */
  put(key: string, bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  /** Deletes an object; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** The storage key behind one of our public URLs, or null when the URL is not ours. */
  keyFromUrl(url: string): string | null;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A storage key that cannot leave its folder: letters, digits, `/_.-`, no `..`. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** The storage key behind one of our public `/uploads/…` URLs, or null when the URL is not ours. */
export function keyFromUploadsUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

/** Local-disk storage, the embedded default; `root` is DATA_DIR/uploads. */
export function localDiskStorage(root: string): Storage & { root: string } {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    root,
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
      return UPLOADS_URL_PREFIX + key;
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      try {
        await unlink(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    keyFromUrl: keyFromUploadsUrl,
  };
}
