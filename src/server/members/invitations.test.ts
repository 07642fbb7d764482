import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../shared/auth.js';
import { MEMBER_MSG, type TMember } from '../../shared/members.js';
import { call, createClub, createTestApp, login, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { MINOR_SQL } from '../families/repo.js';

let ctx: TestContext;
let admin: Session;
let club: { id: string; name: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  club = await createClub(ctx.app, admin, 'Convidados');
});
afterAll(() => ctx.close());

async function invite(email = uniqueEmail('convite'), role = 'Desbravador(a)'): Promise<{ token: string; id: string }> {
  const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: admin, body: { mode: 'email', email, role } });
  if (res.json().result !== 'invited') throw new Error(res.body);
  return res.json().invitation;
}
const reg = (name: string, email: string) => ({ full_name: name, email, password: 'segredo123', confirm_password: 'segredo123' });
async function members(): Promise<TMember[]> {
  return (await call(ctx.app, 'GET', `/api/clubs/${club.id}/members?limit=200`, { as: admin })).json().members;
}

describe(`invitations on ${engineName()}`, () => {
  it('anyone can preview a valid link: club name and invited e-mail', async () => {
    const email = uniqueEmail('ver');
    const { token } = await invite(email);
    const res = await call(ctx.app, 'GET', `/api/invitations/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ club_id: club.id, club_name: club.name, kind: 'join', email, full_name: null });
    const bad = await call(ctx.app, 'GET', `/api/invitations/${'x'.repeat(43)}`);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toBe(MEMBER_MSG.invitationInvalid);
  });

  it('a new person registers through the link, is signed in and appears in the member list; the link is single use', async () => {
    const email = uniqueEmail('nova');
    const { token } = await invite(email, 'Tesoureiro(a)');
    const res = await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Nova Pessoa', email) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ club_id: club.id, profile: { full_name: 'Nova Pessoa', email, user_type: 'member' } });
    const cookie = res.cookies.find((c) => c.name === 'trilha_session');
    expect(cookie?.httpOnly).toBe(true);
    const clubs = await call(ctx.app, 'GET', '/api/clubs', { headers: { cookie: `trilha_session=${cookie?.value}` } });
    expect(clubs.json()).toEqual([expect.objectContaining({ id: club.id, role: 'treasurer', is_admin: false })]);
    expect((await members()).find((m) => m.email === email)).toMatchObject({ full_name: 'Nova Pessoa', has_account: true });

    const again = await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Outra', uniqueEmail()) });
    expect(again.statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/invitations`, { as: admin })).json().map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('an existing account signs in and accepts the link sent to its own e-mail; another account is refused', async () => {
    const email = uniqueEmail('conta');
    await signUp(ctx.app, { name: 'Já Tenho Conta', email });
    const { token } = await invite(email.toUpperCase());
    expect((await call(ctx.app, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);
    const other = await signUp(ctx.app);
    const refused = await call(ctx.app, 'POST', `/api/invitations/${token}/accept`, { as: other });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MEMBER_MSG.invitationWrongEmail);
    const session = await login(ctx.app, email);
    const res = await call(ctx.app, 'POST', `/api/invitations/${token}/accept`, { as: session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ club_id: club.id });
    expect((await members()).some((m) => m.email === email)).toBe(true);
    expect((await call(ctx.app, 'POST', `/api/invitations/${token}/accept`, { as: session })).statusCode).toBe(404);
  });

  it('a treasurer invited with no birth date is an adult (e-mail and push are theirs); an invited kid stays a minor until a birth date says otherwise', async () => {
    const minorOf = async (email: string) => (await ctx.db.query<{ minor: boolean }>(
      `SELECT ${MINOR_SQL('cm')} AS minor FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.email = $2`, [club.id, email]))[0].minor;
    for (const [role, minor] of [['Tesoureiro(a)', false], ['Desbravador(a)', true]] as const) {
      const email = uniqueEmail('adulto');
      await signUp(ctx.app, { name: `Pessoa ${role}`, email });
      const { token } = await invite(email, role);
      const session = await login(ctx.app, email);
      expect((await call(ctx.app, 'POST', `/api/invitations/${token}/accept`, { as: session })).statusCode).toBe(200);
      expect(await minorOf(email), role).toBe(minor);
    }
  });

  it('registering with an e-mail that already has an account is refused and keeps the link usable', async () => {
    const email = uniqueEmail('dup');
    await signUp(ctx.app, { email });
    const { token } = await invite(email);
    const res = await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Dup', email) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_MSG.emailTaken);
    expect((await call(ctx.app, 'GET', `/api/invitations/${token}`)).statusCode).toBe(200);
  });

  it('an expired link is refused', async () => {
    const { token, id } = await invite();
    await ctx.db.query(`UPDATE club_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await call(ctx.app, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Tarde', uniqueEmail()) })).statusCode).toBe(404);
  });

  it('an accountless member claims their own profile through a link: no duplicate, progress kept', async () => {
    const added = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: admin, body: { mode: 'accountless', full_name: 'Joãozinho', role: 'Desbravador(a)' } });
    const kid: TMember = added.json().member;
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 50, 'Acampamento')`, [club.id, kid.profile_id]);
    const linkRes = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${kid.id}/invitation`, { as: admin });
    expect(linkRes.statusCode).toBe(201);
    const { token } = linkRes.json();
    const preview = await call(ctx.app, 'GET', `/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({ kind: 'claim', full_name: 'Joãozinho' });

    // Somebody else's existing account cannot take the profile over.
    const intruder = await signUp(ctx.app);
    const refused = await call(ctx.app, 'POST', `/api/invitations/${token}/accept`, { as: intruder });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MEMBER_MSG.invitationClaimNeedsNewAccount);

    const email = uniqueEmail('joao');
    const res = await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('João Pedro', email) });
    expect(res.statusCode).toBe(201);
    expect(res.json().profile.id).toBe(kid.profile_id);
    const after = (await members()).filter((m) => m.profile_id === kid.profile_id);
    expect(after).toEqual([expect.objectContaining({ id: kid.id, full_name: 'João Pedro', email, has_account: true })]);
    const points = await ctx.db.query(`SELECT 1 FROM point_events WHERE profile_id = $1`, [kid.profile_id]);
    expect(points).toHaveLength(1);
    await login(ctx.app, email);
    const again = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${kid.id}/invitation`, { as: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MEMBER_MSG.hasAccount);
  });

  it('plain sign-up with an accountless member\'s contact e-mail creates a separate account and never touches the profile', async () => {
    const email = uniqueEmail('crianca');
    const added = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: admin, body: { mode: 'accountless', full_name: 'Criança', email, role: 'Desbravador(a)' } });
    const kid: TMember = added.json().member;
    const res = await call(ctx.app, 'POST', '/api/auth/register', { body: reg('Outra Pessoa', email) });
    expect(res.statusCode).toBe(201);
    expect(res.json().profile.id).not.toBe(kid.profile_id);
    expect((await members()).find((m) => m.id === kid.id)).toMatchObject({ full_name: 'Criança', has_account: false });
    const clubs = await call(ctx.app, 'GET', '/api/clubs', { headers: { cookie: res.headers['set-cookie'] as string } });
    expect(clubs.json()).toEqual([]);
  });

  it('admins can cancel a pending invitation', async () => {
    const { token, id } = await invite();
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/invitations/${id}`, { as: admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
  });

  it('two people racing for one link: exactly one joins', async () => {
    const email = uniqueEmail('corrida');
    const { token } = await invite(email);
    const results = await Promise.all([1, 2].map(() => call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Corrida', email) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404]);
  });
});
