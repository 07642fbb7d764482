import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

/** The programme's notifications (ADR 040, ADR 060): a requisito signed, a member pronto para investidura. */
let ctx: TestContext;
let admin: Session;
let associate: Session;
let counselor: Session;
let instructorAmigo: Session;
let instructorOther: Session;
let guardian: Session;
let clubId: string;
const kids: Record<string, { session: Session; memberId: string }> = {};
const reqs: Record<string, string[]> = {};

const P = () => `/api/clubs/${clubId}/programme`;
const sign = (as: Session, requirementId: string, memberIds: string[]) => call(ctx.app, 'POST', `${P()}/signatures`, { as, body: { requirement_id: requirementId, member_ids: memberIds } });
const notices = (profileId: string, kind: string) =>
  ctx.db.query<{ title: string; body: string; link: string; category: string }>(
    'SELECT title, body, link, category FROM notifications WHERE profile_id = $1 AND kind = $2 ORDER BY created_at, id', [profileId, kind]);

async function person(name: string, role: string, unitId: string | null): Promise<Session> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, clubId, s.profile.id, role, unitId);
  return s;
}
async function memberId(profileId: string): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [clubId, profileId]);
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora Rita' });
  clubId = (await createClub(ctx.app, admin, 'Clube Avisos Programa')).id;
  const unit = await insertUnit(ctx.db, clubId, 'Águias');
  associate = await person('Diretor Associado', 'associate', null);
  counselor = await person('Conselheiro Gil', 'counselor', unit);
  instructorAmigo = await person('Instrutor Amigo', 'instructor', null);
  instructorOther = await person('Instrutora Outra', 'instructor', null);
  for (const name of ['Caio Souza', 'Duda Lima', 'Enzo Reis']) {
    const s = await person(name, 'member', unit);
    kids[name.split(' ')[0]] = { session: s, memberId: await memberId(s.profile.id) };
  }
  await call(ctx.app, 'PUT', `${P()}/items/AMIGO/instructors`, { as: admin, body: { member_ids: [await memberId(instructorAmigo.profile.id)] } });
  await call(ctx.app, 'PUT', `${P()}/items/EN-001/instructors`, { as: admin, body: { member_ids: [await memberId(instructorOther.profile.id)] } });
  const add = async (code: string, body: Record<string, unknown>) => {
    const res = await call(ctx.app, 'POST', `${P()}/items/${code}/requirements`, { as: admin, body });
    expect(res.statusCode, res.body).toBe(201);
    (reqs[code] ??= []).push(res.json().id);
  };
  await add('AMIGO', { section_code: 'G', text: 'Memorizar o voto e a lei do Desbravador' });
  await add('AMIGO', { section_code: 'EN', text: 'Completar uma especialidade de Estudos da Natureza', link_area: 'EN' });
  await add('EN-001', { text: 'Identificar cinco felinos brasileiros' });
  for (const k of Object.values(kids)) {
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: k.memberId, item_code: 'AMIGO' } })).statusCode).toBe(201);
  }
  // Caio's guardian, with consent.
  const email = `mae.caio.${Date.now()}@teste.com`;
  const consent = (await call(ctx.app, 'GET', `/api/clubs/${clubId}/consent-text`, { as: admin })).json();
  const { token } = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/members/${kids.Caio.memberId}/guardians`, { as: admin, body: { full_name: 'Mãe do Caio', email, relationship: 'Mãe' } })).json();
  guardian = await signUp(ctx.app, { name: 'Mãe do Caio', email });
  expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: guardian, body: { accept: true, consent_version: consent.version } })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe(`the programme's notifications on ${engineName()}`, () => {
  it('a bulk signature tells each member once, and their guardians; a replay tells nobody', async () => {
    const members = Object.values(kids).map((k) => k.memberId);
    expect((await sign(admin, reqs.AMIGO[0], members)).json()).toMatchObject({ signed: 3 });
    for (const k of Object.values(kids)) {
      expect(await notices(k.session.profile.id, 'programme.signed')).toEqual([
        { title: 'Requisito assinado: Amigo', body: 'Memorizar o voto e a lei do Desbravador', link: '/dashboard/programa', category: 'achievements' },
      ]);
    }
    expect(await notices(guardian.profile.id, 'programme.signed')).toEqual([
      { title: 'Caio: requisito assinado em Amigo', body: 'Memorizar o voto e a lei do Desbravador', link: '/familia', category: 'achievements' },
    ]);
    expect((await sign(admin, reqs.AMIGO[0], members)).json()).toMatchObject({ signed: 0, already: 3 });
    expect(await notices(kids.Duda.session.profile.id, 'programme.signed')).toHaveLength(1);
    expect(await notices(guardian.profile.id, 'programme.signed')).toHaveLength(1);
  });

  it('a refused request tells nobody (the notice is in its transaction)', async () => {
    const before = (await ctx.db.query('SELECT 1 FROM notifications')).length;
    // Enzo is not enrolled in EN-001: the whole request is refused.
    expect((await sign(admin, reqs['EN-001'][0], [kids.Enzo.memberId])).statusCode).toBe(400);
    expect((await ctx.db.query('SELECT 1 FROM notifications')).length).toBe(before);
  });

  it('completing an especialidade that signs a linked requisito is one notice; the leaders learn who is pronto', async () => {
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: kids.Caio.memberId, item_code: 'EN-001' } })).statusCode).toBe(201);
    const res = await sign(counselor, reqs['EN-001'][0], [kids.Caio.memberId]);
    expect(res.json()).toMatchObject({ signed: 2, completed: [kids.Caio.memberId, kids.Caio.memberId] });
    const mine = await notices(kids.Caio.session.profile.id, 'programme.signed');
    expect(mine).toHaveLength(2);
    expect(mine[1].title).toMatch(/^2 requisitos assinados: .+, Amigo$/);
    expect(await notices(guardian.profile.id, 'programme.signed')).toHaveLength(2);
    // The direction (both) and each item's assigned instructor; not the counsellor who signed, not the kid.
    const ready = async (s: Session) => (await notices(s.profile.id, 'programme.ready')).map((n) => n.body);
    expect((await ready(admin)).sort()).toEqual(['Amigo: todos os requisitos assinados.', expect.stringMatching(/: todos os requisitos assinados\.$/)].sort());
    expect(await ready(associate)).toHaveLength(2);
    expect(await ready(instructorAmigo)).toEqual(['Amigo: todos os requisitos assinados.']);
    expect(await ready(instructorOther)).toHaveLength(1);
    expect(await ready(counselor)).toEqual([]);
    expect(await ready(kids.Caio.session)).toEqual([]);
    expect((await notices(admin.profile.id, 'programme.ready'))[0]).toMatchObject({ title: 'Caio Souza completou os requisitos da investidura', category: 'leadership', link: '/dashboard/programa' });
  });

  it('two leaders signing at once: one notice to the member, one to the leaders', async () => {
    const [a, b] = await Promise.all([sign(admin, reqs.AMIGO[1], [kids.Duda.memberId]), sign(counselor, reqs.AMIGO[1], [kids.Duda.memberId])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().signed + b.json().signed).toBe(1);
    expect(await notices(kids.Duda.session.profile.id, 'programme.signed')).toHaveLength(2);
    expect((await notices(associate.profile.id, 'programme.ready')).filter((n) => n.title.startsWith('Duda'))).toHaveLength(1);
  });
});
