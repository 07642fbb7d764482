import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { runDuesJob } from './dues.js';
import { sendChargeReminders } from './notices.js';

// A charge created, due in 3 days, overdue: told to the member and their guardian through notify (ADR 060), once per charge and day.
let ctx: TestContext;
let admin: Session;
let ana: Session;
let guardian: Session;
let bruno: Session;
let base: string;
let clubId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, admin, 'Clube Avisos')).id;
  base = `/api/clubs/${clubId}`;
  ana = await signUp(ctx.app, { name: 'Ana Souza' });
  guardian = await signUp(ctx.app, { name: 'Carla Souza' });
  bruno = await signUp(ctx.app, { name: 'Bruno Lima' });
  await addMember(ctx.db, clubId, ana.profile.id);
  await addMember(ctx.db, clubId, bruno.profile.id);
  // Bruno is an adult (src/shared/minor.ts: without a birth date he would count as a minor).
  await ctx.db.query(`UPDATE club_members SET birth_date = '2000-01-01' WHERE club_id = $1 AND profile_id = $2`, [clubId, bruno.profile.id]);
  await addGuardian(ctx.db, clubId, ana.profile.id, guardian, { consent: true });
});
afterAll(() => ctx.close());

const notes = (kind: string) => ctx.db.query<{ profile_id: string; title: string; body: string; link: string; urgent: boolean }>(
  `SELECT profile_id, title, body, link, urgent FROM notifications WHERE club_id = $1 AND kind = $2 ORDER BY link`, [clubId, kind]);
const charge = (profile: Session, description: string, due_date: string, amount = '85,50') =>
  call(ctx.app, 'POST', `${base}/charges`, { as: admin, body: { profile_id: profile.profile.id, description, amount, due_date, origin: 'avulsa' } });

