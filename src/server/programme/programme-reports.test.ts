import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { REPORT_KINDS, REPORT_MSG } from '../../shared/programme-reports.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

/** The programme's reports (secretary and direction): JSON and CSV, permissions, the stale window. */
let ctx: TestContext;
let admin: Session;
let secretary: Session;
let instructor: Session;
let plain: Session;
let stranger: Session;
let clubId: string;
let otherClubId: string;
const kids: Record<string, string> = {};
const reqs: Record<string, string[]> = {};

const R = (kind: string, q = '') => `/api/clubs/${clubId}/programme/reports/${kind}${q}`;
const P = () => `/api/clubs/${clubId}/programme`;
const sign = (requirementId: string, memberIds: string[], signedOn?: string) =>
  call(ctx.app, 'POST', `${P()}/signatures`, { as: admin, body: { requirement_id: requirementId, member_ids: memberIds, ...(signedOn ? { signed_on: signedOn } : {}) } });
const csvRows = (body: string) => Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  secretary = await signUp(ctx.app, { name: 'Secretária' });
  instructor = await signUp(ctx.app, { name: 'Instrutor' });
  plain = await signUp(ctx.app, { name: 'Membro' });
  stranger = await signUp(ctx.app, { name: 'Diretor de fora' });
  clubId = (await createClub(ctx.app, admin, 'Clube Relatórios')).id;
  otherClubId = (await createClub(ctx.app, stranger, 'Outro Clube')).id;
  const aguias = await insertUnit(ctx.db, clubId, 'Águias');
  const leoes = await insertUnit(ctx.db, clubId, 'Leões');
  await addMember(ctx.db, clubId, secretary.profile.id, 'secretary');
  await addMember(ctx.db, clubId, instructor.profile.id, 'instructor');
  await addMember(ctx.db, clubId, plain.profile.id, 'member', aguias);
  for (const [name, unit] of [['Ana', aguias], ['Bia', aguias], ['Caio', leoes]] as const) {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, clubId, s.profile.id, 'member', unit);
    kids[name] = (await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, s.profile.id]))[0].id;
  }
  for (const [code, texts] of [['AMIGO', ['Voto', 'Lei', 'Caminhada', '=Fórmula']], ['EN-001', ['Felinos']]] as const) {
    for (const text of texts) {
      const res = await call(ctx.app, 'POST', `${P()}/items/${code}/requirements`, { as: admin, body: { section_code: code === 'AMIGO' ? 'G' : null, text } });
      expect(res.statusCode, res.body).toBe(201);
      (reqs[code] ??= []).push(res.json().id);
    }
  }
  for (const k of Object.values(kids)) await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: k, item_code: 'AMIGO' } });
  await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: kids.Ana, item_code: 'EN-001' } });
  await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: kids.Bia, item_code: 'EN-001' } });
  // Ana completes Amigo and EN-001; Bia signed 'Voto' long ago; Caio signed 'Voto' today.
  for (const r of reqs.AMIGO) expect((await sign(r, [kids.Ana], isoDaysAgo(3))).statusCode).toBe(200);
  await sign(reqs['EN-001'][0], [kids.Ana], isoDaysAgo(3));
  await sign(reqs.AMIGO[0], [kids.Bia], isoDaysAgo(100));
  await sign(reqs.AMIGO[0], [kids.Caio]);
});
afterAll(() => ctx.close());

