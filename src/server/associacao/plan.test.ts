import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { PLAN_MSG } from '../../../src/shared/associacao-plan.js';
import { plansSignedOnOfClubs } from './plan-repo.js';
import { reminderDue, sendDeadlineReminders } from './plan-reminders.js';
import { foldLine, icsText } from './ics.js';

let ctx: TestContext;
let s: StaffedClub;
let mother: Session;

const ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Associação//PT', 'BEGIN:VEVENT', 'UID:a1', 'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20270320', 'DTEND;VALUE=DATE:20270322', 'SUMMARY:Campori da Associação', 'DESCRIPTION:Levar barraca\\, lanterna', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:a2', 'DTSTAMP:20260101T000000Z', 'DTSTART:20270410T130000Z', 'DTEND:20270410T170000Z', 'SUMMARY:Reunião regional de diretores', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://trilha.exemplo.org' });
  s = await setUpStaffedClub(ctx, 'Clube Plano', { members: ['Ana Souza'] });
  mother = await signUp(ctx.app, { name: 'Carla Souza' });
  await addGuardian(ctx.db, s.club.id, s.members[0].profile.id, mother, { consent: true });
  await ctx.db.query(`INSERT INTO meeting_rules (club_id, title, weekday, start_time, start_date) VALUES ($1, 'Reunião regular', 6, '15:00', '2027-01-01')`, [s.club.id]);
});
afterAll(() => ctx.close());