describe(`charge notices on ${engineName()}`, () => {
  it("'Nova cobrança' goes to the member (Cobranças) and the guardian (/familia), with only that charge", async () => {
    expect((await charge(ana, 'Camiseta', '2026-12-10', '40,00')).statusCode).toBe(201);
    const rows = await notes('charge.created');
    expect(rows).toEqual([
      { profile_id: ana.profile.id, title: 'Nova cobrança: Camiseta', body: 'R$ 40,00, vencimento em 10/12/2026. O PIX para pagar está em Cobranças.', link: '/dashboard/cobrancas', urgent: false },
      { profile_id: guardian.profile.id, title: 'Nova cobrança: Camiseta', body: 'R$ 40,00, vencimento em 10/12/2026. O PIX para pagar está em Cobranças.', link: '/familia', urgent: false },
    ]);
  });

  it('a refused charge notifies nobody (the notice is written in the charge\'s transaction)', async () => {
    const before = (await notes('charge.created')).length;
    const res = await call(ctx.app, 'POST', `${base}/charges`, { as: admin, body: { profile_id: randomUUID(), description: 'X', amount: '1', due_date: '2026-12-10' } });
    expect(res.statusCode).toBe(400);
    expect((await notes('charge.created')).length).toBe(before);
  });

  it('the monthly job tells each new due once; a replay tells nothing again', async () => {
    await ctx.db.query(`INSERT INTO dues_plans (club_id, amount, due_day, months) VALUES ($1, 60, 10, '{1,2,3,4,5,6,7,8,9,10,11,12}')`, [clubId]);
    await ctx.db.query(`UPDATE club_members SET created_at = '2025-01-01' WHERE club_id = $1`, [clubId]);
    const before = (await notes('charge.created')).length;
    await runDuesJob(ctx.db, new Date('2026-11-15T12:00:00Z'));
    // Ana and Bruno's November, Ana's guardian too; the director has a function other than member and gets none.
    expect((await notes('charge.created')).length).toBe(before + 3);
    await ctx.db.query(`UPDATE dues_plans SET generated_through = NULL WHERE club_id = $1`, [clubId]);
    await runDuesJob(ctx.db, new Date('2026-11-15T13:00:00Z'));
    expect((await notes('charge.created')).length).toBe(before + 3);
  });

  it("a month's notices in one statement keep every rule: each recipient's link, the minor's e-mail off and phone silent, a push per other device, each once with two instances", async () => {
    await ctx.db.query(
      `INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth) SELECT id, 'https://push.example/' || id, 'p', 'a' FROM profiles WHERE id = ANY ($1::uuid[])`,
      [[ana.profile.id, guardian.profile.id, bruno.profile.id]]);
    await ctx.db.query(`UPDATE dues_plans SET generated_through = '2026-11-01' WHERE club_id = $1`, [clubId]);
    let kicks = 0;
    const stop = ctx.db.onCommit('notifications', () => { kicks += 1; });
    // Two instances at once, 23:00 in São Paulo on 14 December.
    const runs = await Promise.all([runDuesJob(ctx.db, new Date('2026-12-15T02:00:00Z')), runDuesJob(ctx.db, new Date('2026-12-15T02:00:00Z'))]);
    stop();
    expect(runs[0].created + runs[1].created).toBe(2);
    expect(kicks).toBe(1);
    const rows = await ctx.db.query<{ profile_id: string; link: string; body: string; email_mode: string; pushes: number; due_ok: boolean }>(
      `SELECT n.profile_id, n.link, n.body, n.email_mode, count(d.id)::int AS pushes,
              coalesce(bool_and(abs(extract(epoch FROM d.next_attempt_at - notification_push_due('America/Sao_Paulo', false))) < 300), true) AS due_ok
         FROM notifications n LEFT JOIN push_deliveries d ON d.notification_id = n.id
        WHERE n.club_id = $1 AND n.kind = 'charge.created' AND n.body LIKE '%14/12/2026%' AND n.body LIKE 'R$ 60,00%'
        GROUP BY n.id ORDER BY n.link, n.profile_id = $2`, [clubId, bruno.profile.id]);
    // Made on the 14th, after the due day (10): due that day, never in the past (issue 43).
    const body = 'R$ 60,00, vencimento em 14/12/2026. O PIX para pagar está em Cobranças.';
    expect(rows).toEqual([
      { profile_id: ana.profile.id, link: '/dashboard/cobrancas', body, email_mode: 'off', pushes: 0, due_ok: true },
      { profile_id: bruno.profile.id, link: '/dashboard/cobrancas', body, email_mode: expect.any(String), pushes: 1, due_ok: true },
      { profile_id: guardian.profile.id, link: '/familia', body, email_mode: expect.any(String), pushes: 1, due_ok: true },
    ]);
    expect(rows[1].email_mode).not.toBe('off');
  });

  it('due in 3 days and overdue (1 day late, urgent): once per charge and day, however many runs; a cancelled charge gets none', async () => {
    const soon = (await charge(ana, 'Acampamento', '2026-12-04')).json();
    const late = (await charge(bruno, 'Uniforme', '2026-11-30')).json();
    const cancelled = (await charge(bruno, 'Cancelada', '2026-11-30')).json();
    await call(ctx.app, 'POST', `${base}/charges/${cancelled.id}/cancel`, { as: admin, body: { reason: 'engano' } });
    // 1 December, 10:00 in São Paulo.
    const now = new Date('2026-12-01T13:00:00Z');
    await Promise.all([sendChargeReminders(ctx.db, now), sendChargeReminders(ctx.db, now)]);
    await sendChargeReminders(ctx.db, new Date('2026-12-01T20:00:00Z'));
    const dueSoon = await notes('charge.due_soon');
    expect(dueSoon.map((n) => [n.profile_id, n.title])).toEqual([
      [ana.profile.id, 'Cobrança vence em 3 dias: Acampamento'], [guardian.profile.id, 'Cobrança vence em 3 dias: Acampamento'],
    ]);
    const overdue = await notes('charge.overdue');
    expect(overdue).toEqual([{ profile_id: bruno.profile.id, title: 'Cobrança vencida: Uniforme', body: 'R$ 85,50 em aberto desde 30/11/2026. O PIX para pagar está em Cobranças.', link: '/dashboard/cobrancas', urgent: true }]);
    expect(soon.id).toBeTruthy();
    expect(late.id).toBeTruthy();
    // 7 days late: told again (another day); 2 days late: not a reminder day.
    await sendChargeReminders(ctx.db, new Date('2026-12-02T13:00:00Z'));
    expect((await notes('charge.overdue')).length).toBe(1);
    await sendChargeReminders(ctx.db, new Date('2026-12-07T13:00:00Z'));
    expect((await notes('charge.overdue')).length).toBe(2);
  });
});
