import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_MSG } from '../../src/shared/clubs.js';
import { MSG } from '../../src/shared/errors.js';
import { call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';

let ctx: TestContext;
let superAdmin: Session;
let admin: Session;
let member: Session;
let club: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, member, club } = await setUpClubWithMember(ctx, 'Desativado'));
  superAdmin = await signUp(ctx.app, { name: 'Plataforma' });
  await ctx.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [superAdmin.profile.id]);
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/clubs/${club.id}${path}`;
const settings = (active: boolean) => ({ name: club.name, description: null, timezone: 'America/Sao_Paulo', active });
const setActive = (active: boolean) => call(ctx.app, 'PATCH', `/api/admin/clubs/${club.id}`, { as: superAdmin, body: { active } });

describe(`a club deactivated by the platform on ${engineName()}`, () => {
  it('keeps its reads, refuses writes with 403, and only the super admin can switch it back on', async () => {
    expect((await call(ctx.app, 'POST', url('/tasks'), { as: admin, body: { title: 'Antes' } })).statusCode).toBe(201);
    expect((await setActive(false)).statusCode).toBe(200);

    const task = await call(ctx.app, 'POST', url('/tasks'), { as: admin, body: { title: 'Depois' } });
    expect(task.statusCode).toBe(403);
    expect(task.json().error.message).toBe(MSG.clubDeactivated);
    const unit = await call(ctx.app, 'POST', url('/units'), { as: admin, body: { name: 'Águias', color: '#123456' } });
    expect(unit.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url('/tasks'), { as: admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', url(''), { as: member })).json().active).toBe(false);

    // The director's Configurações cannot switch it back on.
    const reactivate = await call(ctx.app, 'PUT', url('/settings'), { as: admin, body: settings(true) });
    expect(reactivate.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url(''), { as: admin })).json().active).toBe(false);

    // A stranger still cannot tell the club exists.
    const stranger = await signUp(ctx.app, { name: 'Estranho' });
    expect((await call(ctx.app, 'POST', url('/tasks'), { as: stranger, body: { title: 'X' } })).statusCode).toBe(404);

    expect((await setActive(true)).json().active).toBe(true);
    expect((await call(ctx.app, 'POST', url('/tasks'), { as: admin, body: { title: 'De novo' } })).statusCode).toBe(201);
  });

  it('every write route under /api/clubs/:clubId/ is covered, whatever its body', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/clubs/{clubId}/'))
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m)).map((m) => ({ method: m.toUpperCase(), path })));
    expect(writes.length).toBeGreaterThan(40);
    expect((await setActive(false)).statusCode).toBe(200);
    try {
      for (const { method, path } of writes) {
        const target = path.replace('{clubId}', club.id).replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await call(ctx.app, method as 'POST', target, { as: admin, body: {} });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error.message).toBe(MSG.clubDeactivated);
      }
    } finally {
      expect((await setActive(true)).statusCode).toBe(200);
    }
  });

  it('a director cannot switch the active flag from the settings at all; the super admin can', async () => {
    const off = await call(ctx.app, 'PUT', url('/settings'), { as: admin, body: settings(false) });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(CLUB_MSG.activeSuperAdminOnly);
    // Saving the other fields with the current value (or none) still works.
    expect((await call(ctx.app, 'PUT', url('/settings'), { as: admin, body: settings(true) })).statusCode).toBe(200);
    const { active: _omit, ...withoutActive } = settings(true);
    expect((await call(ctx.app, 'PUT', url('/settings'), { as: admin, body: withoutActive })).json().active).toBe(true);

    expect((await call(ctx.app, 'PUT', url('/settings'), { as: superAdmin, body: settings(false) })).json().active).toBe(false);
    expect((await call(ctx.app, 'PUT', url('/settings'), { as: superAdmin, body: settings(true) })).json().active).toBe(true);
  });
});