describe(`the year's plan on ${engineName()}`, () => {
  it('types a holiday and refuses an end before its start, an impossible date and NUL in pt-BR, writing nothing', async () => {
    const ok = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/entries`, { as: s.secretary, body: { kind: 'holiday', title: 'Carnaval', starts_on: '2027-02-08', ends_on: '2027-02-09' } });
    expect(ok.statusCode).toBe(201);
    const bad = [
      [{ kind: 'break', title: 'Férias', starts_on: '2027-07-20', ends_on: '2027-07-01' }, PLAN_MSG.endBeforeStart],
      [{ kind: 'break', title: 'Férias', starts_on: '2027-02-30' }, PLAN_MSG.start],
      [{ kind: 'nope', title: 'Férias', starts_on: '2027-07-01' }, PLAN_MSG.kind],
      [{ kind: 'break', title: 'x'.repeat(200 * 1024), starts_on: '2027-07-01' }, PLAN_MSG.titleLong],
    ] as const;
    for (const [body, message] of bad) {
      const r = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/entries`, { as: s.secretary, body });
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json().error.message).toBe(message);
    }
    const nul = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/entries`, { as: s.secretary, body: { kind: 'break', title: 'a\u0000b', starts_on: '2027-07-01' } });
    expect(nul.statusCode).toBe(400);
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM club_calendar_entries WHERE club_id = $1`, [s.club.id]);
    expect(n).toBe(1);
  });

  it('the calendar holds the projected weekly meetings, events and the typed dates; members read, a stranger gets 404, a member cannot write', async () => {
    await ctx.db.query(`INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, registration_deadline) VALUES ($1, 'Acampamento de outono', 'acampamento', '2027-04-23', '2027-04-25', 'Sítio Esperança', '2027-04-10')`, [s.club.id]);
    const r = await call(ctx.app, 'GET', `${s.base}/associacao/calendar?year=2027`, { as: s.members[0] });
    expect(r.statusCode).toBe(200);
    const cal = r.json();
    expect(cal.can_manage).toBe(false);
    const meetings = cal.items.filter((i: { kind: string }) => i.kind === 'meeting');
    expect(meetings.length).toBe(52); // every Saturday of 2027
    expect(meetings[0]).toMatchObject({ starts_on: '2027-01-02', time: '15:00' });
    expect(cal.items.some((i: { kind: string; title: string }) => i.kind === 'event' && i.title === 'Acampamento de outono')).toBe(true);
    expect(cal.items.some((i: { kind: string; title: string }) => i.kind === 'holiday' && i.title === 'Carnaval')).toBe(true);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/calendar`, { as: s.stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `${s.base}/associacao/calendar/entries`, { as: s.members[0], body: { kind: 'holiday', title: 'X', starts_on: '2027-01-01' } })).statusCode).toBe(403);
    const fam = await call(ctx.app, 'GET', `/api/family/children/${(await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE profile_id = $1`, [s.members[0].profile.id]))[0].id}/calendar?year=2027`, { as: mother });
    expect(fam.statusCode).toBe(200);
    expect(fam.json().items.length).toBe(cal.items.length);
  });

  it('imports an .ics after a preview, all or nothing; refuses a file that is not one, a formula and a 5 MB body', async () => {
    const preview = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'ics', content: ICS, kind: 'associacao', dry_run: true } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows.map((r: { title: string; starts_on: string; ends_on: string }) => [r.title, r.starts_on, r.ends_on])).toEqual([
      ['Campori da Associação', '2027-03-20', '2027-03-21'],
      ['Reunião regional de diretores', '2027-04-10', '2027-04-10'],
    ]);
    const count = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM club_calendar_entries WHERE club_id = $1`, [s.club.id]))[0].n;
    expect(await count()).toBe(1);
    const notIcs = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'ics', content: 'PK\u0003\u0004 isto é um zip', dry_run: false } });
    expect(notIcs.statusCode).toBe(400);
    expect(notIcs.json().error.message).toBe(PLAN_MSG.notIcs);
    const broken = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'ics', content: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2027\r\n', dry_run: false } });
    expect(broken.statusCode).toBe(400);
    const formula = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'csv', content: 'data;nome;tipo\n01/05/2027;Dia do Trabalho;feriado\n02/05/2027;=HYPERLINK("http://x");clube\n', dry_run: false } });
    expect(formula.statusCode).toBe(400);
    expect(formula.json().error.message).toBe(PLAN_MSG.hasErrors);
    const big = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'ics', content: `BEGIN:VCALENDAR\r\n${'X'.repeat(5 * 1024 * 1024)}`, dry_run: false } });
    expect(big.statusCode).toBe(413);
    expect(await count()).toBe(1);
    const done = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'ics', content: ICS, kind: 'associacao', dry_run: false } });
    expect(done.json()).toMatchObject({ imported: 2, message: '2 datas importadas.' });
    const csv = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/import`, { as: s.secretary, body: { format: 'csv', content: '\uFEFFData;Fim;Nome;Tipo;Observação\n01/05/2027;;Dia do Trabalho;feriado;\n12/07/2027;30/07/2027;Férias de julho;recesso;sem reuniões\n31/02/2027;;Data impossível;clube;\n', dry_run: true } });
    expect(csv.statusCode).toBe(200);
    expect(csv.json().valid).toBe(false);
    expect(csv.json().rows[2].errors).toEqual([PLAN_MSG.dateInvalid('31/02/2027')]);
    expect(await count()).toBe(3);
  });

  it('the annual plan: goals, the diretoria, signed with a date; plansSignedOnOfClubs tells the evaluation', async () => {
    expect(await plansSignedOnOfClubs(ctx.db, [{ clubId: s.club.id, year: 2027 }])).toEqual(new Map());
    const put = await call(ctx.app, 'PUT', `${s.base}/associacao/plan`, { as: s.admin, body: { year: 2027, goals: '1. Investir 20 membros.\n2. Campori.', signed_on: '2026-11-01' } });
    expect(put.statusCode).toBe(200);
    const plan = (await call(ctx.app, 'GET', `${s.base}/associacao/plan?year=2027`, { as: s.admin })).json();
    expect(plan).toMatchObject({ year: 2027, goals: '1. Investir 20 membros.\n2. Campori.', signed_on: '2026-11-01', club_name: 'Clube Plano' });
    expect(await plansSignedOnOfClubs(ctx.db, [{ clubId: s.club.id, year: 2027 }])).toEqual(new Map([[s.club.id, '2026-11-01']]));
    const future = await call(ctx.app, 'PUT', `${s.base}/associacao/plan`, { as: s.admin, body: { year: 2027, goals: '', signed_on: '2199-01-01' } });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(PLAN_MSG.signedFuture);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/plan`, { as: s.members[0] })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/plan`, { as: s.stranger })).statusCode).toBe(404);
  });

  it('a family subscribes: one secret URL from PUBLIC_URL (not Host), text/calendar that parses, no child in it; regenerate and revoke', async () => {
    const childId = (await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE profile_id = $1`, [s.members[0].profile.id]))[0].id;
    const made = await call(ctx.app, 'POST', `/api/family/children/${childId}/calendar/feed`, { as: mother, headers: { host: 'evil.example' } });
    expect(made.statusCode).toBe(200);
    const url: string = made.json().url;
    expect(url).toMatch(/^https:\/\/trilha\.exemplo\.org\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const path = new URL(url).pathname;
    const [{ token_hash: hash }] = await ctx.db.query<{ token_hash: string }>(`SELECT token_hash FROM calendar_feed_tokens WHERE profile_id = $1`, [mother.profile.id]);
    expect(url).not.toContain(hash);
    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const comp = new ICAL.Component(ICAL.parse(feed.body));
    const events = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.some((e) => e.summary === 'Campori da Associação')).toBe(true);
    expect(events.some((e) => e.summary === 'Reunião regular' && (e.startDate as unknown as { timezone?: string }).timezone === 'America/Sao_Paulo')).toBe(true);
    expect(feed.body).not.toContain('Ana Souza');
    expect(feed.body).not.toContain('Carla');
    const again = await call(ctx.app, 'POST', `/api/family/children/${childId}/calendar/feed`, { as: mother });
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const path2 = new URL(again.json().url).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: path2 })).statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/family/children/${childId}/calendar/feed`, { as: mother })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: path2 })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/family/children/${childId}/calendar/feed`, { as: s.stranger })).statusCode).toBe(404);
    // A member's own feed; it dies with the membership.
    const mine = await call(ctx.app, 'POST', `${s.base}/associacao/calendar/feed`, { as: s.members[0] });
    const minePath = new URL(mine.json().url).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: minePath })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/calendar/feed`, { as: s.members[0] })).json().created_at).not.toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/nada.ics' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/%00%00.ics' })).statusCode).toBeLessThan(500);
  });

  it('ics text: escaped and folded at 75 octets without cutting a character', () => {
    expect(icsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'ã'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'ã'.repeat(60)}`);
  });

  it('the deadline reminders: 30, 7 and 1 days before, to the director and the secretary, exactly once each (club clock)', async () => {
    expect([60, 31, 30, 8, 7, 2, 1, 0, -1].map(reminderDue)).toEqual([null, null, 30, 30, 7, 7, 1, 1, null]);
    const count = async () => (await ctx.db.query<{ profile_id: string; title: string }>(`SELECT profile_id, title FROM notifications WHERE club_id = $1 AND kind = 'associacao.deadline' ORDER BY created_at, title`, [s.club.id]));
    // 11/01/2027 10h in São Paulo: 30 days to 10/02/2027.
    await sendDeadlineReminders(ctx.db, new Date('2027-01-11T13:00:00Z'));
    await sendDeadlineReminders(ctx.db, new Date('2027-01-11T14:00:00Z'));
    let rows = await count();
    expect(rows.map((r) => r.profile_id).sort()).toEqual([s.admin.profile.id, s.secretary.profile.id].sort());
    expect(rows[0].title).toBe('Prazo do SGC e do seguro em 30 dias (10/02/2027)');
    // 1 a.m. UTC on 11/01 is still 10/01 in São Paulo: 31 days, nothing new.
    await sendDeadlineReminders(ctx.db, new Date('2027-01-20T12:00:00Z'));
    expect((await count()).length).toBe(2);
    await sendDeadlineReminders(ctx.db, new Date('2027-02-03T12:00:00Z'));
    await sendDeadlineReminders(ctx.db, new Date('2027-02-09T12:00:00Z'));
    await sendDeadlineReminders(ctx.db, new Date('2027-02-09T20:00:00Z'));
    rows = await count();
    expect(rows.length).toBe(6);
    expect(rows.filter((r) => r.title.startsWith('Prazo do SGC e do seguro em 1 dia ')).length).toBe(2);
    expect((await ctx.db.query(`SELECT 1 FROM notifications WHERE club_id = $1 AND kind = 'associacao.deadline' AND profile_id = $2`, [s.club.id, s.treasurer.profile.id])).length).toBe(0);
  });
});