describe(`the programme's reports on ${engineName()}`, () => {
  it('progress per class, per unit and per member', async () => {
    const classes = await call(ctx.app, 'GET', R('classes'), { as: secretary });
    expect(classes.statusCode, classes.body).toBe(200);
    // Ana 4/4, Bia 1/4, Caio 1/4: 6 of 12.
    expect(classes.json()).toEqual([{ item_code: 'AMIGO', item_name: 'Amigo', enrolled: 3, in_progress: 2, ready: 1, invested: 0, signed: 6, total: 12, percent: 50 }]);
    const units = (await call(ctx.app, 'GET', R('units'), { as: admin })).json();
    expect(units.map((u: { unit_name: string; signed: number; total: number; percent: number }) => [u.unit_name, u.signed, u.total, u.percent])).toEqual([['Águias', 5, 8, 62], ['Leões', 1, 4, 25]]);
    const members = (await call(ctx.app, 'GET', R('members'), { as: admin })).json();
    expect(members.map((m: { full_name: string; percent: number; status: string; specialties_completed: number }) => [m.full_name, m.percent, m.status, m.specialties_completed]))
      .toEqual([['Ana', 100, 'pronto', 1], ['Bia', 25, 'em_andamento', 0], ['Caio', 25, 'em_andamento', 0]]);
  });

  it('requisitos nobody signed in the last N weeks (that someone still lacks)', async () => {
    const four = (await call(ctx.app, 'GET', R('stale', '?weeks=4'), { as: admin })).json();
    // 'Voto' was signed today; 'Lei', 'Caminhada', '=Fórmula' only by Ana 3 days ago → signed inside 4 weeks.
    expect(four).toEqual([]);
    await ctx.db.query(`UPDATE programme_signatures SET signed_on = current_date - 30 WHERE club_id = $1 AND signed_on > current_date - 10 AND signed_on < current_date`, [clubId]);
    const stale = (await call(ctx.app, 'GET', R('stale'), { as: admin })).json();
    // EN-001's 'Felinos': Bia still lacks it and Ana signed it 30 days ago.
    expect(stale.map((r: { text: string; waiting: number }) => [r.text, r.waiting])).toEqual([['Lei', 2], ['Caminhada', 2], ['=Fórmula', 2], ['Felinos', 1]]);
    expect(stale[0].last_signed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const five = (await call(ctx.app, 'GET', R('stale', '?weeks=5'), { as: admin })).json();
    expect(five).toEqual([]);
    const csv = await call(ctx.app, 'GET', R('stale.csv', '?weeks=2'), { as: admin });
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['Item', 'Seção', 'Nº', 'Requisito', 'Última assinatura', 'Membros esperando']);
    expect(rows.map((r) => r[3])).toContain("'=Fórmula");
    expect(rows[1][4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('especialidades per area', async () => {
    const areas = (await call(ctx.app, 'GET', R('areas'), { as: admin })).json();
    const en = areas.find((a: { area_code: string }) => a.area_code === 'EN');
    expect(en).toMatchObject({ in_progress: 1, ready: 1, invested: 0, members: 2 });
    expect(en.catalogue).toBeGreaterThan(10);
  });

  it('every report has its CSV, in pt-BR', async () => {
    for (const kind of REPORT_KINDS) {
      const res = await call(ctx.app, 'GET', R(`${kind}.csv`), { as: secretary });
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
    }
    const members = csvRows((await call(ctx.app, 'GET', R('members.csv'), { as: admin })).body);
    expect(members[0][0]).toBe('Membro');
    expect(members[1]).toEqual(expect.arrayContaining(['Ana', 'Amigo', 'Pronto para investidura']));
  });

  it('weeks out of range get a pt-BR message', async () => {
    for (const q of ['?weeks=0', '?weeks=105', '?weeks=abc', '?weeks=-1', '?weeks=2.5']) {
      const res = await call(ctx.app, 'GET', R('stale', q), { as: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toBe(REPORT_MSG.weeksInvalid);
    }
  });

  it('a plain member and an instructor are refused; another club gets 404', async () => {
    for (const kind of REPORT_KINDS) {
      expect((await call(ctx.app, 'GET', R(kind), { as: plain })).statusCode).toBe(403);
      expect((await call(ctx.app, 'GET', R(`${kind}.csv`), { as: instructor })).statusCode).toBe(403);
      expect((await call(ctx.app, 'GET', R(kind), { as: stranger })).statusCode).toBe(404);
      expect((await call(ctx.app, 'GET', `/api/clubs/${otherClubId}/programme/reports/${kind}`, { as: admin })).statusCode).toBe(404);
    }
    // The other club's own report shows none of this club's members.
    expect((await call(ctx.app, 'GET', `/api/clubs/${otherClubId}/programme/reports/members`, { as: stranger })).json()).toEqual([]);
  });

  it('fuzz: any weeks answers 200 or a pt-BR 400', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.integer({ min: -200, max: 300 }).map(String), fc.string({ maxLength: 8 })), async (weeks) => {
      const res = await call(ctx.app, 'GET', R('stale', `?weeks=${encodeURIComponent(weeks)}`), { as: admin });
      expect([200, 400], res.body).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.message).toBe(REPORT_MSG.weeksInvalid);
    }), { numRuns: 40 });
  });
});
