import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_MSG } from '../../shared/badges.js';
import { PROGRESS_MSG } from '../../shared/progress.js';
import { RECURRING_MSG } from '../../shared/recurring.js';
import { SUBTASK_MSG, TASK_MSG } from '../../shared/tasks.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertUnit } from '../../../test/gamification.js';

let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let member: Session;
let clubId: string;
let unitId: string;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>';
const BAD = ['', 'dez', 2.5, '2,5', '2.5', null, true, '10 pontos'] as const;

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  member = await signUp(ctx.app, { name: 'Membro' });
  clubId = (await createClub(ctx.app, admin, 'Pontos Inteiros')).id;
  await addMember(ctx.db, clubId, member.profile.id);
  unitId = await insertUnit(ctx.db, clubId, 'Águias');
});
afterAll(() => ctx.close());

interface Route {
  name: string;
  as: () => Session;
  method: 'POST' | 'PUT';
  url: () => Promise<string>;
  body: Record<string, unknown>;
  field: string;
  message: string;
}

async function created(url: string, body: Record<string, unknown>, as: Session = admin): Promise<string> {
  const res = await call(ctx.app, 'POST', url, { as, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const tasksUrl = () => `/api/clubs/${clubId}/tasks`;
const milestone = () => created(tasksUrl(), { title: 'Marco', type: 'milestone' });
const recurringBody = { title: 'Diária', start_date: '2026-01-01', generation_time: '00:00' };
const badgeBody = { name: 'Badge', description: 'D', icon_svg: SVG, rarity: 'common', active: true, badge_type: 'manual', category: 'achievement', criteria_type: '', criteria_value: 0 };

const ROUTES: Route[] = [
  { name: 'POST tasks', as: () => admin, method: 'POST', url: async () => tasksUrl(), body: { title: 'T' }, field: 'points', message: TASK_MSG.pointsInvalid },
  { name: 'PUT tasks/:id', as: () => admin, method: 'PUT', url: async () => `${tasksUrl()}/${await created(tasksUrl(), { title: 'E' })}`, body: { title: 'T' }, field: 'points', message: TASK_MSG.pointsInvalid },
  { name: 'POST subtasks', as: () => admin, method: 'POST', url: async () => `${tasksUrl()}/${await milestone()}/subtasks`, body: { title: 'S' }, field: 'points', message: SUBTASK_MSG.pointsInvalid },
  {
    name: 'PUT subtasks/:id', as: () => admin, method: 'PUT', body: { title: 'S' }, field: 'points', message: SUBTASK_MSG.pointsInvalid,
    url: async () => {
      const sub = `${tasksUrl()}/${await milestone()}/subtasks`;
      return `${sub}/${await created(sub, { title: 'S1' })}`;
    },
  },
  { name: 'POST recurring-tasks', as: () => admin, method: 'POST', url: async () => `/api/clubs/${clubId}/recurring-tasks`, body: recurringBody, field: 'points', message: TASK_MSG.pointsInvalid },
  {
    name: 'PUT recurring-tasks/:id', as: () => admin, method: 'PUT', body: recurringBody, field: 'points', message: TASK_MSG.pointsInvalid,
    url: async () => `/api/clubs/${clubId}/recurring-tasks/${await created(`/api/clubs/${clubId}/recurring-tasks`, recurringBody)}`,
  },
  { name: 'POST recurring-tasks (interval)', as: () => admin, method: 'POST', url: async () => `/api/clubs/${clubId}/recurring-tasks`, body: recurringBody, field: 'interval', message: RECURRING_MSG.intervalInvalid },
  { name: 'POST recurring-tasks (duration)', as: () => admin, method: 'POST', url: async () => `/api/clubs/${clubId}/recurring-tasks`, body: recurringBody, field: 'duration_hours', message: RECURRING_MSG.durationInvalid },
  { name: 'POST admin/badges', as: () => superAdmin, method: 'POST', url: async () => '/api/admin/badges', body: badgeBody, field: 'points', message: BADGE_MSG.pointsMin },
  {
    name: 'PUT admin/badges/:id', as: () => superAdmin, method: 'PUT', body: badgeBody, field: 'points', message: BADGE_MSG.pointsMin,
    url: async () => `/api/admin/badges/${await created('/api/admin/badges', { ...badgeBody, points: 10 }, superAdmin)}`,
  },
  { name: 'POST point-adjustments (member)', as: () => admin, method: 'POST', url: async () => `/api/clubs/${clubId}/point-adjustments`, body: { profile_id: '', reason: 'Bônus' }, field: 'points', message: PROGRESS_MSG.pointsRequired },
  { name: 'POST point-adjustments (unit)', as: () => admin, method: 'POST', url: async () => `/api/clubs/${clubId}/point-adjustments`, body: { unit_id: '', reason: 'Bônus' }, field: 'points', message: PROGRESS_MSG.pointsRequired },
];

describe(`whole numbers on ${engineName()} (issue 18: a typo never becomes a score)`, () => {
  it.each(ROUTES.map((r) => [r.name, r] as const))('%s refuses "", "dez", 2.5, null… with 400 naming the field', async (_name, route) => {
    const url = await route.url();
    const body = { ...route.body };
    if (body.profile_id === '') body.profile_id = member.profile.id;
    if (body.unit_id === '') body.unit_id = unitId;
    for (const bad of BAD) {
      const res = await call(ctx.app, route.method, url, { as: route.as(), body: { ...body, [route.field]: bad } });
      expect(res.statusCode, `${route.name} ${JSON.stringify(bad)}: ${res.body}`).toBe(400);
      const err = res.json().error;
      expect(err.message).toBe(route.message);
      expect(err.details.map((d: { path: string }) => d.path)).toContain(route.field);
    }
    const events = await ctx.db.query(`SELECT 1 FROM point_events WHERE club_id = $1`, [clubId]);
    expect(events).toHaveLength(0);
  });

  it('whole numbers, as JSON numbers or digits, are kept; omitted points keep their defaults', async () => {
    const t = await call(ctx.app, 'POST', tasksUrl(), { as: admin, body: { title: 'Padrão' } });
    expect(t.json().points).toBe(10);
    const s = await call(ctx.app, 'POST', tasksUrl(), { as: admin, body: { title: 'Texto', points: ' 25 ' } });
    expect(s.json().points).toBe(25);
    const sub = await call(ctx.app, 'POST', `${tasksUrl()}/${await milestone()}/subtasks`, { as: admin, body: { title: 'S' } });
    expect(sub.json().points).toBe(5);
    const adj = await call(ctx.app, 'POST', `/api/clubs/${clubId}/point-adjustments`, { as: admin, body: { profile_id: member.profile.id, points: -3, reason: 'Atraso' } });
    expect(adj.statusCode, adj.body).toBe(201);
    expect(adj.json().points).toBe(-3);
  });
});
