import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MSG, type TMember } from '../../src/shared/members.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';

/** Issue 22's authorization defects: the super admin's rights, the last director who can log in, the first super admin. */
let ctx: TestContext;
let superAdmin: Session;
let director: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  // A seeded demo: accounts exist, none of them super admin.
  await ctx.db.query(`INSERT INTO profiles (full_name, email, password_hash) VALUES ('Demo', 'demo.acesso@teste.com', 'x')`);
  superAdmin = await signUp(ctx.app, { name: 'Primeira Conta Real' });
  director = await signUp(ctx.app, { name: 'Diretor' });
  club = await createClub(ctx.app, director, 'Acesso');
});
afterAll(() => ctx.close());

describe(`club access on ${engineName()}`, () => {
  it('the first account to sign up while the platform has no super admin becomes one, even after a demo seed', async () => {
    expect(superAdmin.profile.user_type).toBe('super_admin');
    expect(director.profile.user_type).toBe('member');
  });

  it('a super admin who is also a counsellor of a club keeps full access there', async () => {
    await addMember(ctx.db, club.id, superAdmin.profile.id, 'Conselheiro(a)');
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/invitations`, { as: superAdmin });
    expect(res.statusCode).toBe(200);
  });

  it('the guard keeps a director who can log in: an accountless admin does not count', async () => {
    const kidAdmin = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: director, body: { mode: 'accountless', full_name: 'Admin Sem Conta', role: 'admin' } });
    expect(kidAdmin.statusCode).toBe(201);
    const members: TMember[] = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/members`, { as: director })).json().members;
    const own = members.find((m) => m.profile_id === director.profile.id);
    const res = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/members/${own?.id}`, { as: director });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MEMBER_MSG.lastAdmin);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: director })).statusCode).toBe(200);
  });
});
