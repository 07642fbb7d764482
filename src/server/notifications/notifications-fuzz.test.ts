import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';
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

const hostile = { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate };

async function send(route: WriteRoute, body: Record<string, unknown>) {
  return watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method, route.url(), { as: route.as(), body }));
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
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    title: (route, name) => `${route.method} ${name}`,
    seed: 36,
  });
});
