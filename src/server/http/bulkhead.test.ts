import { afterEach, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { registerRouteBulkhead } from './bulkhead.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

function get(base: string, signal?: AbortSignal): Promise<number> {
  return fetch(`${base}/slow`, signal ? { signal } : {}).then(async (r) => {
    await r.text();
    return r.status;
  });
}

it('a request whose client left while it queued gives its slot back: the route is not stuck afterwards', async () => {
  app = Fastify();
  registerRouteBulkhead(app, { perRoute: 1, maxWaitMs: 3_000 });
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  let calls = 0;
  app.get('/slow', async () => {
    calls += 1;
    if (calls === 1) await held;
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const first = get(base);
  await new Promise((r) => setTimeout(r, 100));
  // The second queues behind the first; its client gives up before a slot frees.
  const gaveUp = new AbortController();
  const second = get(base, gaveUp.signal).catch((err: Error) => err.name);
  await new Promise((r) => setTimeout(r, 100));
  gaveUp.abort();
  expect(await second).toBe('AbortError');
  await new Promise((r) => setTimeout(r, 100));
  release();
  expect(await first).toBe(200);

  const started = performance.now();
  expect(await get(base)).toBe(200);
  expect(performance.now() - started).toBeLessThan(1_000);
});
