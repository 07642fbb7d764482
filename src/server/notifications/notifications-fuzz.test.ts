import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { startPushReceiver } from '../../../test/push-receiver.js';
import { unsubscribeToken } from './email.js';

/** The notification routes' writes: no body answers 5xx, and a refused body changes nothing (style of src/server/fuzz.test.ts). */
let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let member: Session;
let clubId: string;
let token = '';
let seq = 0;

interface WriteRoute {
  method: 'POST' | 'PUT';
  url: () => string;
  as: () => Session | null;
  /** A query whose answer must not change when the route refuses a body. */
  state: () => string;
  valid: () => Record<string, unknown>;
}

const routes: Record<string, WriteRoute> = {
  preferences: {
    method: 'PUT', url: () => '/api/notifications/preferences', as: () => member,
    state: () => `SELECT count(*)::int AS n, string_agg(category || push || email, ',' ORDER BY category) AS s,
                         (SELECT string_agg(concat(quiet_start, '-', quiet_end), ',') FROM notification_quiet_hours) AS q FROM notification_preferences`,
    valid: () => ({ preferences: [{ category: 'tasks', push: (++seq) % 2 === 0, email: 'weekly' }], quiet_hours: { start: 20 + (seq % 4), end: 6 } }),
  },
  readAll: {
    method: 'POST', url: () => '/api/notifications/read-all', as: () => member,
    state: () => `SELECT count(*)::int AS n FROM notifications WHERE read_at IS NULL`,
    valid: () => ({ club_id: clubId }),
  },
  subscribe: {
    method: 'POST', url: () => '/api/notifications/push/subscriptions', as: () => member,
    state: () => `SELECT count(*)::int AS n FROM push_subscriptions`,
    valid: () => receiver.device(`fuzz-${++seq}`),
  },
  unsubscribeDevice: {
    method: 'POST', url: () => '/api/notifications/push/subscriptions/remove', as: () => member,
    state: () => `SELECT count(*)::int AS n FROM push_subscriptions`,
    valid: () => ({ endpoint: 'http://127.0.0.1:1/nenhum' }),
  },
  unsubscribeEmail: {
    method: 'POST', url: () => '/api/notifications/unsubscribe', as: () => null,
    state: () => `SELECT count(*)::int AS n FROM notification_preferences WHERE email = 'off'`,
    valid: () => ({ token }),
  },
};

const hostile: Record<string, unknown> = {
  empty: '', null: null, negative: -1, huge: 1e308, big: 'x'.repeat(200 * 1024), nul: 'a\u0000b', emoji: '🏕️🔥👩🏽‍🚀',
  wrongType: true, impossibleDate: '2026-02-31', array: ['a', 1], object: { a: { b: 'c' } }, farDate: '275760-09-13T00:00:00.000Z',
};

async function state(route: WriteRoute): Promise<unknown> {
  return (await ctx.db.query(route.state()))[0];
}

async function send(route: WriteRoute, body: Record<string, unknown>) {
  const before = await state(route);
  const res = await call(ctx.app, route.method, route.url(), { as: route.as(), body });
  const after = await state(route);
  return { status: res.statusCode, changed: JSON.stringify(before) !== JSON.stringify(after), body: res.body.slice(0, 200) };
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Fuzz Avisos');
  member = setup.member;
  clubId = setup.club.id;
  token = unsubscribeToken((await ctx.app.notifications.keys()).unsubscribeSecret, member.profile.id, 'leadership');
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

describe(`hostile bodies on the notification routes on ${engineName()}`, () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${route.method} ${name}: each field replaced by each hostile value answers < 500, and a 4xx changes nothing`, async () => {
      expect((await send(route, route.valid())).status).toBeLessThan(300);
      const failures: unknown[] = [];
      for (const field of Object.keys(route.valid())) {
        for (const [label, value] of Object.entries(hostile)) {
          const r = await send(route, { ...route.valid(), [field]: value });
          if (r.status >= 500 || (r.status >= 400 && r.changed)) failures.push({ field, label, ...r });
          if (label === 'nul' && r.status !== 400) failures.push({ field, label, expected: 400, ...r });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('random values in random fields never answer 5xx (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(routes)), fc.nat(), fc.anything({ withNullPrototype: false }), async (name, pick, value) => {
        const route = routes[name];
        const body = route.valid();
        const fields = Object.keys(body);
        const r = await send(route, { ...body, [fields[pick % fields.length]]: value });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.changed).toBe(false);
      }),
      { numRuns: 100, seed: 36 },
    );
  });
});
