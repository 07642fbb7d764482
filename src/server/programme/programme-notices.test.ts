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

async function addGuardian(kidMemberId: string, name: string): Promise<Session> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@teste.com`;
  const consent = (await call(ctx.app, 'GET', `/api/clubs/${clubId}/consent-text`, { as: admin })).json();
  const { token } = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/members/${kidMemberId}/guardians`, { as: admin, body: { full_name: name, email, relationship: 'Pai' } })).json();
  const s = await signUp(ctx.app, { name, email });
  expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: s, body: { accept: true, consent_version: consent.version } })).statusCode).toBe(200);
  return s;
}
const enrolmentOf = async (memberId: string, code: string) =>
  (await ctx.db.query<{ id: string }>('SELECT id FROM programme_enrolments WHERE club_id = $1 AND member_id = $2 AND item_code = $3', [clubId, memberId, code]))[0].id;

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

  it('completing an especialidade that signs a linked requisito: the day\'s notice counts them; classe and especialidade concluídas; the leaders learn who is pronto', async () => {
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: kids.Caio.memberId, item_code: 'EN-001' } })).statusCode).toBe(201);
    const res = await sign(counselor, reqs['EN-001'][0], [kids.Caio.memberId]);
    expect(res.json()).toMatchObject({ signed: 2, completed: [kids.Caio.memberId, kids.Caio.memberId] });
    // One notice for Caio's evening, rewritten: the first requisito and these two.
    const mine = await notices(kids.Caio.session.profile.id, 'programme.signed');
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toMatch(/^3 requisitos assinados hoje em (Amigo, .+|.+, Amigo)$/);
    const theirs = await notices(guardian.profile.id, 'programme.signed');
    expect(theirs).toHaveLength(1);
    expect(theirs[0].title).toMatch(/^Caio: 3 requisitos assinados hoje em /);
    // The milestones: Amigo (a class) and the especialidade, to Caio and his guardian.
    const done = (await notices(kids.Caio.session.profile.id, 'programme.completed')).map((n) => n.title).sort();
    expect(done).toEqual(['Classe concluída: Amigo', expect.stringMatching(/^Especialidade concluída: /)].sort());
    expect((await notices(guardian.profile.id, 'programme.completed')).map((n) => n.title)).toContain('Caio concluiu a classe Amigo');
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
    expect(await notices(kids.Duda.session.profile.id, 'programme.signed')).toEqual([
      { title: '2 requisitos assinados hoje em Amigo', body: 'Veja seu cartão de classe.', link: '/dashboard/programa', category: 'achievements' },
    ]);
    expect(await notices(kids.Duda.session.profile.id, 'programme.completed')).toHaveLength(1);
    expect((await notices(associate.profile.id, 'programme.ready')).filter((n) => n.title.startsWith('Duda'))).toHaveLength(1);
  });

  it('15 signatures for one kid in one evening: one notice with the count, one push per device; the next club day a new one', async () => {
    const fabio = await person('Fábio Rocha', 'member', null);
    const fabioId = await memberId(fabio.profile.id);
    const pai = await addGuardian(fabioId, 'Pai do Fábio');
    await ctx.db.query(`INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/pai-1', 'p', 'a'), ($1, 'https://push.example/pai-2', 'p', 'a')`, [pai.profile.id]);
    // An especialidade outside the area Amigo asks for, with 16 requisitos of the club's own.
    const [{ code, name }] = await ctx.db.query<{ code: string; name: string }>(
      `SELECT code, name FROM programme_items WHERE kind = 'specialty' AND area_code <> 'EN' ORDER BY code LIMIT 1`);
    const ids: string[] = [];
    for (let i = 1; i <= 16; i++) {
      const res = await call(ctx.app, 'POST', `${P()}/items/${code}/requirements`, { as: admin, body: { text: `Requisito número ${i}` } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: fabioId, item_code: code } })).statusCode).toBe(201);
    for (const id of ids.slice(0, 15)) expect((await sign(admin, id, [fabioId])).json()).toMatchObject({ signed: 1 });
    expect(await notices(fabio.profile.id, 'programme.signed')).toEqual([
      { title: `15 requisitos assinados hoje em ${name}`, body: 'Veja seu cartão de classe.', link: '/dashboard/programa', category: 'achievements' },
    ]);
    expect((await notices(pai.profile.id, 'programme.signed')).map((n) => n.title)).toEqual([`Fábio: 15 requisitos assinados hoje em ${name}`]);
    const pushes = async () => (await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.profile_id = $1 AND n.kind = 'programme.signed'`, [pai.profile.id]))[0].n;
    expect(await pushes()).toBe(2);
    // Read it; the next club day (yesterday's notice and signatures moved back a day) brings a new one, unread.
    await ctx.db.query(`UPDATE notifications SET read_at = now(), dedupe_key = dedupe_key || '-ontem' WHERE kind = 'programme.signed' AND profile_id = ANY($1::uuid[])`, [[fabio.profile.id, pai.profile.id]]);
    await ctx.db.query(`UPDATE programme_signatures SET created_at = created_at - interval '1 day' WHERE enrolment_id = $1`, [await enrolmentOf(fabioId, code)]);
    expect((await sign(admin, ids[15], [fabioId])).json()).toMatchObject({ signed: 1, completed: [fabioId] });
    const [, today] = await notices(fabio.profile.id, 'programme.signed');
    expect(today).toMatchObject({ title: `Requisito assinado: ${name}`, body: 'Requisito número 16' });
    expect(await notices(pai.profile.id, 'programme.signed')).toHaveLength(2);
    expect(await pushes()).toBe(4);
    expect((await notices(pai.profile.id, 'programme.completed')).map((n) => n.title)).toEqual([`Fábio concluiu a especialidade ${name}`]);
  });

  it('an investidura recorded tells the member and their guardians; a withdrawn consent silences the guardian', async () => {
    const paiDuda = await addGuardian(kids.Duda.memberId, 'Pai da Duda');
    expect((await call(ctx.app, 'DELETE', `/api/family/children/${kids.Duda.memberId}/consent`, { as: paiDuda })).statusCode).toBe(200);
    const res = await call(ctx.app, 'POST', `${P()}/investitures`, {
      as: admin, body: { held_on: '2026-11-01', place: 'Igreja Central', enrolment_ids: [await enrolmentOf(kids.Caio.memberId, 'AMIGO'), await enrolmentOf(kids.Duda.memberId, 'AMIGO')] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const told = { title: 'Investidura registrada: Amigo', body: 'Investidura de 01/11/2026 em Igreja Central.', link: '/dashboard/programa', category: 'achievements' };
    expect(await notices(kids.Caio.session.profile.id, 'programme.invested')).toEqual([told]);
    expect(await notices(kids.Duda.session.profile.id, 'programme.invested')).toEqual([told]);
    expect(await notices(guardian.profile.id, 'programme.invested')).toEqual([
      { ...told, title: 'Caio: investidura registrada em Amigo', link: '/familia' },
    ]);
    // Duda's consent was withdrawn: her guardian hears nothing about her, now or when she is signed for.
    expect((await call(ctx.app, 'POST', `${P()}/enrolments`, { as: admin, body: { member_id: kids.Duda.memberId, item_code: 'EN-001' } })).statusCode).toBe(201);
    expect((await sign(admin, reqs['EN-001'][0], [kids.Duda.memberId])).statusCode).toBe(200);
    expect(await ctx.db.query('SELECT kind FROM notifications WHERE profile_id = $1', [paiDuda.profile.id])).toEqual([]);
  });
});
