import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_MSG } from '../../shared/meetings.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { generateRuleMeetings, ruleDates } from './rules.js';
import { backgroundJobs } from '../jobs.js';
import { seedDemoClub } from '../demo/base.js';
import { seedDemoMeetings } from './demo-seed.js';
import { attendanceReport } from './report.js';

let ctx: TestContext;
let admin: Session;
let counselor: Session;
let secretary: Session;
let plain: Session;
let enzo: Session;
let club: { id: string };
let unitA: string;
let unitB: string;
const memberOf: Record<string, string> = {};
let criteria: { id: string; name: string; points: number }[];
const crit = (name: string) => {
  const c = criteria.find((k) => k.name === name);
  if (!c) throw new Error(`no criterion ${name}`);
  return c;
};

async function memberId(profileId: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, profileId]);
  return row.id;
}

async function newMember(name: string, unitId: string | null, role = 'Desbravador(a)'): Promise<Session> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, club.id, s.profile.id, role, unitId);
  memberOf[name] = await memberId(s.profile.id);
  return s;
}

async function ledger(meetingId: string) {
  return ctx.db.query<{ profile_id: string; unit_id: string | null; points: number; criterion_id: string }>(
    `SELECT profile_id, unit_id, points, criterion_id FROM point_events WHERE meeting_id = $1 ORDER BY occurred_at, points`,
    [meetingId],
  );
}

async function unitPoints(unitId: string): Promise<number> {
  const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/units`, { as: admin });
  expect(res.statusCode).toBe(200);
  const row = (res.json() as { unit_id: string; total_points: number }[]).find((u) => u.unit_id === unitId);
  return row?.total_points ?? 0;
}

let seq = 0;
async function newMeeting(date = '2026-11-21', title = `Reunião ${++seq}`): Promise<string> {
  const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/meetings`, { as: admin, body: { date, title, type: 'regular' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const roll = (meetingId: string, as: Session, marks: unknown[]) => call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${meetingId}/attendance`, { as, body: { marks } });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, member: plain, club } = await setUpClubWithMember(ctx, 'Reuniões'));
  unitA = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { name: 'Águias', color: '#0ea5e9', active: true } })).json().id;
  unitB = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { name: 'Leões', color: '#f59e0b', active: true } })).json().id;
  counselor = await newMember('Conselheira Ana', unitA, 'counselor');
  secretary = await newMember('Secretária Bia', null, 'secretary');
  await newMember('Caio', unitA);
  await newMember('Duda', unitA);
  enzo = await newMember('Enzo', unitB);
  criteria = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/meeting-criteria`, { as: admin })).json();
});
afterAll(() => ctx.close());

