import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { pointTotalsBackfill } from '../db/migrate.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';

// The overall ranking and the profile read member_point_totals (migration 0380), kept by triggers on
// the ledger and the completions. Whatever happens to the ledger, they must answer exactly what adding
// up the ledger answers: the ranking below is 0300's view over point_events, kept here as the reference.

let ctx: TestContext;
let admin: Session;
let club: { id: string };
let aguias: string;
let falcoes: string;
const kids: Session[] = [];
const memberIds: Record<string, string> = {};

const LEDGER_RANKING = `
SELECT profile_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points
  FROM (
    SELECT cm.profile_id, cm.club_id,
           rank() OVER (PARTITION BY cm.club_id ORDER BY coalesce(t.total_points, 0) DESC)::int AS ranking,
           p.full_name, u.name AS unit_name, u.color AS unit_color,
           coalesce(d.total_tasks, 0) AS total_tasks, coalesce(t.total_points, 0) AS total_points,
           count(t.profile_id) OVER (PARTITION BY cm.club_id) AS scorers
      FROM club_members cm
      JOIN profiles p ON p.id = cm.profile_id
      LEFT JOIN (SELECT pe.club_id, pe.profile_id, sum(pe.points)::int AS total_points FROM point_events pe
                  WHERE pe.profile_id IS NOT NULL GROUP BY pe.club_id, pe.profile_id) t
             ON t.club_id = cm.club_id AND t.profile_id = cm.profile_id
      LEFT JOIN (SELECT tc.club_id, tc.profile_id, count(*)::int AS total_tasks FROM task_completions tc GROUP BY tc.club_id, tc.profile_id) d
             ON d.club_id = cm.club_id AND d.profile_id = cm.profile_id
      LEFT JOIN units u ON u.id = cm.unit_id AND u.club_id = cm.club_id
     WHERE cm.club_id = $1 AND cm.active AND (t.profile_id IS NOT NULL OR cm.role IN ('member', 'Desbravador(a)'))
  ) r
 WHERE scorers > 0
 ORDER BY ranking, full_name, profile_id`;

const LEDGER_PROFILE = `
SELECT coalesce(sum(points), 0)::int AS total_points,
       coalesce(sum(points) FILTER (WHERE source IN ('task_completion', 'submission_approval', 'subtask_completion')), 0)::int AS points_tasks,
       coalesce(sum(points) FILTER (WHERE source = 'badge'), 0)::int AS points_badges,
       coalesce(sum(points) FILTER (WHERE source = 'manual'), 0)::int AS points_adjustments,
       coalesce(sum(points) FILTER (WHERE source = 'meeting'), 0)::int AS points_meetings,
       (SELECT count(*)::int FROM task_completions WHERE club_id = $1 AND profile_id = $2) AS total_tasks
  FROM point_events WHERE club_id = $1 AND profile_id = $2`;

/** Every (club, member) whose kept totals differ from its ledger and completions, anywhere on the platform. */
async function drift() {
  return ctx.db.query(`
    SELECT coalesce(t.club_id, l.club_id) AS club_id, coalesce(t.profile_id, l.profile_id) AS profile_id, t.*, l.*
      FROM member_point_totals t
      FULL JOIN (
        SELECT coalesce(e.club_id, d.club_id) AS club_id, coalesce(e.profile_id, d.profile_id) AS profile_id,
               coalesce(e.events, 0) AS events, coalesce(e.total_points, 0) AS total_points, coalesce(e.points_tasks, 0) AS points_tasks,
               coalesce(e.points_badges, 0) AS points_badges, coalesce(e.points_adjustments, 0) AS points_adjustments,
               coalesce(e.points_meetings, 0) AS points_meetings, coalesce(d.tasks_done, 0) AS tasks_done
          FROM (SELECT club_id, profile_id, count(*)::int AS events, sum(points) AS total_points,
                       coalesce(sum(points) FILTER (WHERE source IN ('task_completion', 'submission_approval', 'subtask_completion')), 0) AS points_tasks,
                       coalesce(sum(points) FILTER (WHERE source = 'badge'), 0) AS points_badges,
                       coalesce(sum(points) FILTER (WHERE source = 'manual'), 0) AS points_adjustments,
                       coalesce(sum(points) FILTER (WHERE source = 'meeting'), 0) AS points_meetings
                  FROM point_events WHERE profile_id IS NOT NULL GROUP BY club_id, profile_id) e
          FULL JOIN (SELECT club_id, profile_id, count(*)::int AS tasks_done FROM task_completions GROUP BY club_id, profile_id) d
            ON d.club_id = e.club_id AND d.profile_id = e.profile_id
      ) l ON l.club_id = t.club_id AND l.profile_id = t.profile_id
     WHERE coalesce(t.events, 0) <> coalesce(l.events, 0) OR coalesce(t.total_points, 0) <> coalesce(l.total_points, 0)
        OR coalesce(t.points_tasks, 0) <> coalesce(l.points_tasks, 0) OR coalesce(t.points_badges, 0) <> coalesce(l.points_badges, 0)
        OR coalesce(t.points_adjustments, 0) <> coalesce(l.points_adjustments, 0) OR coalesce(t.points_meetings, 0) <> coalesce(l.points_meetings, 0)
        OR coalesce(t.tasks_done, 0) <> coalesce(l.tasks_done, 0)`);
}

