import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import type { PushPayload, PushSender } from './push-queue.js';
import { NOTIFIED, notify } from './notify.js';
import { daytimeZone } from '../../../test/daytime.js';

// A new task tells the whole club in its transaction; the pushes start as soon as it committed,
// started by the commit itself (not by a later interval, and not before: a start then finds nothing).
let ctx: TestContext;
let director: Session;
let club: { id: string };
const members: Session[] = [];
const pushed: PushPayload[] = [];
const sender: PushSender = async (_target, payload) => {
  pushed.push(payload);
  return { kind: 'sent' };
};

beforeAll(async () => {
  ctx = await createTestApp({ notifications: { pushSender: sender } });
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, director, 'Clube Aviso Rápido');
  for (const name of ['Ana', 'Bruno', 'Caio', 'Duda', 'Eli']) {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, s.profile.id);
    // Old enough for their own phone (src/shared/minor.ts: no birth date means a minor).
    await ctx.db.query(`UPDATE club_members SET birth_date = '2000-01-01' WHERE club_id = $1 AND profile_id = $2`, [club.id, s.profile.id]);
    members.push(s);
  }
  await ctx.db.query(
    `INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth) SELECT id, 'https://push.example/' || id, 'p', 'a' FROM profiles WHERE id = ANY ($1::uuid[])`,
    [members.map((m) => m.profile.id)]);
  // Daytime every hour of the day: no push held for the quiet hours.
  await ctx.db.query(`UPDATE clubs SET timezone = $2 WHERE id = $1`, [club.id, daytimeZone()]);
});
afterAll(() => ctx.close());

describe(`delivery started by the commit on ${engineName()}`, () => {
  it('a task for the club queues a notification and a push for each member, and their delivery starts right after the commit', async () => {
    // What the commit's announcement sees from outside the transaction: the notifications are there.
    const visibleAtKick: Promise<number>[] = [];
    const stop = ctx.db.onCommit(NOTIFIED, () => {
      visibleAtKick.push(ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE club_id = $1 AND kind = 'task.created'`, [club.id]).then((r) => r[0].n));
    });
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks`, { as: director, body: { title: 'Nó de escota', type: 'check', points: 10, active: true } });
    stop();
    expect(res.statusCode).toBe(201);
    const task = res.json<{ id: string }>();
    expect(visibleAtKick).toHaveLength(1);
    expect(await visibleAtKick[0]).toBe(members.length);

    const queued = await ctx.db.query<{ profile_id: string; pushes: number }>(
      `SELECT n.profile_id, count(d.id)::int AS pushes FROM notifications n LEFT JOIN push_deliveries d ON d.notification_id = n.id
        WHERE n.dedupe_key = $1 GROUP BY n.profile_id`, [`task.created:${task.id}`]);
    expect(queued.map((q) => q.profile_id).sort()).toEqual(members.map((m) => m.profile.id).sort());
    expect(queued.every((q) => q.pushes === 1)).toBe(true);

    // Nobody calls drain here and the background job does not run in tests: the commit started it.
    const deadline = Date.now() + 10_000;
    while (pushed.length < members.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(pushed.map((p) => p.title)).toEqual(Array(members.length).fill('Nova tarefa: Nó de escota'));
  });

  it('a rolled-back creation announces nothing and queues nothing', async () => {
    let kicks = 0;
    const stop = ctx.db.onCommit(NOTIFIED, () => { kicks += 1; });
    const before = pushed.length;
    await expect(ctx.db.transaction(async (tx) => {
      await notify(tx, { clubId: club.id, to: members.map((m) => m.profile.id), category: 'tasks', kind: 'task.created', title: 'Desfeita', link: '/dashboard/minhas-tarefas' });
      throw new Error('desfeita');
    })).rejects.toThrow('desfeita');
    stop();
    expect(kicks).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(pushed.length).toBe(before);
    expect((await ctx.db.query(`SELECT 1 FROM notifications WHERE title = 'Desfeita'`)).length).toBe(0);
  });
});
