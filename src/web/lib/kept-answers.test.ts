import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKept, keep } from './kept-answers';

// The reads a counsellor needs to reopen the roll call with no connection (issue 33's leftover: an
// offline reopen must not wait out a network that cannot answer).

const store = new Map<string, string>();
const localStorageStub = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};
let fetches = 0;

beforeEach(() => {
  store.clear();
  fetches = 0;
  vi.stubGlobal('localStorage', localStorageStub);
  vi.stubGlobal('fetch', async () => {
    fetches += 1;
    throw new TypeError('Failed to fetch');
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('kept answers', () => {
  it('the browser offline: the kept copy answers at once, with no request', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    keep('/api/clubs', [{ id: 'c1', name: 'Águias do Vale' }]);
    expect(await apiKept('/api/clubs')).toEqual([{ id: 'c1', name: 'Águias do Vale' }]);
    expect(fetches).toBe(0);
  });

  it('the browser offline with nothing kept: the read is tried and fails as a network error', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await expect(apiKept('/api/clubs')).rejects.toMatchObject({ code: 'network' });
    expect(fetches).toBe(1);
  });

  it('the browser online but the request fails: the kept copy answers after the attempt', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    keep('/api/auth/session', { profile: { id: 'p1' } });
    expect(await apiKept('/api/auth/session')).toEqual({ profile: { id: 'p1' } });
    expect(fetches).toBe(1);
  });

  it('the browser online and the server answers: the new answer is kept', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ n: 2 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    keep('/api/x', { n: 1 });
    expect(await apiKept('/api/x')).toEqual({ n: 2 });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await apiKept('/api/x')).toEqual({ n: 2 });
  });
});