describe(`meetings and roll call on ${engineName()}`, () => {
  it('a new club starts with the default inspection criteria', async () => {
    expect(criteria.map((c) => [c.name, c.points])).toEqual([
      ['Presença', 10], ['Pontualidade', 5], ['Uniforme', 5], ['Bíblia', 3], ['Lição', 3], ['Caderno', 3],
    ]);
  });

  it('admin creates, edits and lists meetings; bad input is a pt-BR 400 that writes nothing', async () => {
    const id = await newMeeting('2026-11-28', 'Reunião regular');
    const edited = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${id}`, { as: admin, body: { date: '2025-11-30', title: 'Reunião de domingo', type: 'special', start_time: '09:30' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ date: '2025-11-30', start_time: '09:30', type: 'special', starts_at: '2025-11-30T12:30:00.000Z' });
    const list = await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings`, { as: plain });
    expect(list.json().some((m: { id: string }) => m.id === id)).toBe(true);
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM meetings WHERE club_id = $1', [club.id]);
    for (const body of [{ date: '2026-02-31', title: 'X' }, { date: '2026-11-28', title: '' }, { date: '2026-11-28', title: 'X', type: 'festa' }, { date: 'amanhã', title: 'X' }]) {
      const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/meetings`, { as: admin, body });
      expect(res.statusCode).toBe(400);
      expect(Object.values(MEETING_MSG)).toContain(res.json().error.message);
    }
    const [{ n: after }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM meetings WHERE club_id = $1', [club.id]);
    expect(after).toBe(n);
  });

  it('attendance saved twice leaves the same ledger, for the member and their unit', async () => {
    const id = await newMeeting();
    const before = await unitPoints(unitA);
    const marks = [{ member_id: memberOf.Caio, status: 'present', criteria: [crit('Presença').id, crit('Pontualidade').id, crit('Uniforme').id] }];
    const first = await roll(id, admin, marks);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ changed: 1, ledger_events: 3 });
    const once = await ledger(id);
    expect(once).toHaveLength(3);
    expect(once.every((e) => e.unit_id === unitA)).toBe(true);
    const second = await roll(id, admin, marks);
    expect(second.json()).toMatchObject({ changed: 0, ledger_events: 0 });
    expect(await ledger(id)).toEqual(once);
    // The unit ranking moves by exactly the criteria points: 10 + 5 + 5.
    expect((await unitPoints(unitA)) - before).toBe(20);
    expect(second.json().marks[0]).toMatchObject({ member_id: memberOf.Caio, status: 'present', points: 20 });
  });

  it('an edit from Presente to Falta removes those points; back to Presente writes them once', async () => {
    const id = await newMeeting();
    const before = await unitPoints(unitA);
    await roll(id, admin, [{ member_id: memberOf.Duda, status: 'present', criteria: [crit('Presença').id, crit('Bíblia').id] }]);
    expect((await unitPoints(unitA)) - before).toBe(13);
    const absent = await roll(id, admin, [{ member_id: memberOf.Duda, status: 'absent', criteria: [crit('Bíblia').id] }]);
    expect(absent.json()).toMatchObject({ changed: 1, ledger_events: 2 });
    expect(absent.json().marks[0]).toMatchObject({ status: 'absent', criteria: [], points: 0 });
    expect(await unitPoints(unitA)).toBe(before);
    const sum = (await ledger(id)).reduce((s, e) => s + e.points, 0);
    expect(sum).toBe(0);
    await roll(id, admin, [{ member_id: memberOf.Duda, status: 'late', criteria: [crit('Presença').id] }]);
    expect((await unitPoints(unitA)) - before).toBe(10);
    const individual = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/individual`, { as: admin })).json() as { full_name: string; total_points: number }[];
    expect(individual.find((r) => r.full_name === 'Duda')?.total_points).toBe(10);
  });

  it('a counsellor marks only their unit; a secretary reads all and marks none; a plain member neither', async () => {
    const id = await newMeeting();
    const other = await roll(id, counselor, [{ member_id: memberOf.Enzo, status: 'present', criteria: [crit('Presença').id] }]);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(MEETING_MSG.notYourUnit);
    const mixed = await roll(id, counselor, [
      { member_id: memberOf.Caio, status: 'present', criteria: [] },
      { member_id: memberOf.Enzo, status: 'present', criteria: [] },
    ]);
    expect(mixed.statusCode).toBe(403);
    expect(await ledger(id)).toHaveLength(0);
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM meeting_attendance WHERE meeting_id = $1', [id]);
    expect(n).toBe(0);
    const own = await roll(id, counselor, [{ member_id: memberOf.Caio, status: 'present', criteria: [crit('Presença').id] }]);
    expect(own.statusCode).toBe(200);
    const sheet = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/${id}/attendance`, { as: counselor })).json();
    expect(sheet.units.map((u: { id: string }) => u.id)).toEqual([unitA]);
    expect(sheet.members.every((m: { unit_id: string }) => m.unit_id === unitA)).toBe(true);
    const all = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/${id}/attendance`, { as: secretary })).json();
    expect(all.units.map((u: { can_mark: boolean }) => u.can_mark)).toEqual([false, false]);
    expect((await roll(id, secretary, [{ member_id: memberOf.Enzo, status: 'present', criteria: [] }])).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/${id}/attendance`, { as: plain })).statusCode).toBe(403);
    const refused = await roll(id, plain, [{ member_id: memberOf.Caio, status: 'absent', criteria: [] }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PERMISSION_MSG.forbidden('attendance.record'));
    const perms = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/permissions`, { as: counselor })).json();
    expect(perms).toEqual({ manage: false, call_roll: true, read_roll: true });
  });

  it('two identical saves at once write one ledger', async () => {
    const id = await newMeeting();
    const marks = [
      { member_id: memberOf.Caio, status: 'present', criteria: [crit('Presença').id, crit('Lição').id] },
      { member_id: memberOf.Enzo, status: 'late', criteria: [crit('Presença').id] },
    ];
    const results = await Promise.all([roll(id, admin, marks), roll(id, admin, marks), roll(id, admin, marks)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const events = await ledger(id);
    expect(events).toHaveLength(3);
    expect(events.reduce((s, e) => s + e.points, 0)).toBe(23);
  });

  it('unknown members, criteria of another club and repeated members are refused and change nothing', async () => {
    const id = await newMeeting();
    const otherAdmin = await signUp(ctx.app);
    const otherClub = await createClub(ctx.app, otherAdmin, 'Outro Clube');
    const foreignCriteria = (await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/meeting-criteria`, { as: otherAdmin })).json();
    const cases = [
      [{ member_id: '00000000-0000-4000-8000-000000000000', status: 'present', criteria: [] }],
      [{ member_id: memberOf.Caio, status: 'present', criteria: [foreignCriteria[0].id] }],
      [{ member_id: memberOf.Caio, status: 'present', criteria: [] }, { member_id: memberOf.Caio, status: 'absent', criteria: [] }],
      [{ member_id: memberOf.Caio, status: 'talvez', criteria: [] }],
      [],
    ];
    for (const marks of cases) {
      const res = await roll(id, admin, marks);
      expect(res.statusCode).toBe(400);
    }
    expect(await ledger(id)).toHaveLength(0);
    // Another club's admin: the meeting does not exist for them.
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/${id}/attendance`, { as: otherAdmin })).statusCode).toBe(404);
    expect((await call(ctx.app, 'PUT', `/api/clubs/${otherClub.id}/meetings/${id}/attendance`, { as: otherAdmin, body: { marks: [{ member_id: memberOf.Caio, status: 'present', criteria: [] }] } })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${otherClub.id}/meetings/${id}`, { as: otherAdmin })).statusCode).toBe(404);
  });

  it('a later write over someone else’s mark wins and is reported', async () => {
    const id = await newMeeting();
    const first = await roll(id, counselor, [{ member_id: memberOf.Caio, status: 'present', criteria: [crit('Presença').id], base_updated_at: null }]);
    expect(first.json().conflicts).toEqual([]);
    const stale = await roll(id, admin, [{ member_id: memberOf.Caio, status: 'absent', criteria: [], base_updated_at: null }]);
    expect(stale.json().conflicts).toEqual([{ member_id: memberOf.Caio, full_name: 'Caio', previous_status: 'present', marked_by_name: 'Conselheira Ana' }]);
    expect(stale.json().marks[0].status).toBe('absent');
    const fresh = await roll(id, admin, [{ member_id: memberOf.Caio, status: 'present', criteria: [], base_updated_at: stale.json().marks[0].updated_at }]);
    expect(fresh.json().conflicts).toEqual([]);
  });

  it('cancelling a meeting reverses its points and closes its roll call; moving it moves the points', async () => {
    const id = await newMeeting('2026-10-03');
    const before = await unitPoints(unitB);
    await roll(id, admin, [{ member_id: memberOf.Enzo, status: 'present', criteria: [crit('Presença').id, crit('Caderno').id] }]);
    expect((await unitPoints(unitB)) - before).toBe(13);
    const moved = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${id}`, { as: admin, body: { date: '2026-10-04', title: 'Movida', type: 'regular' } });
    expect(moved.statusCode).toBe(200);
    const net = await ctx.db.query<{ occurred_at: string; points: number }>(
      'SELECT occurred_at, sum(points)::int AS points FROM point_events WHERE meeting_id = $1 GROUP BY occurred_at HAVING sum(points) <> 0', [id]);
    expect(net).toEqual([{ occurred_at: moved.json().starts_at, points: 13 }]);
    const cancelled = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/meetings/${id}`, { as: admin });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await unitPoints(unitB)).toBe(before);
    const late = await roll(id, admin, [{ member_id: memberOf.Enzo, status: 'present', criteria: [] }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MEETING_MSG.cancelled);
  });

  it('a weekly rule creates the next meetings in the club time zone, exactly once', async () => {
    expect(ruleDates({ weekday: 6, start_date: '2026-11-01', last_generated_date: null }, '2026-11-23', 14)).toEqual(['2026-11-28', '2026-12-05']);
    expect(ruleDates({ weekday: 6, start_date: '2026-11-01', last_generated_date: '2026-11-28' }, '2026-11-23', 14)).toEqual(['2026-12-05']);
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/meeting-rules`, { as: admin, body: { title: 'Reunião de sábado', weekday: 6, start_time: '15:00', type: 'regular' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBeGreaterThanOrEqual(4);
    const again = await Promise.all([generateRuleMeetings(ctx.db, { clubId: club.id }), generateRuleMeetings(ctx.db, { clubId: club.id })]);
    expect(again).toEqual([0, 0]);
    // The hourly job of every app instance runs the same engine.
    const job = backgroundJobs.find((j) => j.name === 'meeting-rules');
    expect(await job?.run(ctx.app)).toBe(0);
    const rows = await ctx.db.query<{ date: string; local: string }>(
      `SELECT date, to_char(starts_at AT TIME ZONE 'America/Sao_Paulo', 'HH24:MI') AS local FROM meetings WHERE rule_id = $1`, [res.json().rule.id]);
    expect(rows.length).toBe(res.json().created);
    expect(rows.every((r) => new Date(`${r.date}T00:00:00Z`).getUTCDay() === 6 && r.local === '15:00')).toBe(true);
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/meeting-rules`, { as: counselor, body: { title: 'X', weekday: 6, start_time: '15:00' } })).statusCode).toBe(403);
  });

  it('criteria: admin adds and edits; a deactivated criterion cannot be ticked', async () => {
    const created = await call(ctx.app, 'POST', `/api/clubs/${club.id}/meeting-criteria`, { as: admin, body: { name: 'Lenço', points: '4', active: true, position: 7 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Lenço', points: 4, auto_tick: null });
    const off = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/meeting-criteria/${created.json().id}`, { as: admin, body: { name: 'Lenço', points: 4, active: false, position: 7 } });
    expect(off.json().active).toBe(false);
    const id = await newMeeting();
    expect((await roll(id, admin, [{ member_id: memberOf.Caio, status: 'present', criteria: [created.json().id] }])).statusCode).toBe(400);
    for (const body of [{ name: '', points: 1 }, { name: 'X', points: -1 }, { name: 'X', points: 1.5 }, { name: 'X', points: 'dez' }]) {
      expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/meeting-criteria`, { as: admin, body })).statusCode).toBe(400);
    }
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/meeting-criteria`, { as: counselor, body: { name: 'X', points: 1 } })).statusCode).toBe(403);
  });

  it('reports attendance per member, unit and week, flags 3 absences in a row, and exports CSV', async () => {
    const ids = [await newMeeting('2025-03-01'), await newMeeting('2025-03-08'), await newMeeting('2025-03-15'), await newMeeting('2025-03-22')];
    for (const id of ids.slice(0, 3)) await roll(id, admin, [{ member_id: memberOf.Enzo, status: 'absent', criteria: [] }, { member_id: memberOf.Caio, status: 'present', criteria: [] }]);
    await roll(ids[3], admin, [{ member_id: memberOf.Enzo, status: 'excused', criteria: [] }, { member_id: memberOf.Caio, status: 'late', criteria: [] }]);
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/report?from=2025-03-01&to=2025-03-31`, { as: secretary });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.meetings).toBe(4);
    expect(report.members.find((m: { full_name: string }) => m.full_name === 'Enzo')).toMatchObject({ absent: 3, excused: 1, attendance_pct: 0, max_absence_streak: 3 });
    expect(report.members.find((m: { full_name: string }) => m.full_name === 'Caio')).toMatchObject({ present: 3, late: 1, attendance_pct: 100, max_absence_streak: 0 });
    expect(report.weeks.map((w: { week_start: string }) => w.week_start)).toEqual(['2025-02-23', '2025-03-02', '2025-03-09', '2025-03-16']);
    const own = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/report?from=2025-03-01&to=2025-03-31`, { as: counselor })).json();
    expect(own.members.map((m: { full_name: string }) => m.full_name)).toEqual(['Caio']);
    const csv = await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/report.csv?from=2025-03-01&to=2025-03-31`, { as: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Membro;Unidade;Presenças');
    expect(csv.body).toContain('Enzo;Leões;0;0;3;1;4;0;3;01/03/2025;31/03/2025');
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/report?from=2025-04-01&to=2025-03-01`, { as: admin })).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/report?from=2025-04-01&to=2025-03-01`, { as: plain })).statusCode).toBe(403);
  });

  it('the dashboard summary shows the next meeting and the last one’s attendance', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/summary`, { as: plain });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.next?.title).toBe('Reunião de sábado');
    expect(s.last).not.toBeNull();
    expect(s.last_counts.total).toBeGreaterThan(0);
  });

  it('the demo seed holds past meetings with attendance, one member with 3 absences in a row, and the next Saturdays', async () => {
    const demo = await seedDemoClub(ctx.db);
    await seedDemoMeetings(demo);
    const report = await attendanceReport(ctx.db, demo.clubId, '2000-01-01', '2200-01-01', null);
    expect(report.meetings).toBe(6);
    expect(report.members.filter((m) => m.max_absence_streak >= 3)).toHaveLength(1);
    expect(report.units.length).toBe(4);
    const [{ upcoming }] = await ctx.db.query<{ upcoming: number }>(`SELECT count(*)::int AS upcoming FROM meetings WHERE club_id = $1 AND starts_at > now()`, [demo.clubId]);
    expect(upcoming).toBeGreaterThanOrEqual(4);
    const [{ points }] = await ctx.db.query<{ points: number }>(`SELECT coalesce(sum(points), 0)::int AS points FROM point_events WHERE club_id = $1 AND source = 'meeting'`, [demo.clubId]);
    expect(points).toBeGreaterThan(0);
  });

  it('a member sees their own attendance; the counsellor of their unit, admins and secretaries too; others not', async () => {
    const enzoProfile = enzo.profile.id;
    const own = await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/attendance-of/${enzoProfile}`, { as: enzo });
    expect(own.statusCode).toBe(200);
    expect(own.json().counts.total).toBeGreaterThan(0);
    expect(own.json().recent[0]).toMatchObject({ status: expect.any(String), points: expect.any(Number) });
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/attendance-of/${memberOf.Enzo}`, { as: secretary })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/attendance-of/${memberOf.Enzo}`, { as: counselor })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/attendance-of/${memberOf.Caio}`, { as: counselor })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/attendance-of/${memberOf.Caio}`, { as: plain })).statusCode).toBe(403);
    const stranger = await signUp(ctx.app);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/meetings/attendance-of/${memberOf.Caio}`, { as: stranger })).statusCode).toBe(404);
    // The profile breaks the total down with the meetings' share.
    const profile = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/profile`, { as: enzo })).json();
    const [{ points }] = await ctx.db.query<{ points: number }>(`SELECT coalesce(sum(points), 0)::int AS points FROM point_events WHERE profile_id = $1 AND source = 'meeting'`, [enzoProfile]);
    expect(profile.points_meetings).toBe(points);
    expect(profile.history.some((h: { source: string }) => h.source === 'meeting') || points === 0).toBe(true);
  });

  it('meeting points count in the period the meeting falls in, not in others', async () => {
    const inside = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: { name: 'Agosto', start_date: '2024-08-01T03:00:00Z', end_date: '2024-09-01T02:59:00Z' } })).json();
    const outside = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: { name: 'Setembro', start_date: '2024-09-01T03:00:00Z', end_date: '2024-10-01T02:59:00Z' } })).json();
    const id = await newMeeting('2024-08-31', 'Última de agosto');
    // 19:00 in São Paulo on 31/08 is 22:00 UTC: still August for the club.
    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${id}`, { as: admin, body: { date: '2024-08-31', title: 'Última de agosto', start_time: '19:00' } });
    await roll(id, admin, [{ member_id: memberOf.Enzo, status: 'present', criteria: [crit('Presença').id, crit('Uniforme').id] }]);
    const points = async (periodId: string) => {
      const rows = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/units?period_id=${periodId}`, { as: admin })).json() as { unit_id: string; total_points: number }[];
      return rows.find((r) => r.unit_id === unitB)?.total_points ?? 0;
    };
    expect(await points(inside.id)).toBe(15);
    expect(await points(outside.id)).toBe(0);
  });
});
