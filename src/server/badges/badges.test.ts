import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_MSG, ICON_TEMPLATES } from '../../shared/badges.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertBadge, insertQuestion, insertTask, pointsOf } from '../../../test/gamification.js';
import { awardMembershipDurationBadges } from './engine.js';

let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let club: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretor' });
  club = await createClub(ctx.app, admin, 'Badges');
});
afterAll(() => ctx.close());
// Badges are platform-wide: each test switches its automatic badges off so the next starts clean.
afterEach(async () => {
  await ctx.db.query(`UPDATE badges SET active = false WHERE badge_type = 'auto'`);
});

const url = (path: string) => `/api/clubs/${club.id}${path}`;
const valid = {
  name: 'Estrela', description: 'Brilhou', icon_svg: ICON_TEMPLATES[1].svg, rarity: 'rare', points: 10, active: true,
  badge_type: 'manual', category: 'achievement', criteria_type: '', criteria_value: 0,
};

async function newMember(name: string): Promise<Session> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, club.id, s.profile.id);
  return s;
}

async function badgeNames(profileId: string): Promise<string[]> {
  const res = await call(ctx.app, 'GET', url(`/members/${profileId}/profile`), { as: admin });
  return res.json().badges.map((b: { name: string }) => b.name).sort();
}

describe(`badges admin on ${engineName()}`, () => {
  it('only super admins write badges; rules of the form are enforced', async () => {
    expect((await call(ctx.app, 'POST', '/api/superadmin/badges', { as: admin, body: valid })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/superadmin/badges', { as: admin })).statusCode).toBe(403);
    const noName = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, name: ' ' } });
    expect(noName.json().error.message).toBe(BADGE_MSG.nameRequired);
    const negative = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, points: -1 } });
    expect(negative.json().error.message).toBe(BADGE_MSG.pointsMin);
    const noType = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, badge_type: 'auto' } });
    expect(noType.json().error.message).toBe(BADGE_MSG.criteriaTypeRequired);
    const zero = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, badge_type: 'auto', criteria_type: 'task_count', criteria_value: 0 } });
    expect(zero.json().error.message).toBe(BADGE_MSG.criteriaValueMin);

    const manual = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, criteria_type: 'task_count', criteria_value: 5 } });
    expect(manual.statusCode).toBe(201);
    expect(manual.json()).toMatchObject({ name: 'Estrela', badge_type: 'manual', auto_criteria: null, rarity: 'rare' });
    const auto = await call(ctx.app, 'PUT', `/api/superadmin/badges/${manual.json().id}`, { as: superAdmin, body: { ...valid, badge_type: 'auto', criteria_type: 'points_total', criteria_value: 100 } });
    expect(auto.json().auto_criteria).toEqual({ type: 'points_total', value: 100 });
    const [stored] = await ctx.db.query<{ auto_criteria: unknown }>('SELECT auto_criteria FROM badges WHERE id = $1', [manual.json().id]);
    expect(stored.auto_criteria).toEqual({ type: 'points_total', points: 100 });
    const list = (await call(ctx.app, 'GET', '/api/superadmin/badges', { as: superAdmin })).json();
    expect(list.map((b: { name: string }) => b.name)).toContain('Estrela');
  });

  it('sanitises the SVG when saved and when read back', async () => {
    const evil = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><foreignObject><img src=x onerror=alert(3)></foreignObject><image href="https://evil.example/x.png"/><circle cx="5" cy="5" r="4" fill="url(https://evil.example/#a)"/></svg>';
    const res = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, name: 'Malicioso', icon_svg: evil } });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.query<{ icon_svg: string }>('SELECT icon_svg FROM badges WHERE id = $1', [res.json().id]);
    for (const bad of ['onload', 'script', 'foreignObject', 'onerror', 'evil.example']) expect(row.icon_svg).not.toContain(bad);
    expect(row.icon_svg).toMatch(/^<svg[\s>]/);
    const notSvg = await call(ctx.app, 'POST', '/api/superadmin/badges', { as: superAdmin, body: { ...valid, icon_svg: '<script>alert(1)</script>' } });
    expect(notSvg.json().error.message).toBe(BADGE_MSG.iconInvalid);
    // A row written around the API is still cleaned on the way out.
    const raw = await insertBadge(ctx.db, { name: 'Cru', type: 'manual', svg: evil });
    const listed = (await call(ctx.app, 'GET', url('/badges'), { as: admin })).json().find((b: { id: string }) => b.id === raw);
    expect(listed.icon_svg).not.toContain('onload');
    expect(listed.icon_svg).not.toContain('script');
  });

  it('a badge held by someone cannot be deleted; a free one can', async () => {
    const member = await newMember('Dono');
    const held = await insertBadge(ctx.db, { name: 'Guardado', type: 'manual' });
    await call(ctx.app, 'POST', url(`/members/${member.profile.id}/badges`), { as: admin, body: { badge_id: held } });
    const refused = await call(ctx.app, 'DELETE', `/api/superadmin/badges/${held}`, { as: superAdmin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BADGE_MSG.inUse);
    const free = await insertBadge(ctx.db, { name: 'Livre', type: 'manual' });
    expect((await call(ctx.app, 'DELETE', `/api/superadmin/badges/${free}`, { as: superAdmin })).statusCode).toBe(204);
  });

  it('admins grant manual badges once, with XP; not automatic ones; members cannot', async () => {
    const member = await newMember('Recebe');
    const manual = await insertBadge(ctx.db, { name: 'Honra', type: 'manual', points: 15 });
    const auto = await insertBadge(ctx.db, { name: 'Auto', type: 'auto', criteria: { type: 'task_count', count: 99 } });
    expect((await call(ctx.app, 'POST', url(`/members/${member.profile.id}/badges`), { as: member, body: { badge_id: manual } })).statusCode).toBe(403);
    const ok = await call(ctx.app, 'POST', url(`/members/${member.profile.id}/badges`), { as: admin, body: { badge_id: manual } });
    expect(ok.statusCode).toBe(201);
    const dup = await call(ctx.app, 'POST', url(`/members/${member.profile.id}/badges`), { as: admin, body: { badge_id: manual } });
    expect(dup.json().error.message).toBe(BADGE_MSG.alreadyHas);
    const notManual = await call(ctx.app, 'POST', url(`/members/${member.profile.id}/badges`), { as: admin, body: { badge_id: auto } });
    expect(notManual.json().error.message).toBe(BADGE_MSG.notManual);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(15);
    const profile = (await call(ctx.app, 'GET', url('/profile'), { as: member })).json();
    expect(profile.badges).toEqual([expect.objectContaining({ name: 'Honra', awarded_by_name: 'Diretor' })]);
  });
});