const get = (path: string) => call(ctx.app, 'GET', `/api/clubs/${club.id}${path}`, { as: admin });

/** The ranking over HTTP, the reference over the ledger, and every profile's totals, all agree. */
async function expectExact() {
  expect(await drift()).toEqual([]);
  const expected = await ctx.db.query<Record<string, unknown>>(LEDGER_RANKING, [club.id]);
  const served = (await get('/ranking/individual')).json() as Array<Record<string, unknown>>;
  expect(served.map(({ club_id: _c, ...rest }) => rest)).toEqual(expected);
  for (const kid of kids) {
    const [ledger] = await ctx.db.query<Record<string, number>>(LEDGER_PROFILE, [club.id, kid.profile.id]);
    const res = await get(`/members/${kid.profile.id}/profile`);
    if (res.statusCode === 404) continue; // removed from the club
    const profile = res.json();
    expect({
      total_points: profile.total_points, points_tasks: profile.points_tasks, points_badges: profile.points_badges,
      points_adjustments: profile.points_adjustments, points_meetings: profile.points_meetings, total_tasks: profile.total_tasks,
    }).toEqual(ledger);
    expect(profile.ranking).toBe(served.find((r) => r.profile_id === kid.profile.id)?.ranking ?? null);
  }
  return served;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Totais');
  aguias = await insertUnit(ctx.db, club.id, 'Águias', '#0ea5e9');
  falcoes = await insertUnit(ctx.db, club.id, 'Falcões', '#f59e0b');
  for (const [name, unit] of [['Ana', aguias], ['Bia', aguias], ['Caio', falcoes], ['Davi', falcoes]] as const) {
    const kid = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, kid.profile.id, 'Desbravador(a)', unit);
    kids.push(kid);
    const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
    memberIds[name] = m.id;
  }
});
afterAll(() => ctx.close());

const [ana, bia, caio, davi] = [0, 1, 2, 3];
const complete = (kid: number, taskId: string) =>
  call(ctx.app, 'POST', `/api/clubs/${club.id}/my-tasks/${taskId}/complete`, { as: kids[kid], body: {} });
