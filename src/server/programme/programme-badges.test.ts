import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BADGE_MSG, ICON_TEMPLATES } from '../../shared/badges.js';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS } from '../../shared/badge-icons.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';
import { runBadgeBackfill } from '../badges/backfill.js';

/** Badges of the programme (ADR 040): 'especialidade concluída', 'classe concluída', 'N especialidades da área Y'. */
let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let counselor: Session;
let plain: Session;
let stranger: Session;
let clubId: string;
let otherClubId: string;
const kids: Record<string, { session: Session; memberId: string }> = {};
const reqs: Record<string, string[]> = {};

const P = () => `/api/clubs/${clubId}/programme`;
const badgeBody = (name: string, criteria: Record<string, unknown>) => ({
  name, description: `Badge ${name}`, rarity: 'rare', points: 25, active: true, badge_type: 'auto', category: 'classes',
  icon_key: BADGE_ICON_KEYS[0], icon_color: BADGE_COLOR_KEYS[0], criteria_value: 0, ...criteria,
});
const createBadge = (body: Record<string, unknown>, as = admin, club = clubId) => call(ctx.app, 'POST', `/api/clubs/${club}/badges`, { as, body });
const sign = (as: Session, requirementId: string, memberIds: string[]) => call(ctx.app, 'POST', `${P()}/signatures`, { as, body: { requirement_id: requirementId, member_ids: memberIds } });
const holders = async (badgeId: string) =>
  (await ctx.db.query<{ full_name: string }>('SELECT p.full_name FROM member_badges mb JOIN profiles p ON p.id = mb.profile_id WHERE mb.badge_id = $1 ORDER BY p.full_name', [badgeId])).map((r) => r.full_name);
const badgeXp = async (badgeId: string) => (await ctx.db.query(`SELECT 1 FROM point_events WHERE badge_id = $1 AND source = 'badge'`, [badgeId])).length;
const wonNotices = async (profileId: string, name: string) =>
  (await ctx.db.query(`SELECT 1 FROM notifications WHERE profile_id = $1 AND kind = 'badge.won' AND title = $2`, [profileId, `Badge conquistado: ${name}`])).length;

