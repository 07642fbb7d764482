import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_MSG } from '../../src/shared/progress.js';
import { TASK_MSG } from '../../src/shared/tasks.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';
import { insertTask, insertUnit, pointsOf } from '../gamification.js';

let ctx: TestContext;
let admin: Session;
let counsellor: Session;
let member: Session;
let club: { id: string };

/** club_members.id of a profile (the id the leaders' screens list). */
async function membershipId(profileId: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, profileId]);
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Regra Única');
  const unitId = await insertUnit(ctx.db, club.id, 'Águias');
  counsellor = await signUp(ctx.app, { name: 'Conselheira' });
  member = await signUp(ctx.app, { name: 'Membro' });
  await addMember(ctx.db, club.id, counsellor.profile.id, 'Conselheiro(a)', unitId);
  await addMember(ctx.db, club.id, member.profile.id, 'Desbravador(a)', unitId);
  // The director leads a unit too, so every leader path is open to them.
  await ctx.db.query('UPDATE club_members SET unit_id = $3 WHERE club_id = $1 AND profile_id = $2', [club.id, admin.profile.id, unitId]);
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/clubs/${club.id}${path}`;
const complete = (as: Session, taskId: string, body: object = {}) => call(ctx.app, 'POST', url(`/my-tasks/${taskId}/complete`), { as, body });

describe(`one completion rule on ${engineName()}`, () => {
  it('nobody completes for themselves by the on-behalf path, whatever id they send', async () => {
    const submission = await insertTask(ctx.db, club.id, { title: 'Envio', type: 'submission', points: 40 });
    const pastDue = await insertTask(ctx.db, club.id, { title: 'Vencida', points: 30, due: new Date(Date.now() - 86_400_000).toISOString() });
    const check = await insertTask(ctx.db, club.id, { title: 'Simples', points: 5 });
    for (const leader of [admin, counsellor]) {
      const ids = [leader.profile.id, await membershipId(leader.profile.id)];
      for (const id of ids) {
        for (const task of [submission, pastDue, check]) {
          const res = await complete(leader, task, { profile_id: id });
          expect(res.statusCode, `${leader.profile.full_name} ${task}`).toBe(403);
          expect(res.json().error.message).toBe(PROGRESS_MSG.cannotRecordForSelf);
        }
        const sub = await call(ctx.app, 'POST', url(`/my-tasks/${check}/subtasks/00000000-0000-0000-0000-000000000000/complete`), { as: leader, body: { profile_id: id } });
        expect(sub.statusCode).toBe(403);
      }
      // The own path keeps its rules: no submission without evidence, nothing past its due date.
      expect((await complete(leader, submission)).statusCode).toBe(400);
      expect((await complete(leader, pastDue)).statusCode).toBe(409);
      expect(await pointsOf(ctx.db, club.id, leader.profile.id)).toBe(0);
    }
    // Recording for someone else still works late, and is audited.
    expect((await complete(counsellor, pastDue, { profile_id: await membershipId(member.profile.id) })).json()).toMatchObject({ status: 'completed', points_awarded: 30 });
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE club_id = $1 AND action = 'progress.record' AND actor_id = $2`, [club.id, counsellor.profile.id]);
    expect(audit).toHaveLength(1);
  });

  it('nobody approves their own submission', async () => {
    const task = await insertTask(ctx.db, club.id, { title: 'Foto', type: 'submission', points: 20 });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----trilha-self';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      png, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const sent = await ctx.app.inject({
      method: 'POST', url: url(`/my-tasks/${task}/submissions`), payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: admin.cookie, 'x-trilha-client': 'web' },
    });
    expect(sent.statusCode).toBe(201);
    const own = await call(ctx.app, 'POST', url(`/submissions/${sent.json().id}/approve`), { as: admin });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(PROGRESS_MSG.cannotApproveOwn);
    expect(await pointsOf(ctx.db, club.id, admin.profile.id)).toBe(0);
    // Nor rejects it (issue 43): judging one's own evidence is for someone else, and it stays waiting.
    const ownReject = await call(ctx.app, 'POST', url(`/submissions/${sent.json().id}/reject`), { as: admin, body: { reason: 'Mudei de ideia' } });
    expect(ownReject.statusCode).toBe(403);
    expect(ownReject.json().error.message).toBe(PROGRESS_MSG.cannotRejectOwn);
    expect((await ctx.db.query<{ status: string }>(`SELECT status FROM task_submissions WHERE id = $1`, [sent.json().id]))[0]?.status).toBe('submitted');
    // Another director approves it.
    const other = await signUp(ctx.app, { name: 'Vice' });
    await addMember(ctx.db, club.id, other.profile.id, 'admin');
    expect((await call(ctx.app, 'POST', url(`/submissions/${sent.json().id}/approve`), { as: other })).json()).toMatchObject({ status: 'approved', points_awarded: 20 });
  });

  it("an accumulative task's 'Limite por dia' holds per member, for every path", async () => {
    const invalid = await call(ctx.app, 'POST', url('/tasks'), { as: admin, body: { title: 'Ruim', type: 'accumulative', daily_limit: 0 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(TASK_MSG.dailyLimitInvalid);
    // Other types keep no cap.
    const check = await call(ctx.app, 'POST', url('/tasks'), { as: admin, body: { title: 'Sem limite', type: 'check', daily_limit: 3 } });
    expect(check.json().daily_limit).toBeNull();

    const created = await call(ctx.app, 'POST', url('/tasks'), { as: admin, body: { title: 'Leitura', type: 'accumulative', points: 2, daily_limit: 2 } });
    expect(created.statusCode).toBe(201);
    expect(created.json().daily_limit).toBe(2);
    const taskId: string = created.json().id;
    expect((await complete(member, taskId)).statusCode).toBe(200);
    expect((await complete(member, taskId)).statusCode).toBe(200);
    const third = await complete(member, taskId);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(PROGRESS_MSG.dailyLimitReached);
    const detail = await call(ctx.app, 'GET', url(`/my-tasks/${taskId}`), { as: member });
    expect(detail.json()).toMatchObject({ daily_limit: 2, completions_today: 2, completions: 2 });
    // A leader cannot record past the cap either; another member has their own count.
    expect((await complete(counsellor, taskId, { profile_id: member.profile.id })).statusCode).toBe(409);
    expect((await complete(counsellor, taskId)).statusCode).toBe(200);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(30 + 4);

    // Yesterday's completions (club time) do not count; raising the cap lets today go on.
    await ctx.db.query(`UPDATE task_completions SET completed_at = now() - interval '1 day' WHERE task_id = $1 AND profile_id = $2`, [taskId, member.profile.id]);
    expect((await complete(member, taskId)).statusCode).toBe(200);
    const edited = await call(ctx.app, 'PUT', url(`/tasks/${taskId}`), { as: admin, body: { title: 'Leitura', type: 'accumulative', points: 2, daily_limit: null } });
    expect(edited.json().daily_limit).toBeNull();
    for (let i = 0; i < 3; i += 1) expect((await complete(member, taskId)).statusCode).toBe(200);
  });
});