const adjust = (kid: number, points: number, reason = 'Ajuste') =>
  call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments`, { as: admin, body: { profile_id: kids[kid].profile.id, points, reason } });

describe(`kept ranking totals on ${engineName()}`, () => {
  it('nobody scored: the ranking stays empty and every profile reads 0', async () => {
    expect(await expectExact()).toEqual([]);
  });

  it('completions, manual points (also negative) and a completion worth 0 add up like the ledger', async () => {
    const uniforme = await insertTask(ctx.db, club.id, { title: 'Uniforme', points: 15 });
    const leitura = await insertTask(ctx.db, club.id, { title: 'Leitura', type: 'accumulative', points: 7 });
    const gratis = await insertTask(ctx.db, club.id, { title: 'Presença', points: 0 });
    expect((await complete(ana, uniforme)).statusCode).toBe(200);
    expect((await complete(bia, leitura)).statusCode).toBe(200);
    expect((await complete(bia, leitura)).statusCode).toBe(200);
    expect((await complete(davi, gratis)).statusCode).toBe(200);
    expect((await adjust(caio, 22)).statusCode).toBe(201);
    expect((await adjust(ana, -4, 'Atraso')).statusCode).toBe(201);
    const ranking = await expectExact();
    expect(ranking.map((r) => [r.ranking, r.full_name, r.total_tasks, r.total_points])).toEqual([
      [1, 'Caio', 0, 22],
      [2, 'Bia', 2, 14],
      [3, 'Ana', 1, 11],
      [4, 'Davi', 1, 0],
    ]);
  });

  it('a batch and its undo (reversal events) leave the totals of the ledger', async () => {
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments/batch`, {
      as: admin, body: { profile_ids: kids.map((k) => k.profile.id), points: 5, reason: 'Acampamento' },
    });
    expect(res.statusCode).toBe(201);
    await expectExact();
    const undo = await call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments/batch/${res.json().batch_id}/undo`, { as: admin });
    expect(undo.statusCode).toBe(200);
    const ranking = await expectExact();
    expect(ranking.find((r) => r.full_name === 'Caio')?.total_points).toBe(22);
  });

  it('ledger rows and completions deleted (one, several members at once, a task with its completions) are taken away', async () => {
    await ctx.db.query(`DELETE FROM point_events WHERE id = (SELECT id FROM point_events WHERE club_id = $1 AND profile_id = $2 AND points = -4)`, [club.id, kids[ana].profile.id]);
    await expectExact();
    const extra = await insertTask(ctx.db, club.id, { title: 'Nó', points: 9 });
    await complete(caio, extra);
    await complete(davi, extra);
    await expectExact();
    // Deleting the task removes its completions (cascade); its ledger rows lose only their task.
    await ctx.db.query(`DELETE FROM tasks WHERE id = $1`, [extra]);
    await expectExact();
    await ctx.db.query(`DELETE FROM point_events WHERE club_id = $1 AND source = 'task_completion' AND task_id IS NULL`, [club.id]);
    const ranking = await expectExact();
    expect(ranking.find((r) => r.full_name === 'Davi')).toMatchObject({ total_points: 0, total_tasks: 1 });
  });

  it('a ledger row changed in place (member, points or source) moves its points', async () => {
    const [row] = await ctx.db.query<{ id: string }>(`SELECT id FROM point_events WHERE club_id = $1 AND profile_id = $2 AND source = 'manual' LIMIT 1`, [club.id, kids[caio].profile.id]);
    await ctx.db.query(`UPDATE point_events SET points = points + 3, source = 'badge' WHERE id = $1`, [row.id]);
    await expectExact();
    await ctx.db.query(`UPDATE point_events SET profile_id = $2 WHERE id = $1`, [row.id, kids[bia].profile.id]);
    await expectExact();
    // A change that does not touch the totals (the unit) leaves them as they are.
    await ctx.db.query(`UPDATE point_events SET unit_id = $2 WHERE id = $1`, [row.id, falcoes]);
    await expectExact();
  });

  it('a member moving unit keeps the points; the ranking shows the new unit', async () => {
    const res = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${memberIds.Bia}`, { as: admin, body: { role: 'Desbravador(a)', unit_id: falcoes, active: true } });
    expect(res.statusCode).toBe(200);
    const ranking = await expectExact();
    expect(ranking.find((r) => r.full_name === 'Bia')?.unit_name).toBe('Falcões');
  });

  it('a member deactivated, removed and added again: out of the ranking, then back with the ledger total', async () => {
    const off = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${memberIds.Ana}`, { as: admin, body: { role: 'Desbravador(a)', unit_id: aguias, active: false } });
    expect(off.statusCode).toBe(200);
    expect((await expectExact()).some((r) => r.full_name === 'Ana')).toBe(false);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/members/${memberIds.Ana}`, { as: admin })).statusCode).toBe(200);
    expect((await expectExact()).some((r) => r.full_name === 'Ana')).toBe(false);
    await adjust(bia, 1, 'Depois da saída');
    await addMember(ctx.db, club.id, kids[ana].profile.id, 'Desbravador(a)', aguias);
    const back = await expectExact();
    const [ledger] = await ctx.db.query<{ total_points: number }>(LEDGER_PROFILE, [club.id, kids[ana].profile.id]);
    expect(back.find((r) => r.full_name === 'Ana')?.total_points).toBe(ledger.total_points);
    expect(ledger.total_points).toBe(15);
  });

  it('a deleted account takes its totals with it; other clubs keep theirs', async () => {
    const other = await createClub(ctx.app, admin, 'Outro');
    const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Efêmero') RETURNING id`);
    await addMember(ctx.db, club.id, p.id, 'Desbravador(a)', aguias);
    await addMember(ctx.db, other.id, p.id, 'Desbravador(a)');
    await addMember(ctx.db, other.id, kids[davi].profile.id, 'Desbravador(a)');
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $3, 'manual', 8, 'x'), ($2, $3, 'manual', 6, 'y'), ($2, $4, 'manual', 2, 'z')`,
      [club.id, other.id, p.id, kids[davi].profile.id]);
    await expectExact();
    await ctx.db.query(`DELETE FROM profiles WHERE id = $1`, [p.id]);
    await expectExact();
    expect(await ctx.db.query(`SELECT 1 FROM member_point_totals WHERE profile_id = $1`, [p.id])).toEqual([]);
    expect(await ctx.db.query(`SELECT total_points::int FROM member_point_totals WHERE club_id = $1`, [other.id])).toEqual([{ total_points: 2 }]);
  });

  it('period boundaries: the period ranking still counts the ledger within its dates, the overall one everything', async () => {
    const [pr] = await ctx.db.query<{ id: string }>(
      `INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'Bimestre', '2026-03-01T00:00:00Z', '2026-04-30T23:59:59Z') RETURNING id`, [club.id]);
    const at = (kid: number, points: number, when: string) => ctx.db.query(
      `INSERT INTO point_events (club_id, profile_id, source, points, reason, occurred_at) VALUES ($1, $2, 'manual', $3, 'Data', $4)`,
      [club.id, kids[kid].profile.id, points, when]);
    await at(caio, 100, '2026-03-01T00:00:00Z'); // first instant: inside
    await at(davi, 90, '2026-04-30T23:59:59Z'); // last instant: inside
    await at(bia, 200, '2026-02-28T23:59:59Z'); // one second before: outside
    await at(ana, 300, '2026-05-01T00:00:00Z'); // one second after: outside
    const overall = await expectExact();
    expect(overall.slice(0, 2).map((r) => r.full_name)).toEqual(['Ana', 'Bia']);
    const period = (await get(`/ranking/individual?period_id=${pr.id}`)).json() as Array<{ full_name: string; total_points: number }>;
    expect(period.slice(0, 2).map((r) => [r.full_name, r.total_points])).toEqual([['Caio', 100], ['Davi', 90]]);
    expect(period.find((r) => r.full_name === 'Ana')?.total_points).toBe(0);
  });

  it('the back-fill of migration 0380 rebuilds the same totals from the ledger', async () => {
    const before = await ctx.db.query(`SELECT * FROM member_point_totals ORDER BY club_id, profile_id`);
    await ctx.db.transaction(async (tx) => {
      await tx.exec(`DELETE FROM member_point_totals`);
      await tx.exec(await pointTotalsBackfill());
    });
    const rebuilt = await ctx.db.query(`SELECT * FROM member_point_totals ORDER BY club_id, profile_id`);
    // Rows emptied by deletions stay at zero in the kept table; the back-fill has no row for them.
    const live = (rows: Array<Record<string, unknown>>) => rows.filter((r) => Number(r.events) !== 0 || Number(r.tasks_done) !== 0);
    expect(live(rebuilt)).toEqual(live(before));
    await expectExact();
  });

  it.runIf(engineName() === 'postgres')('two point events for one member committed concurrently: the total is the sum of both', async () => {
    const url = (ctx.db as { url?: string }).url;
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    try {
      const [fresh] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Concorrente') RETURNING id`);
      await addMember(ctx.db, club.id, fresh.id, 'Desbravador(a)', falcoes);
      // First for a member without a row yet (both insert it), then for one with a row (both update it).
      for (const [profileId, first, second] of [[fresh.id, 7, 11], [kids[caio].profile.id, 13, 17]] as const) {
        const before = (await ctx.db.query<{ n: number }>(`SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE club_id = $1 AND profile_id = $2`, [club.id, profileId]))[0].n;
        const insert = `INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', $3, 'Concorrência')`;
        await a.query('BEGIN');
        await b.query('BEGIN');
        await a.query(insert, [club.id, profileId, first]);
        // b waits on a's row (or a's inserted key) until a commits.
        const pending = b.query(insert, [club.id, profileId, second]);
        await new Promise((r) => setTimeout(r, 100));
        await a.query('COMMIT');
        await pending;
        await b.query('COMMIT');
        const [row] = await ctx.db.query<{ total_points: number; events: number }>(
          `SELECT total_points::int, events FROM member_point_totals WHERE club_id = $1 AND profile_id = $2`, [club.id, profileId]);
        expect(row.total_points).toBe(before + first + second);
      }
      await expectExact();
    } finally {
      await a.end();
      await b.end();
    }
  });
});
