import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../db/index.js';
import { call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { runDuesJob } from './dues.js';
import { generateRecurringInstances } from '../recurring/engine.js';
import { generateRuleMeetings } from '../meetings/rules.js';
import { MSG } from '../../shared/errors.js';

// Issue 43: one club's broken dues stopped every club's; a club deactivated by the platform kept billing.
let ctx: TestContext;
let superAdmin: Session;
let someone: Session;
const clubs: Record<string, string> = {};

async function newClub(name: string, amount: string, members: Array<[string, number?]>): Promise<string> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  const id = (await one<{ id: string }>(ctx.db, `INSERT INTO clubs (name, slug) VALUES ($1, $2) RETURNING id`, [name, slug])).id;
  for (const [person, discount] of members) {
    const p = (await one<{ id: string }>(ctx.db, `INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [person])).id;
    await ctx.db.query(`INSERT INTO club_members (club_id, profile_id, role, created_at) VALUES ($1, $2, 'member', '2025-01-01')`, [id, p]);
    if (discount) await ctx.db.query(`INSERT INTO dues_exceptions (club_id, profile_id, kind, percent) VALUES ($1, $2, 'desconto', $3)`, [id, p, discount]);
  }
  await ctx.db.query(`INSERT INTO dues_plans (club_id, amount, due_day, months) VALUES ($1, $2, 10, '{1,2,3,4,5,6,7,8,9,10,11,12}')`, [id, amount]);
  return id;
}

const duesOf = (clubId: string, month: string) => ctx.db.query<{ name: string; amount: string }>(
  `SELECT p.full_name AS name, ch.amount::text AS amount FROM charges ch JOIN profiles p ON p.id = ch.profile_id
    WHERE ch.club_id = $1 AND ch.dues_month = $2 ORDER BY p.full_name`, [clubId, month]);
const failures = () => call(ctx.app, 'GET', '/api/admin/job-failures', { as: superAdmin });

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Plataforma' });
  someone = await signUp(ctx.app, { name: 'Qualquer Pessoa' });
  clubs.bom = await newClub('Clube Bom', '50.00', [['Ana Bom'], ['Beto Bom']]);
  // R$ 0,01 with 99 % off is R$ 0,00, which charges_amount_check refuses.
  clubs.centavo = await newClub('Clube Centavo', '0.01', [['Caio Centavo'], ['Duda Centavo', 99]]);
});
afterAll(() => ctx.close());

describe(`dues job, one club at a time, on ${engineName()}`, () => {
  it('a plan whose discount leaves R$ 0,00 no longer stops the job: that due is left out, every other club and member is billed', async () => {
    const result = await runDuesJob(ctx.db, new Date('2026-11-15T12:00:00Z'));
    expect(result).toMatchObject({ plans: 2, failed: 0 });
    expect(await duesOf(clubs.bom, '2026-11-01')).toEqual([{ name: 'Ana Bom', amount: '50.00' }, { name: 'Beto Bom', amount: '50.00' }]);
    expect(await duesOf(clubs.centavo, '2026-11-01')).toEqual([{ name: 'Caio Centavo', amount: '0.01' }]);
    expect((await failures()).json()).toEqual([]);
  });

  it('a club whose dues fail is recorded and shown to the super admin, the good club still gets its dues, and the next runs retry it', async () => {
    clubs.falha = await newClub('Clube Falha', '30.00', [['Eva Falha']]);
    // Any failure of one club's work (here a trigger standing for a bad row) must stay that club's.
    await ctx.db.exec(`CREATE FUNCTION test_fail_club() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.club_id = '${clubs.falha}' THEN RAISE EXCEPTION 'falha simulada do clube'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_fail_club BEFORE INSERT ON charges FOR EACH ROW EXECUTE FUNCTION test_fail_club();`);
    const december = new Date('2026-12-15T12:00:00Z');
    expect(await runDuesJob(ctx.db, december)).toMatchObject({ plans: 3, failed: 1 });
    expect((await duesOf(clubs.bom, '2026-12-01')).map((d) => d.name)).toEqual(['Ana Bom', 'Beto Bom']);
    expect(await duesOf(clubs.falha, '2026-12-01')).toEqual([]);
    const shown = (await failures()).json();
    expect(shown).toEqual([expect.objectContaining({
      job: 'dues-generation', job_label: 'Mensalidades', club_id: clubs.falha, club_name: 'Clube Falha', attempts: 1,
    })]);
    expect(shown[0].error).toContain('falha simulada do clube');
    // Only the super admin reads it.
    const refused = await call(ctx.app, 'GET', '/api/admin/job-failures', { as: someone });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, MSG.forbidden]);
    // Its cursor did not move: the next run tries again (and counts), the good club gets nothing twice.
    expect(await runDuesJob(ctx.db, december)).toMatchObject({ created: 0, failed: 1 });
    expect((await failures()).json()[0].attempts).toBe(2);
    await ctx.db.exec(`DROP TRIGGER test_fail_club ON charges`);
    expect(await runDuesJob(ctx.db, december)).toMatchObject({ created: 1, failed: 0 });
    expect(await duesOf(clubs.falha, '2026-12-01')).toEqual([{ name: 'Eva Falha', amount: '30.00' }]);
    expect((await failures()).json()).toEqual([]);
  });

  it('the recurring tasks and meeting rules follow the same rule: a failing club is recorded, the others are generated', async () => {
    for (const id of [clubs.bom, clubs.falha]) {
      await ctx.db.query(`INSERT INTO recurring_tasks (club_id, title, start_date, next_generation_date) VALUES ($1, 'Leitura diária', '2026-12-01', '2026-12-01')`, [id]);
      await ctx.db.query(`INSERT INTO meeting_rules (club_id, title, weekday, start_time, start_date) VALUES ($1, 'Reunião', 0, '09:00', '2026-12-01')`, [id]);
    }
    await ctx.db.exec(`CREATE TRIGGER test_fail_club BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION test_fail_club();
      CREATE TRIGGER test_fail_club BEFORE INSERT ON meetings FOR EACH ROW EXECUTE FUNCTION test_fail_club();`);
    const now = new Date('2026-12-03T12:00:00Z');
    const made = await generateRecurringInstances(ctx.db, { now });
    expect(made.created).toBeGreaterThan(0);
    expect(await generateRuleMeetings(ctx.db, { now })).toBeGreaterThan(0);
    const count = (table: string, id: string) => one<{ n: number }>(ctx.db, `SELECT count(*)::int AS n FROM ${table} WHERE club_id = $1`, [id]).then((r) => r.n);
    expect(await count('tasks', clubs.bom)).toBeGreaterThan(0);
    expect(await count('meetings', clubs.bom)).toBeGreaterThan(0);
    expect([await count('tasks', clubs.falha), await count('meetings', clubs.falha)]).toEqual([0, 0]);
    expect((await failures()).json().map((f: { job: string; club_name: string }) => [f.job, f.club_name]).sort()).toEqual([
      ['meeting-rules', 'Clube Falha'], ['recurring-task-generation', 'Clube Falha'],
    ]);
    await ctx.db.exec(`DROP TRIGGER test_fail_club ON tasks; DROP TRIGGER test_fail_club ON meetings;`);
    await generateRecurringInstances(ctx.db, { now });
    await generateRuleMeetings(ctx.db, { now });
    expect(await count('tasks', clubs.falha)).toBeGreaterThan(0);
    expect(await count('meetings', clubs.falha)).toBeGreaterThan(0);
    expect((await failures()).json()).toEqual([]);
  });

  it('a club the platform deactivated gets no dues, tasks or meetings from the jobs; switched back on, it is not billed the months it was off', async () => {
    const off = await call(ctx.app, 'PATCH', `/api/admin/clubs/${clubs.falha}`, { as: superAdmin, body: { active: false } });
    expect(off.statusCode).toBe(200);
    const tasksBefore = await one<{ n: number }>(ctx.db, `SELECT count(*)::int AS n FROM tasks WHERE club_id = $1`, [clubs.falha]);
    const january = new Date('2027-01-15T12:00:00Z');
    await runDuesJob(ctx.db, january);
    await generateRecurringInstances(ctx.db, { now: january });
    await generateRuleMeetings(ctx.db, { now: january });
    expect((await duesOf(clubs.bom, '2027-01-01')).map((d) => d.name)).toEqual(['Ana Bom', 'Beto Bom']);
    expect(await duesOf(clubs.falha, '2027-01-01')).toEqual([]);
    expect((await one<{ n: number }>(ctx.db, `SELECT count(*)::int AS n FROM tasks WHERE club_id = $1`, [clubs.falha])).n).toBe(tasksBefore.n);
    // Even called directly, generate_dues bills nobody in a deactivated club.
    expect((await one<{ n: number }>(ctx.db, `SELECT generate_dues($1, '2027-02-01', NULL) AS n`, [clubs.falha])).n).toBe(0);
    // Back on (the platform's clock): the job resumes with the current month, not every month it missed.
    await ctx.db.query(`UPDATE dues_plans SET generated_through = '2025-01-01' WHERE club_id = $1`, [clubs.falha]);
    expect((await call(ctx.app, 'PATCH', `/api/admin/clubs/${clubs.falha}`, { as: superAdmin, body: { active: true } })).statusCode).toBe(200);
    const before = (await ctx.db.query<{ id: string }>(`SELECT id FROM charges WHERE club_id = $1`, [clubs.falha])).map((r) => r.id);
    await runDuesJob(ctx.db);
    const made = await ctx.db.query<{ month: string; past: boolean }>(
      `SELECT to_char(dues_month, 'YYYY-MM') AS month, due_date < (now() AT TIME ZONE 'America/Sao_Paulo')::date AS past
         FROM charges WHERE club_id = $1 AND NOT (id = ANY ($2::uuid[]))`, [clubs.falha, before]);
    const [{ current }] = await ctx.db.query<{ current: string }>(`SELECT to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM') AS current`);
    // At most the current month (none if an earlier test already billed it), and never due in the past.
    expect(made.length).toBeLessThanOrEqual(1);
    expect(made.every((d) => d.month === current && !d.past)).toBe(true);
  });
});
