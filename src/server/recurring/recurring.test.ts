import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECURRING_MSG, type TRecurringTask } from '../../shared/recurring.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName, openPostgresLikeApp } from '../../../test/db.js';
import { generateRecurringInstances } from './engine.js';
import { localDateString } from './schedule.js';
import { backgroundJobs } from '../jobs.js';
import { buildApp } from '../app.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let clubId: string;
let url: string;
const TZ = 'America/Sao_Paulo';
const DAY = 86_400_000;

const today = () => localDateString(new Date(), TZ);
const daysAgo = (n: number) => localDateString(new Date(Date.now() - n * DAY), TZ);

async function createRecurring(body: Record<string, unknown>, club = clubId): Promise<TRecurringTask> {
  const res = await call(ctx.app, 'POST', `/api/clubs/${club}/recurring-tasks`, { as: admin, body: { generation_time: '00:00', start_date: today(), ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function instancesOf(id: string) {
  return ctx.db.query<{ title: string; type: string; points: number; available_date: string; due_date: string; occurrence_start: string; active: boolean }>(
    `SELECT title, type, points, available_date, due_date, occurrence_start, active FROM tasks WHERE recurring_task_id = $1 ORDER BY occurrence_start`,
    [id],
  );
}

/** A recurring task written straight to the table (a fixed past schedule, not generated yet). */
async function insertRule(club: string, r: Record<string, unknown>): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO recurring_tasks (club_id, title, type, points, frequency, "interval", days_of_week, day_of_month, generation_time,
                                  duration_hours, start_date, end_date, next_generation_date)
     VALUES ($1, $2, 'check', 7, $3, $4, $5::smallint[], $6, $7, $8, $9, $10, '2000-01-01T00:00:00Z') RETURNING id`,
    [club, r.title ?? 'Regra', r.frequency ?? 'daily', r.interval ?? 1, r.days_of_week ?? null, r.day_of_month ?? null,
      r.generation_time ?? '00:00:00', r.duration_hours ?? 24, r.start_date, r.end_date ?? null],
  );
  return row.id;
}

async function newClub(timezone: string): Promise<string> {
  const club = await createClub(ctx.app, admin, `Fuso ${timezone}`);
  await ctx.db.query('UPDATE clubs SET timezone = $2 WHERE id = $1', [club.id, timezone]);
  return club.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  member = await signUp(ctx.app, { name: 'Membro' });
  clubId = (await createClub(ctx.app, admin, 'Recorrentes')).id;
  await addMember(ctx.db, clubId, member.profile.id);
  url = `/api/clubs/${clubId}/recurring-tasks`;
});
afterAll(() => ctx.close());

describe(`recurring tasks on ${engineName()}`, () => {
  it('creates with the spec defaults and generates today\'s occurrence at once', async () => {
    const rt = await createRecurring({ title: 'Leitura diária', description: 'Ler um capítulo', points: 15 });
    expect(rt).toMatchObject({
      frequency: 'daily', interval: 1, days_of_week: null, day_of_month: null, generation_time: '00:00:00', duration_hours: 24,
      start_date: today(), end_date: null, active: true, type: 'check', points: 15, generated_count: 1,
    });
    const [task] = await instancesOf(rt.id);
    expect(task).toMatchObject({ title: 'Leitura diária', type: 'check', points: 15, active: true });
    // 00:00 in São Paulo (UTC-3) is 03:00Z; the deadline is 24 h later.
    expect(task.occurrence_start).toBe(`${today()}T03:00:00.000Z`);
    expect(task.available_date).toBe(task.occurrence_start);
    expect(Date.parse(task.due_date) - Date.parse(task.available_date)).toBe(24 * 3600_000);
    expect(rt.last_generated_date).toBe(task.occurrence_start);
    expect(rt.next_generation_date).toBe(new Date(Date.parse(task.occurrence_start) + DAY).toISOString());
    const list: TRecurringTask[] = (await call(ctx.app, 'GET', url, { as: admin })).json();
    expect(list[0].id).toBe(rt.id);
  });

  it('keeps days_of_week only for weekly and day_of_month only for monthly', async () => {
    const daily = await createRecurring({ title: 'D', frequency: 'daily', days_of_week: [1, 2], day_of_month: 5 });
    expect(daily).toMatchObject({ days_of_week: null, day_of_month: null });
    const weekly = await createRecurring({ title: 'W', frequency: 'weekly', days_of_week: [5, 1, 1], day_of_month: 5, generation_time: '18:30' });
    expect(weekly).toMatchObject({ days_of_week: [1, 5], day_of_month: null, generation_time: '18:30:00' });
    const monthly = await createRecurring({ title: 'M', frequency: 'monthly', days_of_week: [1], day_of_month: 31, interval: '3' });
    expect(monthly).toMatchObject({ days_of_week: null, day_of_month: 31, interval: 3 });
  });

  it('validates with the spec rules and texts', async () => {
    const base = { title: 'V', generation_time: '08:00', start_date: '2026-01-01' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, title: ' ' }, RECURRING_MSG.titleRequired],
      [{ ...base, frequency: 'yearly' }, RECURRING_MSG.frequencyRequired],
      [{ ...base, interval: 0 }, RECURRING_MSG.intervalInvalid],
      [{ ...base, duration_hours: 0 }, RECURRING_MSG.durationInvalid],
      [{ ...base, duration_hours: '1.5' }, RECURRING_MSG.durationInvalid],
      [{ ...base, frequency: 'weekly', days_of_week: [] }, RECURRING_MSG.weekdaysRequired],
      [{ ...base, frequency: 'weekly' }, RECURRING_MSG.weekdaysRequired],
      [{ ...base, frequency: 'monthly', day_of_month: 32 }, RECURRING_MSG.dayOfMonthInvalid],
      [{ ...base, frequency: 'monthly', day_of_month: 0 }, RECURRING_MSG.dayOfMonthInvalid],
      [{ ...base, generation_time: '25:00' }, RECURRING_MSG.timeRequired],
      [{ ...base, generation_time: undefined }, RECURRING_MSG.timeRequired],
      [{ ...base, start_date: '' }, RECURRING_MSG.startRequired],
      [{ ...base, end_date: '2025-12-31' }, RECURRING_MSG.endBeforeStart],
      [{ ...base, points: -5 }, 'Os pontos devem ser um número inteiro maior ou igual a 0'],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', url, { as: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe(message);
    }
  });

  it('only admins manage recurring tasks; strangers get 404', async () => {
    const rt = await createRecurring({ title: 'Protegida' });
    const stranger = await signUp(ctx.app);
    const body = { title: 'x', generation_time: '00:00', start_date: today() };
    expect((await call(ctx.app, 'GET', url, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', url, { as: member, body })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', `${url}/${rt.id}`, { as: member, body })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PATCH', `${url}/${rt.id}/active`, { as: member, body: { active: false } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `${url}/${rt.id}`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', `/api/clubs/${clubId}/generate-recurring-tasks`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/clubs/${clubId}/generate-recurring-tasks`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/clubs/${clubId}/generate-recurring-tasks`)).statusCode).toBe(401);
    const other = await createClub(ctx.app, stranger, 'Alheio');
    expect((await call(ctx.app, 'PUT', `/api/clubs/${other.id}/recurring-tasks/${rt.id}`, { as: stranger, body })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${other.id}/recurring-tasks/${rt.id}`, { as: stranger })).statusCode).toBe(404);
  });

  it('an inactive one generates nothing; reactivating does not back-fill; deactivating clears the next date', async () => {
    const rt = await createRecurring({ title: 'Pausada', active: false, start_date: daysAgo(5) });
    expect(rt.generated_count).toBe(0);
    expect(rt.next_generation_date).toBeNull();
    expect((await call(ctx.app, 'POST', `/api/clubs/${clubId}/generate-recurring-tasks`, { as: admin })).statusCode).toBe(200);
    expect(await instancesOf(rt.id)).toHaveLength(0);
    const on = await call(ctx.app, 'PATCH', `${url}/${rt.id}/active`, { as: admin, body: { active: true } });
    expect(on.json()).toMatchObject({ active: true });
    expect(Date.parse(on.json().next_generation_date)).toBeGreaterThan(Date.now());
    await call(ctx.app, 'POST', `/api/clubs/${clubId}/generate-recurring-tasks`, { as: admin });
    expect(await instancesOf(rt.id)).toHaveLength(0);
    const off = await call(ctx.app, 'PATCH', `${url}/${rt.id}/active`, { as: admin, body: { active: false } });
    expect(off.json()).toMatchObject({ active: false, next_generation_date: null });
  });

  it('respects the end date and catches up a long gap with at most 10 occurrences', async () => {
    const ended = await createRecurring({ title: 'Semana passada', start_date: daysAgo(10), end_date: daysAgo(5) });
    expect(await instancesOf(ended.id)).toHaveLength(6);
    expect(ended.next_generation_date).toBeNull();
    const old = await createRecurring({ title: 'Antiga', start_date: '2020-01-01', generation_time: '00:00' });
    const tasks = await instancesOf(old.id);
    expect(tasks).toHaveLength(10);
    expect(tasks[9].occurrence_start).toBe(`${today()}T03:00:00.000Z`);
  });

  it('editing keeps what was generated and moves the next date; deleting keeps generated tasks', async () => {
    const rt = await createRecurring({ title: 'Editável', start_date: daysAgo(2) });
    expect(await instancesOf(rt.id)).toHaveLength(3);
    const put = await call(ctx.app, 'PUT', `${url}/${rt.id}`, {
      as: admin, body: { title: 'Editável 2', frequency: 'weekly', days_of_week: [0, 1, 2, 3, 4, 5, 6], generation_time: '23:59', start_date: daysAgo(2), duration_hours: 2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const edited: TRecurringTask = put.json();
    expect(edited).toMatchObject({ title: 'Editável 2', frequency: 'weekly', generation_time: '23:59:00', duration_hours: 2 });
    expect(Date.parse(edited.next_generation_date ?? '')).toBeGreaterThan(Date.parse(edited.last_generated_date ?? ''));
    const count = (await instancesOf(rt.id)).length;
    expect((await call(ctx.app, 'DELETE', `${url}/${rt.id}`, { as: admin })).statusCode).toBe(204);
    const kept = await ctx.db.query(`SELECT recurring_task_id FROM tasks WHERE title IN ('Editável', 'Editável 2')`);
    expect(kept).toHaveLength(count);
    expect(kept.every((t) => t.recurring_task_id === null)).toBe(true);
    expect((await call(ctx.app, 'DELETE', `${url}/${rt.id}`, { as: admin })).statusCode).toBe(404);
  });

  it('"Gerar Instâncias Agora" is idempotent; the background job is registered every minute', async () => {
    const club = (await createClub(ctx.app, admin, 'Idempotente')).id;
    await createRecurring({ title: 'Uma', start_date: daysAgo(3) }, club);
    const first = await call(ctx.app, 'POST', `/api/clubs/${club}/generate-recurring-tasks`, { as: admin });
    expect(first.json()).toEqual({ created: 0, recurring_tasks: 1 });
    const rows = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE club_id = $1', [club]);
    expect(rows[0].n).toBe(4);
    const job = backgroundJobs.find((j) => j.name === 'recurring-task-generation');
    expect(job?.everyMs).toBe(60_000);
    await job?.run(ctx.app);
    expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE club_id = $1', [club]))[0].n).toBe(4);
  });
});

describe(`generation engine on ${engineName()}`, () => {
  it('club-local time across a DST change (New York), duration from the start', async () => {
    const club = await newClub('America/New_York');
    const id = await insertRule(club, { generation_time: '09:00:00', start_date: '2025-03-07', duration_hours: 3 });
    const res = await generateRecurringInstances(ctx.db, { now: new Date('2025-03-11T00:00:00Z') });
    expect(res.created).toBeGreaterThanOrEqual(4);
    const tasks = await instancesOf(id);
    expect(tasks.map((t) => t.occurrence_start)).toEqual([
      '2025-03-07T14:00:00.000Z', '2025-03-08T14:00:00.000Z', '2025-03-09T13:00:00.000Z', '2025-03-10T13:00:00.000Z',
    ]);
    expect(tasks[2].due_date).toBe('2025-03-09T16:00:00.000Z');
    const [rt] = await ctx.db.query<{ last_generated_date: string; next_generation_date: string }>(
      'SELECT last_generated_date, next_generation_date FROM recurring_tasks WHERE id = $1', [id]);
    expect(rt).toEqual({ last_generated_date: '2025-03-10T13:00:00.000Z', next_generation_date: '2025-03-11T13:00:00.000Z' });
  });

  it('every 2 weeks on chosen days and monthly on day 31 (Lisbon)', async () => {
    const club = await newClub('Europe/Lisbon');
    const weekly = await insertRule(club, { frequency: 'weekly', interval: 2, days_of_week: [1, 3], generation_time: '19:00:00', start_date: '2025-03-19' });
    const monthly = await insertRule(club, { frequency: 'monthly', interval: 1, day_of_month: 31, generation_time: '08:00:00', start_date: '2025-01-01' });
    await generateRecurringInstances(ctx.db, { now: new Date('2025-04-30T23:00:00Z') });
    expect((await instancesOf(weekly)).map((t) => t.occurrence_start)).toEqual([
      '2025-03-19T19:00:00.000Z', '2025-03-31T18:00:00.000Z', '2025-04-02T18:00:00.000Z', '2025-04-14T18:00:00.000Z', '2025-04-16T18:00:00.000Z',
      '2025-04-28T18:00:00.000Z', '2025-04-30T18:00:00.000Z',
    ]);
    expect((await instancesOf(monthly)).map((t) => t.occurrence_start)).toEqual([
      '2025-01-31T08:00:00.000Z', '2025-02-28T08:00:00.000Z', '2025-03-31T07:00:00.000Z', '2025-04-30T07:00:00.000Z',
    ]);
    // A later run only adds what became due since.
    const again = await generateRecurringInstances(ctx.db, { now: new Date('2025-05-31T12:00:00Z') });
    expect(again.created).toBeGreaterThanOrEqual(1);
    expect((await instancesOf(monthly)).map((t) => t.occurrence_start).slice(-1)).toEqual(['2025-05-31T07:00:00.000Z']);
  });

  it('concurrent runs on one instance never create an occurrence twice', async () => {
    const club = await newClub('America/Sao_Paulo');
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => insertRule(club, { title: `C${i}`, start_date: '2025-06-01' })));
    const now = new Date('2025-06-06T12:00:00Z');
    const runs = await Promise.all(Array.from({ length: 4 }, () => generateRecurringInstances(ctx.db, { now, clubId: club })));
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(5 * 6);
    for (const id of ids) expect(await instancesOf(id)).toHaveLength(6);
  });
});

