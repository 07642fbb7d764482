import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BADGE_MSG, type TClubBadgeInput } from '../../shared/badges.js';
import { BADGE_ICONS, badgeIconSvg } from '../../shared/badge-icons.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, pointsOf } from '../../../test/gamification.js';
import { runBadgeBackfill } from './backfill.js';
import { sanitizeSvg } from './sanitize.js';

let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let kid: Session;
let otherAdmin: Session;
let otherKid: Session;
let club: { id: string };
let other: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Badges Próprios');
  kid = await signUp(ctx.app, { name: 'Kid' });
  await addMember(ctx.db, club.id, kid.profile.id, 'Desbravador(a)');
  otherAdmin = await signUp(ctx.app, { name: 'Outro Diretor' });
  other = await createClub(ctx.app, otherAdmin, 'Vizinho');
  otherKid = await signUp(ctx.app, { name: 'Vizinho Kid' });
  await addMember(ctx.db, other.id, otherKid.profile.id, 'Desbravador(a)');
  await addMember(ctx.db, other.id, kid.profile.id, 'Desbravador(a)');
});
afterAll(() => ctx.close());

const base: TClubBadgeInput = {
  name: 'Especialidade de Nós', description: 'Fez os 10 nós', icon_key: 'tent', icon_color: '#16a34a',
  rarity: 'rare', points: 20, active: true, badge_type: 'manual', category: 'specialties', criteria_type: '', criteria_value: 0,
};
const create = (as: Session, clubId: string, body: unknown) => call(ctx.app, 'POST', `/api/clubs/${clubId}/badges`, { as, body });
const badgeCount = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM badges`))[0].n;

describe(`club badges on ${engineName()}`, () => {
  it('an admin creates a club badge from the gallery: the server draws the SVG, no markup is accepted', async () => {
    const res = await create(admin, club.id, { ...base, icon_svg: '<svg onload="alert(1)"/>' });
    expect(res.statusCode).toBe(201);
    const badge = res.json();
    expect(badge).toMatchObject({ club_id: club.id, icon_key: 'tent', icon_color: '#16a34a', name: base.name, rarity: 'rare' });
    expect(badge.icon_svg).toContain('stroke="#16a34a"');
    expect(badge.icon_svg).not.toContain('onload');
    const stored = await ctx.db.query<{ icon_svg: string }>(`SELECT icon_svg FROM badges WHERE id = $1`, [badge.id]);
    // Drawn from the gallery, then stored as every icon is: through the sanitiser (ADR 023).
    expect(stored[0].icon_svg).toBe(sanitizeSvg(badgeIconSvg('tent', '#16a34a')));
    expect(badge.icon_svg).toBe(stored[0].icon_svg);
  });

  it('the gallery has the six templates and at least 24 more', () => {
    const keys = BADGE_ICONS.map((i) => i.key);
    for (const k of ['trophy', 'star', 'medal', 'lightning', 'crown', 'fire', 'tent', 'compass', 'book', 'music', 'first-aid']) expect(keys).toContain(k);
    expect(keys.length).toBeGreaterThanOrEqual(30);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a plain member gets 403, a stranger 404; bad input is a pt-BR 400 that writes nothing', async () => {
    const n = await badgeCount();
    expect((await create(kid, club.id, base)).statusCode).toBe(403);
    expect((await create(otherAdmin, club.id, base)).statusCode).toBe(404);
    const badIcon = await create(admin, club.id, { ...base, icon_key: 'skull' });
    expect(badIcon.statusCode).toBe(400);
    expect(badIcon.body).toContain(BADGE_MSG.iconPick);
    const badColor = await create(admin, club.id, { ...base, icon_color: 'red;"><script>' });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.body).toContain(BADGE_MSG.colorPick);
    const auto = await create(admin, club.id, { ...base, badge_type: 'auto' });
    expect(auto.statusCode).toBe(400);
    expect(auto.body).toContain(BADGE_MSG.criteriaTypeRequired);
    expect(await badgeCount()).toBe(n);
  });

  it('club badges are invisible to another club: list, link to a task, grant, edit all answer 404', async () => {
    const mine = (await create(admin, club.id, { ...base, name: 'Só nosso' })).json();
    const list = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges`, { as: kid })).json();
    expect(list.map((b: { id: string }) => b.id)).toContain(mine.id);
    const theirs = (await call(ctx.app, 'GET', `/api/clubs/${other.id}/badges`, { as: otherKid })).json();
    expect(theirs.map((b: { id: string }) => b.id)).not.toContain(mine.id);
    expect((await call(ctx.app, 'GET', `/api/clubs/${other.id}/badges/own`, { as: otherAdmin })).json()).toEqual([]);

    const theirTask = await insertTask(ctx.db, other.id, { title: 'Tarefa vizinha' });
    const linkable = (await call(ctx.app, 'GET', `/api/clubs/${other.id}/tasks/${theirTask}/available-badges`, { as: otherAdmin }));
    expect(linkable.statusCode).toBe(200);
    expect(linkable.json().map((b: { id: string }) => b.id)).not.toContain(mine.id);
    const link = await call(ctx.app, 'POST', `/api/clubs/${other.id}/tasks/${theirTask}/badges`, { as: otherAdmin, body: { badge_id: mine.id } });
    expect(link.statusCode).toBe(404);
    const grant = await call(ctx.app, 'POST', `/api/clubs/${other.id}/members/${otherKid.profile.id}/badges`, { as: otherAdmin, body: { badge_id: mine.id } });
    expect(grant.statusCode).toBe(404);
    const edit = await call(ctx.app, 'PUT', `/api/clubs/${other.id}/badges/${mine.id}`, { as: otherAdmin, body: base });
    expect(edit.statusCode).toBe(404);
    // The platform's super admin area keeps platform badges only.
    expect((await call(ctx.app, 'GET', `/api/admin/badges/${mine.id}`, { as: superAdmin })).statusCode).toBe(404);
    // Even a direct insert cannot award or link it in another club.
    await expect(ctx.db.query(`INSERT INTO member_badges (club_id, profile_id, badge_id) VALUES ($1, $2, $3)`, [other.id, otherKid.profile.id, mine.id])).rejects.toThrow();
    await expect(ctx.db.query(`INSERT INTO task_badges (task_id, badge_id) VALUES ($1, $2)`, [theirTask, mine.id])).rejects.toThrow();
  });

  it('a club badge is linked to a task and granted by hand like a platform badge', async () => {
    const mine = (await create(admin, club.id, { ...base, name: 'Acampamento', points: 15 })).json();
    const taskId = await insertTask(ctx.db, club.id, { title: 'Montar barraca', points: 10 });
    const link = await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks/${taskId}/badges`, { as: admin, body: { badge_id: mine.id } });
    expect(link.statusCode).toBeLessThan(300);
    const done = await call(ctx.app, 'POST', `/api/clubs/${club.id}/my-tasks/${taskId}/complete`, { as: kid, body: {} });
    expect(done.statusCode).toBe(200);
    expect(done.json().badges_awarded.map((b: { id: string }) => b.id)).toContain(mine.id);

    const manual = (await create(admin, club.id, { ...base, name: 'Destaque do mês', points: 5 })).json();
    const before = await pointsOf(ctx.db, club.id, kid.profile.id);
    const grant = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${kid.profile.id}/badges`, { as: admin, body: { badge_id: manual.id } });
    expect(grant.statusCode).toBe(201);
    expect(await pointsOf(ctx.db, club.id, kid.profile.id)).toBe(before + 5);
  });

  it('the auto engine awards a club badge to that club only, including the backfill', async () => {
    // kid is in both clubs with points in this one only after the task above; give both clubs points.
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 100, 'x'), ($3, $2, 'manual', 100, 'x'), ($3, $4, 'manual', 100, 'x')`,
      [club.id, kid.profile.id, other.id, otherKid.profile.id]);
    const auto = await create(admin, club.id, { ...base, name: 'Cem pontos', badge_type: 'auto', criteria_type: 'points_total', criteria_value: 50 });
    expect(auto.statusCode).toBe(201);
    const id = auto.json().id;
    await runBadgeBackfill(ctx.db);
    const holders = await ctx.db.query<{ club_id: string; profile_id: string }>(`SELECT club_id, profile_id FROM member_badges WHERE badge_id = $1`, [id]);
    expect(holders).toEqual([{ club_id: club.id, profile_id: kid.profile.id }]);
  });

  it('an admin edits and deactivates a club badge; the own list shows it, the active list does not', async () => {
    const b = (await create(admin, club.id, { ...base, name: 'Temporário' })).json();
    const res = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/badges/${b.id}`, { as: admin, body: { ...base, name: 'Temporário 2', icon_key: 'compass', icon_color: '#2563eb', active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Temporário 2', icon_key: 'compass', active: false });
    expect(res.json().icon_svg).toContain('#2563eb');
    const own = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges/own`, { as: admin })).json();
    expect(own.find((x: { id: string }) => x.id === b.id)).toMatchObject({ active: false });
    const active = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges`, { as: admin })).json();
    expect(active.map((x: { id: string }) => x.id)).not.toContain(b.id);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges/own`, { as: kid })).statusCode).toBe(403);
  });

  it('fuzz: any body to create is a 201 or a pt-BR 400, never a 500; a 400 writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.oneof(fc.string({ maxLength: 120 }), fc.constant('Nome')),
          description: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('Descrição')),
          icon_key: fc.oneof(fc.constantFrom(...BADGE_ICONS.map((i) => i.key)), fc.string()),
          icon_color: fc.oneof(fc.constant('#16a34a'), fc.string()),
          rarity: fc.oneof(fc.constant('common'), fc.string()),
          points: fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.string()),
          active: fc.oneof(fc.boolean(), fc.anything()),
          badge_type: fc.constantFrom('manual', 'auto', 'x'),
          category: fc.constantFrom('achievement', 'specialties', 'x'),
          criteria_type: fc.constantFrom('', 'points_total', 'x'),
          criteria_value: fc.oneof(fc.integer({ min: -1, max: 100 }), fc.string()),
        }, { requiredKeys: [] }),
        async (body) => {
          const n = await badgeCount();
          const res = await create(admin, club.id, body);
          expect([201, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) {
            expect(res.json().error.message).toMatch(/[a-zà-ú]/i);
            expect(await badgeCount()).toBe(n);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
