import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask } from '../../../test/gamification.js';
import { SANITIZER_VERSION, sweepBadgeIcons } from './icon.js';

// Stored by plain SQL (an old migration, a script): never went through the sanitiser (icon_sanitized_v 0).
const EVIL = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">'
  + '<script>alert(2)</script><foreignObject><div>x</div></foreignObject>'
  + '<use href="https://evil.example/x.svg#a"/><use xlink:href="https://evil.example/y.svg#b"/><circle cx="5" cy="5" r="4"/></svg>';

function expectClean(svg: string): void {
  expect(svg).toMatch(/^<svg[\s>]/);
  expect(svg).toContain('<circle');
  expect(svg).not.toMatch(/script|onload|foreignObject|evil\.example|alert/i);
}

let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let member: Session;
let club: { id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  // The first account is the platform's super admin.
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretor' });
  member = await signUp(ctx.app, { name: 'Membro' });
  club = await createClub(ctx.app, admin, 'Icones');
  await addMember(ctx.db, club.id, member.profile.id);
});
afterAll(() => ctx.close());

async function stored(id: string) {
  const [row] = await ctx.db.query<{ icon_svg: string; icon_sanitized_v: number }>('SELECT icon_svg, icon_sanitized_v FROM badges WHERE id = $1', [id]);
  return row;
}

describe(`badge icons sanitised once, when stored, on ${engineName()}`, () => {
  it('a malicious icon written through the API is stored clean, with the current version, and read back clean', async () => {
    const body = { name: 'Maliciosa', description: 'x', icon_svg: EVIL, rarity: 'rare', points: 10, active: true, badge_type: 'manual', category: 'achievement', criteria_type: '', criteria_value: 0 };
    const created = await call(ctx.app, 'POST', '/api/admin/badges', { as: superAdmin, body });
    expect(created.statusCode).toBe(201);
    expectClean(created.json().icon_svg);
    const row = await stored(created.json().id);
    expect(row).toEqual({ icon_svg: created.json().icon_svg, icon_sanitized_v: SANITIZER_VERSION });
    const updated = await call(ctx.app, 'PUT', `/api/admin/badges/${created.json().id}`, { as: superAdmin, body: { ...body, icon_svg: EVIL.replace('r="4"', 'r="3"') } });
    expectClean(updated.json().icon_svg);
    expect(await stored(created.json().id)).toEqual({ icon_svg: updated.json().icon_svg, icon_sanitized_v: SANITIZER_VERSION });
    const read = await call(ctx.app, 'GET', `/api/admin/badges/${created.json().id}`, { as: superAdmin });
    expect(read.json().icon_svg).toBe(updated.json().icon_svg);
  });

  it('a club badge drawn from the gallery is stored with the current version', async () => {
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/badges`, {
      as: admin,
      body: { name: 'Nossa', description: 'x', icon_key: 'star', icon_color: '#16a34a', rarity: 'common', points: 5, active: true, badge_type: 'manual', category: 'social', criteria_type: '', criteria_value: 0 },
    });
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id)).icon_sanitized_v).toBe(SANITIZER_VERSION);
  });

  it('a legacy row is served clean on every read path, then rewritten by the sweep', async () => {
    const [{ id }] = await ctx.db.query<{ id: string }>(
      `INSERT INTO badges (name, description, icon_svg, points, badge_type) VALUES ('Legado', 'd', $1, 5, 'manual') RETURNING id`,
      [EVIL],
    );
    expect((await stored(id)).icon_sanitized_v).toBe(0);
    const grant = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${member.profile.id}/badges`, { as: admin, body: { badge_id: id } });
    expect(grant.statusCode).toBe(201);
    expectClean(grant.json().badges_awarded[0].icon_svg);
    const list = await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges`, { as: admin });
    expectClean(list.json().find((b: { id: string }) => b.id === id).icon_svg);
    const home = await call(ctx.app, 'GET', `/api/clubs/${club.id}/home`, { as: member });
    expectClean(home.json().latest_badges[0].icon_svg);
    const profile = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${member.profile.id}/profile`, { as: admin });
    expectClean(profile.json().badges[0].icon_svg);
    expect(profile.json().badges[0]).not.toHaveProperty('icon_sanitized_v');
    const own = await call(ctx.app, 'GET', `/api/clubs/${club.id}/profile`, { as: member });
    expectClean(own.json().badges[0].icon_svg);
    // A task's badges: offered for linking, then linked.
    const taskId = await insertTask(ctx.db, club.id, { title: 'Com badge' });
    const available = await call(ctx.app, 'GET', `/api/clubs/${club.id}/tasks/${taskId}/available-badges`, { as: admin });
    expectClean(available.json().find((b: { id: string }) => b.id === id).icon_svg);
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks/${taskId}/badges`, { as: admin, body: { badge_id: id } })).statusCode).toBe(201);
    const linked = await call(ctx.app, 'GET', `/api/clubs/${club.id}/tasks/${taskId}/badges`, { as: admin });
    expectClean(linked.json()[0].badge.icon_svg);
    expect(linked.json()[0].badge).not.toHaveProperty('icon_sanitized_v');

    // Reads clean in memory only; the sweep stores the clean markup with the current version.
    expect((await stored(id)).icon_svg).toBe(EVIL);
    expect(await sweepBadgeIcons(ctx.db)).toBeGreaterThanOrEqual(1);
    const after = await stored(id);
    expect(after.icon_sanitized_v).toBe(SANITIZER_VERSION);
    expectClean(after.icon_svg);
    expect(await sweepBadgeIcons(ctx.db)).toBe(0);
    const again = await call(ctx.app, 'GET', `/api/clubs/${club.id}/badges`, { as: admin });
    expect(again.json().find((b: { id: string }) => b.id === id).icon_svg).toBe(after.icon_svg);
  });
});