describe(`exactly once across two app instances on ${engineName()}`, () => {
  it('two instances generating at the same moment create each occurrence once', async () => {
    // On PostgreSQL the second instance has its own connection pool to the same database; PGlite
    // has one connection, so there both instances share it and the engine must still be exact.
    const db2 = ctx.db.directUrl ? openPostgresLikeApp(ctx.db.directUrl, { max: 10 }) : ctx.db;
    const app2 = await buildApp({ db: db2, dataDir: ctx.dataDir });
    try {
      // Bring every other rule of this file up to date, so the runs below only find these.
      await generateRecurringInstances(ctx.db);
      const club = await newClub('America/New_York');
      const RULES = 24;
      const ids: string[] = [];
      for (let i = 0; i < RULES; i += 1) {
        ids.push(await insertRule(club, { title: `Dupla ${i}`, start_date: daysAgo(40), generation_time: `0${i % 10}:30:00` }));
      }
      const generate = (app: typeof ctx.app) => call(app, 'POST', `/api/clubs/${club}/generate-recurring-tasks`, { as: admin });
      const results = await Promise.all([
        generate(ctx.app), generate(app2),
        generateRecurringInstances(ctx.db), generateRecurringInstances(db2),
        generate(ctx.app), generate(app2),
        generateRecurringInstances(ctx.db), generateRecurringInstances(db2),
      ]);
      const created = results.reduce((n, r) => n + ('created' in r ? r.created : (r.json() as { created: number }).created), 0);
      const [{ n, distinct }] = await ctx.db.query<{ n: number; distinct: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT (recurring_task_id, occurrence_start))::int AS distinct
           FROM tasks WHERE recurring_task_id = ANY($1::uuid[])`,
        [ids],
      );
      // Each rule catches up its latest 10 occurrences (bounded); today's 0x:30 may or may not be due yet.
      expect(n).toBe(distinct);
      expect(n).toBe(created);
      for (const id of ids) expect((await instancesOf(id)).length).toBe(10);
    } finally {
      await app2.close();
      if (db2 !== ctx.db) await db2.close();
    }
  });
});
