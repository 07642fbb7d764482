import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEC_MSG } from '../../shared/secretaria.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

// Issue 47: a roll call already taken in Trilha is attached to an ata as its attendance.

let ctx: TestContext;
let admin: Session;
let secretary: Session;
let member: Session;
let stranger: Session;
let clubId: string;
let base: string;
let strangerBase: string;
let kids: string[];
let secretaryMember: string;
let meetingId: string;

const ata = (over: Record<string, unknown> = {}) => ({
  kind: 'regular', held_on: '2026-03-07', place: 'Salão do clube', presided_by: 'Diretora', written_by: 'Secretário',
  present_member_ids: [secretaryMember], visitors: [], agenda: '', body: 'Reunião regular do clube.', votos: [], ...over,
});
const atasCount = async () => Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM atas WHERE club_id = $1`, [clubId]))[0].n);

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, secretary, members: [member], stranger, club, base } = await setUpStaffedClub(ctx, 'Clube Chamada', { members: ['Ana Membro'] }));
  clubId = club.id;
  secretaryMember = await memberIdOf(ctx.db, clubId, secretary.profile.id);
  kids = [await memberIdOf(ctx.db, clubId, member.profile.id)];
  for (const name of ['Bruno', 'Carla', 'Davi']) {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, clubId, s.profile.id);
    kids.push(await memberIdOf(ctx.db, clubId, s.profile.id));
  }
  const [other] = await ctx.db.query<{ club_id: string }>(`SELECT club_id FROM club_members WHERE profile_id = $1`, [stranger.profile.id]);
  strangerBase = `/api/clubs/${other.club_id}`;
  const meeting = await call(ctx.app, 'POST', `${base}/meetings`, { as: admin, body: { date: '2026-03-07', title: 'Reunião de sábado', type: 'regular' } });
  expect(meeting.statusCode).toBe(201);
  meetingId = meeting.json().id;
  const marks = [
    { member_id: kids[0], status: 'present', criteria: [] }, { member_id: kids[1], status: 'late', criteria: [] },
    { member_id: kids[2], status: 'absent', criteria: [] }, { member_id: kids[3], status: 'excused', criteria: [] },
  ];
  expect((await call(ctx.app, 'PUT', `${base}/meetings/${meetingId}/attendance`, { as: admin, body: { marks } })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe(`an ata's attendance from a roll call on ${engineName()}`, () => {
  it("lists the date's roll calls with their counts, and none on a day without one", async () => {
    const res = await call(ctx.app, 'GET', `${base}/secretaria/atas/roll-calls?date=2026-03-07`, { as: secretary });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ meeting_id: meetingId, title: 'Reunião de sábado', date: '2026-03-07', present: 1, late: 1, absent: 1, excused: 1 }]);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas/roll-calls?date=2026-03-08`, { as: secretary })).json()).toEqual([]);
    const bad = await call(ctx.app, 'GET', `${base}/secretaria/atas/roll-calls?date=2026-02-31`, { as: secretary });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(SEC_MSG.dateInvalid);
  });

  it('attaching it puts who was there (present or late) among the present, and the ata shows the roll call', async () => {
    const res = await call(ctx.app, 'POST', `${base}/secretaria/atas`, {
      as: secretary, body: ata({ roll_call_meeting_id: meetingId, votos: [{ subject: 'Aprovada a gincana', votes_for: 3, votes_against: 0, abstentions: 0 }] }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.roll_call).toEqual({ meeting_id: meetingId, title: 'Reunião de sábado', date: '2026-03-07', present: 1, late: 1, absent: 1, excused: 1 });
    expect(created.present.map((p: { member_id: string }) => p.member_id).sort()).toEqual([secretaryMember, kids[0], kids[1]].sort());
    // Editing the draft without the roll call keeps only who was picked.
    const edited = await call(ctx.app, 'PUT', `${base}/secretaria/atas/${created.id}`, { as: secretary, body: ata() });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().roll_call).toBeNull();
    expect(edited.json().present.map((p: { member_id: string }) => p.member_id)).toEqual([secretaryMember]);
  });

  it("refuses a roll call of another date, of another club, a meeting without one, and votos past who was there; nothing is written", async () => {
    const before = await atasCount();
    const other = await call(ctx.app, 'POST', `${strangerBase}/meetings`, { as: stranger, body: { date: '2026-03-07', title: 'Deles', type: 'regular' } });
    const empty = await call(ctx.app, 'POST', `${base}/meetings`, { as: admin, body: { date: '2026-03-07', title: 'Sem chamada', type: 'special' } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [ata({ held_on: '2026-03-08', roll_call_meeting_id: meetingId }), SEC_MSG.rollCallNotFound],
      [ata({ roll_call_meeting_id: other.json().id }), SEC_MSG.rollCallNotFound],
      [ata({ roll_call_meeting_id: empty.json().id }), SEC_MSG.rollCallEmpty],
      [ata({ roll_call_meeting_id: 'não-é-id' }), SEC_MSG.idInvalid],
      [ata({ roll_call_meeting_id: meetingId, votos: [{ subject: 'Demais', votes_for: 4, votes_against: 0, abstentions: 0 }] }), SEC_MSG.countTooMany(4, 3)],
      [ata({ roll_call_meeting_id: meetingId, votos: [{ subject: 'Nada', votes_for: 0, votes_against: 0, abstentions: 0 }] }), SEC_MSG.countZero],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body });
      expect(res.statusCode, JSON.stringify(body.roll_call_meeting_id)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await atasCount()).toBe(before);
  });

  it('a member may not list roll calls, another club gets 404', async () => {
    const denied = await call(ctx.app, 'GET', `${base}/secretaria/atas/roll-calls?date=2026-03-07`, { as: member });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(PERMISSION_MSG.forbidden('secretaria.read'));
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas/roll-calls?date=2026-03-07`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas/roll-calls?date=2026-03-07`, { as: admin })).statusCode).toBe(200);
  });

  it('two secretaries attaching the same roll call at once get two atas with consecutive numbers and the same attendance', async () => {
    const [a, b] = await Promise.all([
      call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata({ roll_call_meeting_id: meetingId }) }),
      call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: admin, body: ata({ roll_call_meeting_id: meetingId }) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(Math.abs(a.json().number - b.json().number)).toBe(1);
    expect(a.json().present.length).toBe(b.json().present.length);
  });
});