async function kid(name: string, unitId: string): Promise<void> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, clubId, s.profile.id, 'member', unitId);
  const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, s.profile.id]);
  kids[name] = { session: s, memberId: row.id };
}
async function enrol(name: string, code: string) {
  const res = await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: kids[name].memberId, item_code: code } });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  plain = await signUp(ctx.app, { name: 'Membro Comum' });
  counselor = await signUp(ctx.app, { name: 'Conselheiro' });
  stranger = await signUp(ctx.app, { name: 'Diretor de fora' });
  clubId = (await createClub(ctx.app, admin, 'Clube Badges Programa')).id;
  otherClubId = (await createClub(ctx.app, stranger, 'Outro Clube')).id;
  const unit = await insertUnit(ctx.db, clubId, 'Águias');
  await addMember(ctx.db, clubId, plain.profile.id, 'member', unit);
  await addMember(ctx.db, clubId, counselor.profile.id, 'counselor', unit);
  for (const name of ['Ana', 'Bia', 'Caio', 'Duda']) await kid(name, unit);
  for (const [code, texts] of [['AMIGO', ['Voto e lei', 'Caminhada']], ['EN-001', ['Felinos']], ['EN-002', ['Aves']], ['EN-003', ['Anfíbios']]] as const) {
    reqs[code] = [];
    for (const text of texts) {
      const res = await call(ctx.app, 'POST', `${P()}/items/${code}/requirements`, { as: admin, body: { section_code: code === 'AMIGO' ? 'G' : null, text } });
      expect(res.statusCode, res.body).toBe(201);
      reqs[code].push(res.json().id);
    }
  }
  // Ana completed Amigo and an especialidade before any programme badge existed.
  await enrol('Ana', 'AMIGO');
  await enrol('Ana', 'EN-001');
  for (const r of [...reqs.AMIGO, ...reqs['EN-001']]) expect((await sign(admin, r, [kids.Ana.memberId])).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe(`badges of the programme on ${engineName()}`, () => {
  it('the criteria are checked with pt-BR messages, against the catalogue', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ criteria_type: 'class_completed', criteria_item: '' }, BADGE_MSG.classRequired],
      [{ criteria_type: 'class_completed', criteria_item: 'nao existe!' }, BADGE_MSG.classUnknown],
      [{ criteria_type: 'class_completed', criteria_item: 'XX-999' }, BADGE_MSG.classUnknown],
      [{ criteria_type: 'class_completed', criteria_item: 'EN-001' }, BADGE_MSG.classUnknown],
      [{ criteria_type: 'specialty_completed', criteria_item: 'AMIGO' }, BADGE_MSG.specialtyUnknown],
      [{ criteria_type: 'area_specialties', criteria_area: '', criteria_value: 2 }, BADGE_MSG.areaRequired],
      [{ criteria_type: 'area_specialties', criteria_area: 'ZZ', criteria_value: 2 }, BADGE_MSG.areaUnknown],
      [{ criteria_type: 'area_specialties', criteria_area: 'EN', criteria_value: 0 }, BADGE_MSG.criteriaValueMin],
    ];
    for (const [criteria, message] of bad) {
      const res = await createBadge(badgeBody('Inválido', criteria));
      expect(res.statusCode, JSON.stringify(criteria)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await ctx.db.query(`SELECT 1 FROM badges WHERE name = 'Inválido'`)).toHaveLength(0);
  });

  it('a plain member cannot create one; another club gets 404', async () => {
    const body = badgeBody('Amigo', { criteria_type: 'class_completed', criteria_item: 'AMIGO' });
    expect((await createBadge(body, plain)).statusCode).toBe(403);
    expect((await createBadge(body, stranger)).statusCode).toBe(404);
    expect((await createBadge(body, admin, otherClubId)).statusCode).toBe(404);
  });

  it('a new badge reaches those who already qualify (backfill), once', async () => {
    const res = await createBadge(badgeBody('Amigo investido', { criteria_type: 'class_completed', criteria_item: 'AMIGO' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().auto_criteria).toEqual({ type: 'class_completed', value: 1, item_code: 'AMIGO' });
    const any = (await createBadge(badgeBody('Primeira especialidade', { criteria_type: 'specialty_completed', criteria_item: '' }))).json();
    expect(any.auto_criteria).toEqual({ type: 'specialty_completed', value: 1, item_code: null });
    await Promise.all([runBadgeBackfill(ctx.db), runBadgeBackfill(ctx.db)]);
    expect(await holders(res.json().id)).toEqual(['Ana']);
    expect(await holders(any.id)).toEqual(['Ana']);
    expect(await badgeXp(res.json().id)).toBe(1);
    await runBadgeBackfill(ctx.db);
    expect(await holders(res.json().id)).toEqual(['Ana']);
  });

  it('an edited criterion is backfilled too', async () => {
    const created = (await createBadge(badgeBody('Felinos', { criteria_type: 'specialty_completed', criteria_item: 'EN-002' }))).json();
    await runBadgeBackfill(ctx.db);
    expect(await holders(created.id)).toEqual([]);
    const edited = await call(ctx.app, 'PUT', `/api/clubs/${clubId}/badges/${created.id}`, { as: admin, body: badgeBody('Felinos', { criteria_type: 'specialty_completed', criteria_item: 'EN-001' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    await runBadgeBackfill(ctx.db);
    expect(await holders(created.id)).toEqual(['Ana']);
  });

  it('the signature that completes a class awards its badge exactly once, also when replayed or signed by two leaders at once', async () => {
    const badge = (await createBadge(badgeBody('Amigo concluído', { criteria_type: 'class_completed', criteria_item: 'AMIGO' }))).json();
    await runBadgeBackfill(ctx.db);
    await enrol('Bia', 'AMIGO');
    await enrol('Caio', 'AMIGO');
    expect((await sign(admin, reqs.AMIGO[0], [kids.Bia.memberId, kids.Caio.memberId])).json()).toMatchObject({ signed: 2 });
    expect(await holders(badge.id)).toEqual(['Ana']);
    // The last requisito, by two leaders at the same moment; then the offline queue replays it.
    const [a, b] = await Promise.all([sign(admin, reqs.AMIGO[1], [kids.Bia.memberId]), sign(counselor, reqs.AMIGO[1], [kids.Bia.memberId])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().signed + b.json().signed).toBe(1);
    expect((await sign(admin, reqs.AMIGO[1], [kids.Bia.memberId])).json()).toMatchObject({ signed: 0, already: 1 });
    expect(await holders(badge.id)).toEqual(['Ana', 'Bia']);
    expect(await badgeXp(badge.id)).toBe(2);
    expect(await wonNotices(kids.Bia.session.profile.id, 'Amigo concluído')).toBe(1);
    // A bulk signature completing Caio's class gives him the badge in the same request.
    expect((await sign(admin, reqs.AMIGO[1], [kids.Caio.memberId])).json()).toMatchObject({ signed: 1, completed: [kids.Caio.memberId] });
    expect(await holders(badge.id)).toEqual(['Ana', 'Bia', 'Caio']);
  });

  it("'N especialidades da área' counts especialidades completed at the same moment", async () => {
    const badge = (await createBadge(badgeBody('Naturalista', { criteria_type: 'area_specialties', criteria_area: 'EN', criteria_value: 2 }))).json();
    expect(badge.auto_criteria).toEqual({ type: 'area_specialties', value: 2, area_code: 'EN' });
    await runBadgeBackfill(ctx.db);
    expect(await holders(badge.id)).toEqual([]);
    await enrol('Duda', 'EN-002');
    await enrol('Duda', 'EN-003');
    // Two leaders complete Duda's two especialidades at once: the second evaluation sees both.
    const [a, b] = await Promise.all([sign(admin, reqs['EN-002'][0], [kids.Duda.memberId]), sign(counselor, reqs['EN-003'][0], [kids.Duda.memberId])]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(await holders(badge.id)).toEqual(['Duda']);
    expect(await badgeXp(badge.id)).toBe(1);
  });

  it('the platform badge uses the same criteria; the catalogue is read by anyone signed in', async () => {
    const catalogue = await call(ctx.app, 'GET', '/api/programme/catalogue', { as: plain });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json().areas.length).toBeGreaterThan(5);
    expect((await call(ctx.app, 'GET', '/api/programme/catalogue')).statusCode).toBe(401);
    const { icon_key: _key, icon_color: _color, ...common } = badgeBody('Amigo (plataforma)', { criteria_type: 'class_completed', criteria_item: 'AMIGO' });
    const body = { ...common, icon_svg: ICON_TEMPLATES[0].svg };
    const res = await call(ctx.app, 'POST', '/api/admin/badges', { as: superAdmin, body });
    expect(res.statusCode, res.body).toBe(201);
    await runBadgeBackfill(ctx.db);
    expect(await holders(res.json().id)).toEqual(['Ana', 'Bia', 'Caio']);
  });

  it('fuzz: any criteria fields answer 201 or a pt-BR 400, never 5xx', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('class_completed', 'specialty_completed', 'area_specialties', 'bogus', ''),
      fc.oneof(fc.constantFrom('AMIGO', 'EN-001', '', 'XX'), fc.string({ maxLength: 60 }), fc.integer()),
      fc.oneof(fc.constantFrom('EN', 'ZZ', ''), fc.string({ maxLength: 5 }), fc.constant(null)),
      fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant('3'), fc.double()),
      async (type, item, area, value) => {
        const res = await createBadge(badgeBody(`Fuzz ${type}`, { criteria_type: type, criteria_item: item, criteria_area: area, criteria_value: value }));
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 400) {
          const message: string = res.json().error?.message ?? res.json().message;
          expect(message).toMatch(/[a-zçãéíóú]/i);
          expect(message).not.toMatch(/Invalid|Expected|Required/);
        } else expect(res.statusCode).toBe(201);
      },
    ), { numRuns: 60 });
  });
});
