import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newBulkheadStats, registerRouteBulkhead } from './bulkhead.js';
import { registerErrorHandler } from './error-handler.js';

const apps: Array<{ close: () => Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('route bulkhead', () => {
  it('gives the slot back when a queued client goes away before its turn', async () => {
    const app = Fastify();
    apps.push(app);
    registerErrorHandler(app);
    registerRouteBulkhead(app, { perRoute: 1, maxWaitMs: 1500 });
    let releaseFirst: () => void = () => undefined;
    let calls = 0;
    app.get('/slow', async () => {
      calls += 1;
      // Only the first call is held; the others answer at once.
      if (calls === 1) await new Promise<void>((resolve) => { releaseFirst = resolve; });
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/slow`;

    const first = fetch(url);
    await new Promise((r) => setTimeout(r, 100));
    // The second waits behind the first, then its client gives up.
    const gone = new AbortController();
    const second = fetch(url, { signal: gone.signal }).catch(() => 'aborted');
    await new Promise((r) => setTimeout(r, 100));
    gone.abort();
    expect(await second).toBe('aborted');
    await new Promise((r) => setTimeout(r, 100));
    releaseFirst();
    expect((await first).status).toBe(200);

    // Before the fix the abandoned request kept the only slot and every later call waited for 503.
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      expect(res.status).toBe(200);
    }
  });

  it("does not gate a route that reads nothing of its own (config bulkhead: false, as auth/me)", async () => {
    const app = Fastify();
    apps.push(app);
    registerErrorHandler(app);
    const stats = newBulkheadStats();
    registerRouteBulkhead(app, { perRoute: 1, maxWaitMs: 200 }, stats);
    const held: Array<() => void> = [];
    app.get('/me', { config: { bulkhead: false } }, async () => {
      await new Promise<void>((resolve) => { held.push(resolve); });
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/me`;
    // Three at once with one slot: gated, two would wait and answer 503 after 200 ms.
    const calls = [fetch(url), fetch(url), fetch(url)];
    await new Promise((r) => setTimeout(r, 400));
    expect(held).toHaveLength(3);
    held.forEach((release) => release());
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(stats.routes.size).toBe(0);
  });

  it('counts the waits, the seconds waited and the 503 of each route (GET /metrics reads them)', async () => {
    const app = Fastify();
    apps.push(app);
    registerErrorHandler(app);
    const stats = newBulkheadStats();
    registerRouteBulkhead(app, { perRoute: 1, maxWaitMs: 300 }, stats);
    let release: () => void = () => undefined;
    app.get('/held', async () => {
      await new Promise<void>((resolve) => { release = resolve; });
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/held`;
    const first = fetch(url);
    await new Promise((r) => setTimeout(r, 100));
    // Waits behind the first past maxWaitMs: a 503, counted as a wait and a timeout.
    const second = await fetch(url);
    expect(second.status).toBe(503);
    expect(stats.waiting).toBe(0);
    release();
    expect((await first).status).toBe(200);
    const r = stats.routes.get('GET /held');
    expect(r?.waits).toBe(1);
    expect(r?.timeouts).toBe(1);
    expect(r?.waitSeconds).toBeGreaterThanOrEqual(0.25);
  });
});
