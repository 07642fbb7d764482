import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../db/index.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';

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

const generate = (day: string) => one<{ n: number }>(db, `SELECT generate_dues($1, $2, NULL) AS n`, [clubId, day]).then((r) => r.n);
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
});
