import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { REPORT_MSG } from '../../shared/associacao-reports.js';
import { seedDemoClub } from '../demo/base.js';
import { seedFinance } from '../finance/demo-seed.js';
import { monthlyReport } from '../finance/repo.js';
import { awardMembershipDurationBadges } from '../badges/engine.js';
import { insertBadge, insertTask } from '../../../test/gamification.js';
import { notifyWaitingSubmissions } from '../notifications/club-events.js';

/**
 * 21h30 on 30/11 in Brasília is already 01/12 in UTC: the club is still in November. The embedded
 * database reads the process clock, so a faked `Date` moves its now() too; PostgreSQL keeps its own
 * clock, so these run on PGlite only (the same rules run on every engine in the domain tests).
 */
const CLUB_EVENING = new Date('2026-12-01T00:30:00Z');

describe.runIf(engineName() === 'pglite')('the club\'s evening, after UTC has turned the month', () => {
  let ctx: TestContext;
  let s: StaffedClub;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(CLUB_EVENING);
    ctx = await createTestApp();
    s = await setUpStaffedClub(ctx, 'Clube da Noite', { members: ['Ana Souza', 'Bruno Lima'], cashAccount: 'Caixa' });
  });
  afterAll(async () => {
    await ctx.close();
    vi.useRealTimers();
  });

  it('the Associação\'s report counts the members who joined tonight in November, and December has not begun', async () => {
    const sut = `${s.base}/associacao/reports`;
    expect((await call(ctx.app, 'POST', sut, { as: s.secretary, body: { period_kind: 'monthly', year: 2026, month: 12 } })).json().error.message).toBe(REPORT_MSG.future);
    const res = await call(ctx.app, 'POST', sut, { as: s.secretary, body: { period_kind: 'monthly', year: 2026, month: 11 } });
    expect(res.statusCode, res.body).toBe(201);
    const fig = (k: string) => res.json().figures.find((f: { key: string }) => f.key === k)?.value;
    expect([fig('members_active'), fig('members_joined')]).toEqual(['5', '5']);
  });

  it('the finance demo seed fills the six months up to the club\'s November', async () => {
    const demo = await seedDemoClub(ctx.db);
    await seedFinance(demo);
    const months = await monthlyReport(ctx.db, demo.clubId);
    expect(months.at(-1)?.month.slice(0, 7)).toBe('2026-11');
    expect(months.filter((m) => m.income !== '0.00' && m.expense !== '0.00').map((m) => m.month.slice(0, 7)))
      .toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
  });

  it('a 30-day badge counts club days: joined at noon on 31/10, yes; on 01/11, not yet (UTC would say 30 days)', async () => {
    await insertBadge(ctx.db, { name: 'Trinta dias', criteria: { type: 'membership_duration', days: 30 } });
    const [ana, bruno] = s.members;
    const joined = (profileId: string, at: string) =>
      ctx.db.query(`UPDATE club_members SET created_at = $2 WHERE club_id = $1 AND profile_id = $3`, [s.club.id, at, profileId]);
    await joined(ana.profile.id, '2026-10-31T15:00:00Z');
    await joined(bruno.profile.id, '2026-11-01T15:00:00Z');
    expect(await awardMembershipDurationBadges(ctx.db)).toBe(1);
    const held = await ctx.db.query<{ profile_id: string }>(
      `SELECT mb.profile_id FROM member_badges mb JOIN badges b ON b.id = mb.badge_id WHERE b.name = 'Trinta dias'`,
    );
    expect(held.map((h) => h.profile_id)).toEqual([ana.profile.id]);
  });

  it('the reminder of waiting submissions goes once per club day: not again when UTC\'s day turns at 21h', async () => {
    const kid = s.members[0];
    const taskId = await insertTask(ctx.db, s.club.id, { title: 'Foto', type: 'submission' });
    const [assignment] = await ctx.db.query<{ id: string }>(
      `INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3) RETURNING id`, [s.club.id, taskId, kid.profile.id]);
    await ctx.db.query(
      `INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size, created_at)
       VALUES ($1, $2, $3, $4, 'k', 'foto.png', 'image/png', 10, now() - interval '4 days')`, [s.club.id, assignment.id, taskId, kid.profile.id]);
    const reminders = async () => (await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE club_id = $1 AND profile_id = $2 AND kind = 'submissions.waiting'`, [s.club.id, s.admin.profile.id]))[0].n;
    try {
      vi.setSystemTime(new Date('2026-11-30T22:00:00Z')); // 19h on 30/11 in Brasília
      await notifyWaitingSubmissions(ctx.db);
      expect(await reminders()).toBe(1);
      vi.setSystemTime(CLUB_EVENING); // 21h30, still 30/11 in Brasília
      await notifyWaitingSubmissions(ctx.db);
      expect(await reminders()).toBe(1);
      vi.setSystemTime(new Date('2026-12-01T12:00:00Z')); // 9h on 01/12
      await notifyWaitingSubmissions(ctx.db);
      expect(await reminders()).toBe(2);
    } finally {
      vi.setSystemTime(CLUB_EVENING);
    }
  });
});
