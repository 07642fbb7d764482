import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
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

  it('the browser offline with nothing kept: the read fails at once as a network error, with no request', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const started = performance.now();
    await expect(apiKept('/api/clubs')).rejects.toMatchObject({ code: 'network' });
    expect(fetches).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("the browser offline: a roll-call read answers the service worker's kept copy at once, another read fails at once", async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const sheetUrl = 'http://localhost/api/clubs/0b0f2a4e-1c1d-4c1e-9a7b-1d2e3f4a5b6c/meetings/1b0f2a4e-1c1d-4c1e-9a7b-1d2e3f4a5b6c/attendance';
    const opened: string[] = [];
    vi.stubGlobal('caches', {
      open: async (name: string) => {
        opened.push(name);
        return { match: async (url: string) => (url === sheetUrl ? new Response(JSON.stringify({ marks: [] }), { status: 200 }) : undefined) };
      },
    });
    expect(await api('GET', new URL(sheetUrl).pathname)).toEqual({ marks: [] });
    expect(opened).toEqual(['trilha-roll-call-api']);
    await expect(api('GET', '/api/clubs/0b0f2a4e-1c1d-4c1e-9a7b-1d2e3f4a5b6c/meetings/1b0f2a4e-1c1d-4c1e-9a7b-1d2e3f4a5b6c/attendance/x')).rejects.toMatchObject({ code: 'network' });
    await expect(api('GET', '/api/notifications/unread')).rejects.toMatchObject({ code: 'network' });
    expect(fetches).toBe(0);
    // A write still goes out: the queues decide what to do with its failure.
    await expect(api('PUT', '/api/x', {})).rejects.toMatchObject({ code: 'network' });
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
