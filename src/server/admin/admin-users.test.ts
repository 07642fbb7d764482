import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '../../shared/admin.js';
import { AUTH_MSG } from '../../shared/auth.js';
import { addMember, call, createClub, createTestApp, login, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let root: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  root = await signUp(ctx.app, { name: 'Raiz Super' });
});
afterAll(() => ctx.close());

const setType = (as: Session, id: string, user_type: string) =>
  call(ctx.app, 'PUT', `/api/admin/users/${id}/user-type`, { as, body: { user_type } });
const setBlocked = (as: Session, id: string, blocked: boolean) =>
  call(ctx.app, 'PUT', `/api/admin/users/${id}/blocked`, { as, body: { blocked } });

describe(`super admin users on ${engineName()}`, () => {
  it('searches accounts by name or e-mail and shows their clubs', async () => {
    const email = uniqueEmail('zuleica');
    const z = await signUp(ctx.app, { name: 'Zuleica Prado', email });
    const club = await createClub(ctx.app, z, 'Clube da Zuleica');
    const other = await signUp(ctx.app, { name: 'Dono Outro' });
    const club2 = await createClub(ctx.app, other, 'Outro Clube');
    await addMember(ctx.db, club2.id, z.profile.id);
    await ctx.db.query(`INSERT INTO profiles (full_name, email) VALUES ('Zuleica Sem Conta', 'semconta@teste.com')`);

    const byName = (await call(ctx.app, 'GET', '/api/admin/users?q=zuleica', { as: root })).json();
    expect(byName.total).toBe(1);
    expect(byName.users[0]).toMatchObject({ id: z.profile.id, full_name: 'Zuleica Prado', email, user_type: 'member', blocked_at: null });
    expect(byName.users[0].clubs).toEqual([
      { id: club.id, name: 'Clube da Zuleica', role: 'admin', active: true },
      { id: club2.id, name: 'Outro Clube', role: 'member', active: true },
    ]);
    expect(byName.users[0].last_seen_at).toEqual(expect.any(String));

    const byEmail = (await call(ctx.app, 'GET', `/api/admin/users?q=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`, { as: root })).json();
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([z.profile.id]);
    // LIKE wildcards are searched literally.
    expect((await call(ctx.app, 'GET', '/api/admin/users?q=%25', { as: root })).json().total).toBe(0);
    const all = (await call(ctx.app, 'GET', '/api/admin/users', { as: root })).json();
    expect(all.users[0].id).toBe(root.profile.id);
    expect(all).toMatchObject({ total: 3, next_cursor: null });
    // Two at a time: the super admin first, then by name, each account once.
    const first = (await call(ctx.app, 'GET', '/api/admin/users?limit=2', { as: root })).json();
    expect(first.users).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await call(ctx.app, 'GET', `/api/admin/users?limit=2&after=${first.next_cursor}`, { as: root })).json();
    expect(second).toMatchObject({ total: 3, next_cursor: null });
    expect([...first.users, ...second.users].map((u: { id: string }) => u.id)).toEqual(all.users.map((u: { id: string }) => u.id));
  });

  it('promotes and demotes, audited; never demotes the last super admin', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana' });
    expect((await setType(root, ana.profile.id, 'super_admin')).statusCode).toBe(200);
    // The promotion applies to her current session at once.
    expect((await call(ctx.app, 'GET', '/api/admin/stats', { as: ana })).statusCode).toBe(200);
    expect((await setType(ana, root.profile.id, 'member')).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/admin/stats', { as: root })).statusCode).toBe(403);

    const last = await setType(ana, ana.profile.id, 'member');
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(ADMIN_MSG.lastSuperAdmin);

    expect((await setType(ana, root.profile.id, 'super_admin')).statusCode).toBe(200);
    const actions = await ctx.db.query<{ action: string; entity_id: string; club_id: string | null }>(
      `SELECT action, entity_id, club_id FROM audit_log WHERE entity = 'profile' ORDER BY at`);
    expect(actions).toEqual([
      { action: 'profile.promote', entity_id: ana.profile.id, club_id: null },
      { action: 'profile.demote', entity_id: root.profile.id, club_id: null },
      { action: 'profile.promote', entity_id: root.profile.id, club_id: null },
    ]);
    expect((await setType(root, ana.profile.id, 'member')).statusCode).toBe(200);
    expect((await setType(root, '00000000-0000-4000-8000-000000000000', 'member')).statusCode).toBe(404);
    expect((await setType(root, ana.profile.id, 'rei')).statusCode).toBe(400);
  });

  it('blocking signs the user out everywhere and refuses login; unblocking lets them back', async () => {
    const email = uniqueEmail('bloq');
    const bia = await signUp(ctx.app, { name: 'Bia', email });
    const second = await login(ctx.app, email);
    expect((await setBlocked(root, bia.profile.id, true)).statusCode).toBe(200);
    for (const s of [bia, second]) expect((await call(ctx.app, 'GET', '/api/auth/me', { as: s })).statusCode).toBe(401);
    expect(await ctx.db.query('SELECT 1 FROM sessions WHERE profile_id = $1', [bia.profile.id])).toHaveLength(0);
    const refused = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'segredo123' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(AUTH_MSG.blocked);
    const listed = (await call(ctx.app, 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`, { as: root })).json();
    expect(listed.users[0].blocked_at).toEqual(expect.any(String));

    expect((await setBlocked(root, bia.profile.id, false)).statusCode).toBe(200);
    await login(ctx.app, email);
    const actions = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY at`, [bia.profile.id]);
    expect(actions.map((a) => a.action)).toEqual(['profile.block', 'profile.unblock']);
  });

  it('a super admin cannot block themself nor the last other super admin', async () => {
    const self = await setBlocked(root, root.profile.id, true);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_MSG.cannotBlockSelf);

    const caio = await signUp(ctx.app, { name: 'Caio' });
    await setType(root, caio.profile.id, 'super_admin');
    // Two super admins: blocking one leaves the other, so it is allowed...
    expect((await setBlocked(root, caio.profile.id, true)).statusCode).toBe(200);
    // ...and a blocked super admin no longer counts, so root is now the last one.
    const demote = await setType(root, root.profile.id, 'member');
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(ADMIN_MSG.lastSuperAdmin);
    await setBlocked(root, caio.profile.id, false);
    await setType(root, caio.profile.id, 'member');
  });

  it('two super admins demoting each other at once leave one standing', async () => {
    const d1 = await signUp(ctx.app, { name: 'Duda' });
    await setType(root, d1.profile.id, 'super_admin');
    await setType(d1, root.profile.id, 'member');
    const d2 = await signUp(ctx.app, { name: 'Edu' });
    await setType(d1, d2.profile.id, 'super_admin');
    const [a, b] = await Promise.all([setType(d1, d2.profile.id, 'member'), setType(d2, d1.profile.id, 'member')]);
    // The loser is refused either as no longer super admin (403) or as the last one (409).
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].every((s) => [200, 403, 409].includes(s))).toBe(true);
    const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM profiles WHERE user_type = 'super_admin'`);
    expect(row.n).toBe(1);
    const survivor = a.statusCode === 200 ? d1 : d2;
    await setType(survivor, root.profile.id, 'super_admin');
  });
});
