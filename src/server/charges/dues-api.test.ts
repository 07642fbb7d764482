import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUES_MSG, duesBelowMinimum } from '../../shared/dues.js';
import { runDuesJob } from './dues.js';
import { MONEY_MSG } from '../../shared/money.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

// Mensalidades through the API: the plan, per-member exceptions and 'Gerar mensalidades' (issue 35).
let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let ana: Session;
let bia: Session;
let stranger: Session;
let base: string;
let clubId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, treasurer, secretary, members: [ana, bia], stranger, club, base } = await setUpStaffedClub(ctx, 'Clube Mensal', { members: ['Ana Lima', 'Bia Lima'] }));
  clubId = club.id;
  // Joined long ago, so every month of the year applies to them.
  await ctx.db.query(`UPDATE club_members SET created_at = '2025-01-01' WHERE club_id = $1`, [clubId]);
});
afterAll(() => ctx.close());

const plan = { description: 'Mensalidade', amount: '85,50', due_day: 10, months: [11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3] };
const duesCount = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM charges WHERE club_id = $1 AND origin = 'mensalidade'`, [clubId]))[0].n;

describe(`mensalidades API on ${engineName()}`, () => {
  it('generating before a plan exists is refused in pt-BR', async () => {
    const res = await call(ctx.app, 'POST', `${base}/dues/generate`, { as: treasurer, body: { month: '2026-03' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(DUES_MSG.planMissing);
    expect((await call(ctx.app, 'GET', `${base}/dues-plan`, { as: treasurer })).json()).toEqual({ plan: null, exceptions: [] });
  });

  it('each bad field of the plan gets its pt-BR message and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '' }, DUES_MSG.amountRequired],
      [{ amount: '0' }, DUES_MSG.amountRequired],
      [{ amount: 'abc' }, MONEY_MSG.invalid],
      [{ amount: '1,234' }, MONEY_MSG.decimals],
      [{ due_day: 0 }, DUES_MSG.dueDayInvalid],
      [{ due_day: 29 }, DUES_MSG.dueDayInvalid],
      [{ due_day: 'dez' }, DUES_MSG.dueDayInvalid],
      [{ months: [] }, DUES_MSG.monthsRequired],
      [{ months: 'fev' }, DUES_MSG.monthsRequired],
      [{ months: [13] }, DUES_MSG.monthInvalid],
      [{ description: ' ' }, DUES_MSG.descriptionRequired],
      [{ description: 'x'.repeat(121) }, DUES_MSG.descriptionTooLong],
    ];
    for (const [patch, message] of cases) {
      const res = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...plan, ...patch } });
      expect([res.statusCode, res.json().error.message], JSON.stringify(patch)).toEqual([400, message]);
    }
    expect((await call(ctx.app, 'GET', `${base}/dues-plan`, { as: treasurer })).json().plan).toBeNull();
  });

  it('the treasurer saves the plan (months sorted, repeated ones once), audited; the director edits it', async () => {
    const res = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: plan });
    expect(res.statusCode).toBe(200);
    // A new plan bills from next month in the club's calendar unless the treasurer chose this one (issue 43).
    const [{ next }] = await ctx.db.query<{ next: string }>(`SELECT to_char(date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') + interval '1 month', 'YYYY-MM-DD') AS next`);
    expect(res.json()).toEqual({ description: 'Mensalidade', amount: '85.50', due_day: 10, months: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], active: true, generated_through: null, first_month: next });
    const again = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: admin, body: { ...plan, amount: '90' } });
    expect(again.json().amount).toBe('90.00');
    const [audit] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'dues_plan.update'`, [clubId]);
    expect(audit.n).toBe(2);
  });

  it('exceptions: each bad body gets its pt-BR message; isento, another amount and a discount are kept per member', async () => {
    const url = `${base}/dues-exceptions/${bia.profile.id}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, DUES_MSG.kindRequired],
      [{ kind: 'metade' }, DUES_MSG.kindRequired],
      [{ kind: 'valor' }, DUES_MSG.exceptionAmountRequired],
      [{ kind: 'valor', amount: '0' }, DUES_MSG.exceptionAmountRequired],
      [{ kind: 'desconto' }, DUES_MSG.percentInvalid],
      [{ kind: 'desconto', percent: 100 }, DUES_MSG.percentInvalid],
      [{ kind: 'desconto', percent: 50, reason: 'x'.repeat(201) }, DUES_MSG.reasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'PUT', url, { as: treasurer, body });
      expect([res.statusCode, res.json().error.message], JSON.stringify(body)).toEqual([400, message]);
    }
    for (const id of [randomUUID(), 'nao-e-id', stranger.profile.id]) {
      const res = await call(ctx.app, 'PUT', `${base}/dues-exceptions/${id}`, { as: treasurer, body: { kind: 'isento' } });
      expect([res.statusCode, res.json().error.message]).toEqual([404, DUES_MSG.memberNotFound]);
    }
    expect((await call(ctx.app, 'GET', `${base}/dues-plan`, { as: treasurer })).json().exceptions).toEqual([]);
    const ok = await call(ctx.app, 'PUT', url, { as: treasurer, body: { kind: 'desconto', percent: 50, reason: 'irmãos: 2º com 50 %' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().exceptions).toEqual([{ profile_id: bia.profile.id, member_name: 'Bia Lima', kind: 'desconto', amount: null, percent: 50, reason: 'irmãos: 2º com 50 %' }]);
  });

  it("'Gerar mensalidades': a month in the plan once per member (a second call creates none); other months refused in pt-BR", async () => {
    const gen = (month: unknown, as: Session = treasurer) => call(ctx.app, 'POST', `${base}/dues/generate`, { as, body: { month } });
    for (const [month, message] of [['2026-13', DUES_MSG.generateMonthInvalid], ['março', DUES_MSG.generateMonthInvalid], ['2026-01', DUES_MSG.monthOutsidePlan], ['2099-03', DUES_MSG.monthTooFar]] as const) {
      const res = await gen(month);
      expect([res.statusCode, res.json().error.message], month).toEqual([400, message]);
    }
    expect(await duesCount()).toBe(0);
    const first = await gen('2026-03');
    expect(first.json()).toEqual({ month: '2026-03', created: 2 });
    const both = await Promise.all([gen('2026-03'), gen('2026-03', admin)]);
    expect(both.map((r) => r.json().created)).toEqual([0, 0]);
    const rows = await ctx.db.query<{ full_name: string; amount: string; due_date: string }>(
      `SELECT p.full_name, ch.amount::text, ch.due_date::text FROM charges ch JOIN profiles p ON p.id = ch.profile_id WHERE ch.club_id = $1 ORDER BY p.full_name`, [clubId]);
    // Made after 10 March: due on the club's today, never in the past (issue 43).
    const [{ due }] = await ctx.db.query<{ due: string }>(`SELECT greatest('2026-03-10'::date, (now() AT TIME ZONE 'America/Sao_Paulo')::date)::text AS due`);
    expect(rows).toEqual([{ full_name: 'Ana Lima', amount: '90.00', due_date: due }, { full_name: 'Bia Lima', amount: '45.00', due_date: due }]);
    // Isento from now on: April has Ana alone; removing the exception is audited and answers 404 a second time.
    await call(ctx.app, 'PUT', `${base}/dues-exceptions/${bia.profile.id}`, { as: treasurer, body: { kind: 'isento' } });
    expect((await gen('2026-04')).json().created).toBe(1);
    expect((await call(ctx.app, 'DELETE', `${base}/dues-exceptions/${bia.profile.id}`, { as: treasurer })).json().exceptions).toEqual([]);
    const gone = await call(ctx.app, 'DELETE', `${base}/dues-exceptions/${bia.profile.id}`, { as: treasurer });
    expect([gone.statusCode, gone.json().error.message]).toEqual([404, DUES_MSG.exceptionNotFound]);
    // Plan switched off: nothing generated.
    await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...plan, active: false } });
    expect((await gen('2026-05')).json().error.message).toBe(DUES_MSG.planInactive);
  });

  it('only the treasurer and the direction: a secretary and a member get 403, another club 404, nobody signed in 401', async () => {
    const writes: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown]> = [
      ['GET', `${base}/dues-plan`, undefined],
      ['PUT', `${base}/dues-plan`, plan],
      ['PUT', `${base}/dues-exceptions/${ana.profile.id}`, { kind: 'isento' }],
      ['DELETE', `${base}/dues-exceptions/${ana.profile.id}`, undefined],
      ['POST', `${base}/dues/generate`, { month: '2026-06' }],
    ];
    const before = await duesCount();
    for (const [method, url, body] of writes) {
      for (const who of [secretary, ana]) {
        const res = await call(ctx.app, method, url, { as: who, body });
        expect([res.statusCode, res.json().error.message], `${method} ${url}`).toEqual([403, PERMISSION_MSG.forbidden('charges.manage')]);
      }
      expect((await call(ctx.app, method, url, { as: stranger, body })).statusCode).toBe(404);
      expect((await call(ctx.app, method, url, { body })).statusCode).toBe(401);
    }
    expect(await duesCount()).toBe(before);
    const [ex] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dues_exceptions WHERE club_id = $1`, [clubId]);
    expect(ex.n).toBe(0);
  });

  it('a new or re-activated plan bills from next month unless the treasurer chooses this one; a due date is never in the past (issue 43)', async () => {
    const all = { ...plan, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
    const [{ current, next, today }] = await ctx.db.query<{ current: string; next: string; today: string }>(
      `SELECT to_char(m, 'YYYY-MM-DD') AS current, to_char(m + interval '1 month', 'YYYY-MM-DD') AS next,
              (now() AT TIME ZONE 'America/Sao_Paulo')::date::text AS today
         FROM (SELECT date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AS m) x`);
    const bad = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...all, first_month: 'ontem' } });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, DUES_MSG.firstMonthInvalid]);
    const thisMonth = () => ctx.db.query<{ due_date: string }>(
      `SELECT due_date::text FROM charges WHERE club_id = $1 AND dues_month = $2`, [clubId, current]);
    const already = (await thisMonth()).length;
    // Switched back on without a choice: next month; the job bills nothing this month.
    const saved = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: all });
    expect(saved.json().first_month).toBe(next);
    await runDuesJob(ctx.db);
    expect((await thisMonth()).length).toBe(already);
    // 'Este mês' chosen: this month is billed, due on the due day or today, whichever is later.
    await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...all, active: false } });
    const now = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...all, first_month: 'current' } });
    expect(now.json().first_month).toBe(current);
    await runDuesJob(ctx.db);
    const dues = await thisMonth();
    expect(dues).toHaveLength(2);
    expect(dues.every((d) => d.due_date >= today)).toBe(true);
    // A plan that already bills keeps its first month whatever the form sends.
    expect((await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...all, first_month: 'next' } })).json().first_month).toBe(current);
  });

  it('a discount that would leave a due below R$ 0,01 is refused in pt-BR, on the exception and on the price (issue 43)', async () => {
    const all = { ...plan, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
    expect((await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...all, amount: '0,49' } })).statusCode).toBe(200);
    const url = `${base}/dues-exceptions/${bia.profile.id}`;
    const refused = await call(ctx.app, 'PUT', url, { as: treasurer, body: { kind: 'desconto', percent: 99 } });
    expect([refused.statusCode, refused.json().error.message]).toEqual([400, duesBelowMinimum('Bia Lima', 99, '0.49')]);
    expect(refused.json().error.message).toBe("O desconto de 99 % de Bia Lima deixaria a mensalidade de R$ 0,49 abaixo de R$ 0,01. Use 'Isento' ou um desconto menor.");
    // 98 % of R$ 0,49 is R$ 0,0098, rounded to R$ 0,01 as generate_dues rounds it.
    expect((await call(ctx.app, 'PUT', url, { as: treasurer, body: { kind: 'desconto', percent: 98 } })).statusCode).toBe(200);
    const price = await call(ctx.app, 'PUT', `${base}/dues-plan`, { as: treasurer, body: { ...all, amount: '0,01' } });
    expect([price.statusCode, price.json().error.message]).toEqual([400, duesBelowMinimum('Bia Lima', 98, '0.01')]);
    expect((await call(ctx.app, 'GET', `${base}/dues-plan`, { as: treasurer })).json().plan.amount).toBe('0.49');
  });
});
