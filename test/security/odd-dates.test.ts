import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MSG } from '../../src/shared/tasks.js';
import { PERIOD_MSG } from '../../src/shared/periods.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';

/** Issue 22: dates outside 1900–2200, or offsets JavaScript cannot read, are a pt-BR 400, never a 500. */
let ctx: TestContext;
let admin: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app);
  admin = await signUp(ctx.app);
  club = await createClub(ctx.app, admin, 'Datas');
});
afterAll(() => ctx.close());

describe(`odd dates on ${engineName()}`, () => {
  it('tasks refuse year 20 and a +16:55 offset beside the field, and accept a real date', async () => {
    for (const available_date of ['0020-02-29T00:00:00Z', '2026-03-01T00:00:00+16:55', '2201-01-01T00:00:00Z']) {
      const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks`, { as: admin, body: { title: 'Datas', type: 'check', available_date } });
      expect(res.statusCode, available_date).toBe(400);
      expect(res.json().error.message).toBe(TASK_MSG.dateInvalid);
    }
    const ok = await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks`, { as: admin, body: { title: 'Datas', type: 'check', available_date: '2026-03-01T00:00:00-03:00' } });
    expect(ok.statusCode).toBe(201);
    expect((await ctx.db.query(`SELECT 1 FROM tasks WHERE club_id = $1`, [club.id])).length).toBe(1);
  });

  it('periods refuse a start in year 20', async () => {
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, {
      as: admin, body: { name: 'Antigo', start_date: '0020-02-29T00:00:00Z', end_date: '2026-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PERIOD_MSG.startRequired);
  });
});
