import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../db/index.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';
import { runDuesJob } from './dues.js';

// Mensalidades: generate_dues creates each member's due once per month, whoever calls it and how often.
let db: TestDb;
let clubId: string;
const people: Record<string, string> = {};


beforeAll(async () => {
  db = await openTestDb({ poolSize: 10 });
  clubId = (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ('Clube Mensalidades', 'clube-mensalidades') RETURNING id`)).id;
  for (const [name, joined, active, role] of [
    ['Ana', '2026-01-15 12:00-03', true, 'member'], ['Bia', '2026-01-20 12:00-03', true, 'member'],
    ['Caio', '2026-05-31 22:30-03', true, 'member'], ['Davi', '2026-01-10 12:00-03', false, 'member'],
    ['Edu', '2026-01-10 12:00-03', true, 'member'], ['Fabi', '2026-01-10 12:00-03', true, 'treasurer'],
  ] as const) {
    people[name] = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name])).id;
    await db.query(`INSERT INTO club_members (club_id, profile_id, role, active, created_at) VALUES ($1, $2, $3, $4, $5)`, [clubId, people[name], role, active, joined]);
  }
  await db.query(`INSERT INTO dues_plans (club_id, amount, due_day, months) VALUES ($1, 60.00, 10, '{2,3,4,5,6,7,8,9,10,11}')`, [clubId]);
  await db.query(`INSERT INTO dues_exceptions (club_id, profile_id, kind, percent, reason) VALUES ($1, $2, 'desconto', 50, 'irmãos: 2º com 50 %')`, [clubId, people.Bia]);
  await db.query(`INSERT INTO dues_exceptions (club_id, profile_id, kind) VALUES ($1, $2, 'isento')`, [clubId, people.Edu]);
});
afterAll(() => db.dispose());

// Generated at noon of the month's 1st in São Paulo unless `now` says otherwise: no due date has passed yet.
const generate = (day: string, now = `${day.slice(0, 7)}-01T12:00:00-03:00`) =>
  one<{ n: number }>(db, `SELECT generate_dues($1, $2, NULL, $3) AS n`, [clubId, day, now]).then((r) => r.n);
const duesOf = (month: string) => db.query<{ name: string; amount: string; due_date: string }>(
  `SELECT p.full_name AS name, ch.amount, ch.due_date FROM charges ch JOIN profiles p ON p.id = ch.profile_id
    WHERE ch.club_id = $1 AND ch.dues_month = $2 ORDER BY p.full_name`, [clubId, month]);

describe(`generate_dues on ${engineName()}`, () => {
  it('a month in the plan: active members who had joined, with their exceptions; leavers, exempt and staff get nothing', async () => {
    expect(await generate('2026-03-31')).toBe(2);
    expect(await duesOf('2026-03-01')).toEqual([
      { name: 'Ana', amount: '60.00', due_date: '2026-03-10' },
      { name: 'Bia', amount: '30.00', due_date: '2026-03-10' },
    ]);
  });

  it('runs exactly once per member and month: called again, and 10 times at once, it creates nothing more', async () => {
    expect(await generate('2026-03-01')).toBe(0);
    const counts = await Promise.all(Array.from({ length: 10 }, () => generate('2026-04-15')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await duesOf('2026-04-01')).toHaveLength(2);
  });

  it('a member who joins mid-year is charged from the month they joined (in the club time zone); months outside the plan create nothing', async () => {
    // Caio joined at 22:30 of 31 May in São Paulo (already June in UTC): May is his first month.
    expect(await generate('2026-05-20')).toBe(3);
    expect((await duesOf('2026-05-01')).map((d) => d.name)).toEqual(['Ana', 'Bia', 'Caio']);
    expect(await generate('2026-06-20')).toBe(3);
    expect(await generate('2026-12-05')).toBe(0);
    expect(await generate('2026-01-05')).toBe(0);
  });

  // The hourly job (ADR 050): generated_through is its cursor; generate_dues's ON CONFLICT is the guarantee.
  const cursor = () => one<{ d: string | null }>(db, `SELECT to_char(generated_through, 'YYYY-MM-DD') AS d FROM dues_plans WHERE club_id = $1`, [clubId]).then((r) => r.d);
  const perMemberMonth = () => db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM charges WHERE club_id = $1 AND dues_month IS NOT NULL GROUP BY profile_id, dues_month HAVING count(*) > 1`, [clubId]);
  const count = () => one<{ n: number }>(db, `SELECT count(*)::int AS n FROM charges WHERE club_id = $1`, [clubId]).then((r) => r.n);

  it('the job, late after a restart, catches up every month since its last run (in the club time zone)', async () => {
    await db.query(`UPDATE dues_plans SET generated_through = '2026-06-01' WHERE club_id = $1`, [clubId]);
    const before = await count();
    await runDuesJob(db, new Date('2026-09-15T12:00:00Z'));
    expect(await count()).toBe(before + 9);
    expect((await duesOf('2026-08-01')).map((d) => d.name)).toEqual(['Ana', 'Bia', 'Caio']);
    expect(await cursor()).toBe('2026-09-01');
  });

  it('two instances at once, then a replay after a crash that lost the cursor, create each due once', async () => {
    const before = await count();
    const now = new Date('2026-10-02T12:00:00Z');
    await Promise.all([runDuesJob(db, now), runDuesJob(db, now), runDuesJob(db, now)]);
    expect(await count()).toBe(before + 3);
    await db.query(`UPDATE dues_plans SET generated_through = '2026-06-01' WHERE club_id = $1`, [clubId]);
    await Promise.all([runDuesJob(db, now), runDuesJob(db, now)]);
    expect(await count()).toBe(before + 3);
    expect(await perMemberMonth()).toEqual([]);
    expect(await cursor()).toBe('2026-10-01');
  });

  it('at 23:30 of 31 October in São Paulo it is still October; November comes at its midnight there', async () => {
    const before = await count();
    await runDuesJob(db, new Date('2026-11-01T02:30:00Z'));
    expect(await count()).toBe(before);
    expect(await cursor()).toBe('2026-10-01');
    await runDuesJob(db, new Date('2026-11-01T03:30:00Z'));
    expect(await count()).toBe(before + 3);
    expect(await cursor()).toBe('2026-11-01');
  });

  it('a leaver gets no more dues; a member who joins mid-month gets that month on the next run', async () => {
    await db.query(`UPDATE club_members SET active = false WHERE club_id = $1 AND profile_id = $2`, [clubId, people.Ana]);
    people.Gabi = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Gabi') RETURNING id`)).id;
    await db.query(`INSERT INTO club_members (club_id, profile_id, role, created_at) VALUES ($1, $2, 'member', '2026-11-10 09:00-03')`, [clubId, people.Gabi]);
    await runDuesJob(db, new Date('2026-11-10T15:00:00Z'));
    expect((await duesOf('2026-11-01')).map((d) => d.name)).toEqual(['Ana', 'Bia', 'Caio', 'Gabi']);
    // Ana's November was made before she left; the year's remaining months are outside the plan (December).
    await db.query(`UPDATE dues_plans SET months = '{2,3,4,5,6,7,8,9,10,11,12}' WHERE club_id = $1`, [clubId]);
    await runDuesJob(db, new Date('2026-12-05T15:00:00Z'));
    expect((await duesOf('2026-12-01')).map((d) => d.name)).toEqual(['Bia', 'Caio', 'Gabi']);
  });

  it("a member whose function is the older label 'Desbravador(a)' pays dues too (migration 0612)", async () => {
    people.Hugo = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Hugo') RETURNING id`)).id;
    await db.query(`INSERT INTO club_members (club_id, profile_id, role, created_at) VALUES ($1, $2, 'Desbravador(a)', '2026-01-10 12:00-03')`, [clubId, people.Hugo]);
    expect(await generate('2026-12-20')).toBe(1);
    expect((await duesOf('2026-12-01')).map((d) => d.name)).toContain('Hugo');
  });
});