describe(`automatic badges on ${engineName()}`, () => {
  it('task_count', async () => {
    await insertBadge(ctx.db, { name: 'Duas tarefas', criteria: { type: 'task_count', count: 2 } });
    const m = await newMember('Tarefeiro');
    const [t1, t2] = [await insertTask(ctx.db, club.id, { points: 1 }), await insertTask(ctx.db, club.id, { points: 1 })];
    expect((await call(ctx.app, 'POST', url(`/my-tasks/${t1}/complete`), { as: m, body: {} })).json().badges_awarded).toEqual([]);
    const second = await call(ctx.app, 'POST', url(`/my-tasks/${t2}/complete`), { as: m, body: {} });
    expect(second.json().badges_awarded.map((b: { name: string }) => b.name)).toEqual(['Duas tarefas']);
  });

  it('points_total (with the badge XP in the ledger)', async () => {
    await insertBadge(ctx.db, { name: 'Cem pontos', points: 5, criteria: { type: 'points_total', points: 100 } });
    const m = await newMember('Pontuador');
    await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: m.profile.id, points: 99, reason: 'Quase' } });
    expect(await badgeNames(m.profile.id)).toEqual([]);
    const res = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: m.profile.id, points: 1, reason: 'Lá' } });
    expect(res.json().badges_awarded.map((b: { name: string }) => b.name)).toEqual(['Cem pontos']);
    expect(await pointsOf(ctx.db, club.id, m.profile.id)).toBe(105);
  });

  it('login_streak (a day recorded per session use)', async () => {
    await insertBadge(ctx.db, { name: 'Três dias', criteria: { type: 'login_streak', days: 3 } });
    const s = await signUp(ctx.app, { name: 'Assíduo' });
    await addMember(ctx.db, club.id, s.profile.id);
    // Two earlier days in a row, and an older one separated by a gap.
    await ctx.db.query(
      `INSERT INTO login_days (profile_id, day) SELECT $1, (now() AT TIME ZONE 'America/Sao_Paulo')::date - d FROM unnest(ARRAY[1, 2, 5]) AS d`,
      [s.profile.id],
    );
    await call(ctx.app, 'GET', url('/my-tasks'), { as: s });
    const days = await ctx.db.query('SELECT day FROM login_days WHERE profile_id = $1', [s.profile.id]);
    expect(days).toHaveLength(4);
    expect(await badgeNames(s.profile.id)).toEqual(['Três dias']);
  });

  it('ranking_position (position within the club, for whoever moves up)', async () => {
    await insertBadge(ctx.db, { name: 'Pódio', criteria: { type: 'ranking_position', position: 1 } });
    const own = await signUp(ctx.app, { name: 'Dono Ranking' });
    const rclub = await createClub(ctx.app, own, 'Ranking Badge');
    const a = await signUp(ctx.app, { name: 'Primeira' });
    const b = await signUp(ctx.app, { name: 'Segundo' });
    await addMember(ctx.db, rclub.id, a.profile.id);
    await addMember(ctx.db, rclub.id, b.profile.id);
    const adj = (p: string, points: number) => call(ctx.app, 'POST', `/api/clubs/${rclub.id}/point-adjustments`, { as: own, body: { profile_id: p, points, reason: 'r' } });
    await adj(a.profile.id, 10);
    await adj(b.profile.id, 5);
    const held = async (p: string) => (await call(ctx.app, 'GET', `/api/clubs/${rclub.id}/members/${p}/profile`, { as: own })).json().badges.map((x: { name: string }) => x.name);
    expect(await held(a.profile.id)).toEqual(['Pódio']);
    expect(await held(b.profile.id)).toEqual([]);
    await adj(b.profile.id, 20);
    expect(await held(b.profile.id)).toEqual(['Pódio']);
  });

  it('badge_count (cascading from other badges)', async () => {
    await insertBadge(ctx.db, { name: 'Colecionador', criteria: { type: 'badge_count', count: 2 } });
    const m = await newMember('Coleciona');
    for (const name of ['Um', 'Dois']) {
      const id = await insertBadge(ctx.db, { name, type: 'manual' });
      await call(ctx.app, 'POST', url(`/members/${m.profile.id}/badges`), { as: admin, body: { badge_id: id } });
    }
    expect(await badgeNames(m.profile.id)).toEqual(['Colecionador', 'Dois', 'Um']);
  });

  it('task_perfect (quizzes with every answer right)', async () => {
    await insertBadge(ctx.db, { name: 'Gabaritou', criteria: { type: 'task_perfect', count: 1 } });
    const m = await newMember('Perfeito');
    const quiz = async (answer: string) => {
      const t = await insertTask(ctx.db, club.id, { type: 'quiz', points: 4 });
      const q = await insertQuestion(ctx.db, t, { text: '2+2?', type: 'multiple_choice', options: ['3', '4'], correct: '4', order: 1 });
      return call(ctx.app, 'POST', url(`/my-tasks/${t}/complete`), { as: m, body: { answers: [{ question_id: q, answer }] } });
    };
    expect((await quiz('3')).json().badges_awarded).toEqual([]);
    expect((await quiz('4')).json().badges_awarded.map((b: { name: string }) => b.name)).toEqual(['Gabaritou']);
  });

  it('membership_duration (checked by the daily job)', async () => {
    await insertBadge(ctx.db, { name: 'Veterano', points: 3, criteria: { type: 'membership_duration', days: 30 } });
    const old = await newMember('Antigo');
    const fresh = await newMember('Novato');
    await ctx.db.query(`UPDATE club_members SET created_at = now() - interval '40 days' WHERE profile_id = $1`, [old.profile.id]);
    expect(await awardMembershipDurationBadges(ctx.db)).toBe(1);
    expect(await awardMembershipDurationBadges(ctx.db)).toBe(0);
    expect(await badgeNames(old.profile.id)).toEqual(['Veterano']);
    expect(await badgeNames(fresh.profile.id)).toEqual([]);
    expect(await pointsOf(ctx.db, club.id, old.profile.id)).toBe(3);
  });
});
