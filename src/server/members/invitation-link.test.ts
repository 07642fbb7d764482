import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MSG } from '../../shared/members.js';
import { call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { addMember } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let plain: Session;
let otherAdmin: Session;
let club: { id: string };
let other: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  club = await createClub(ctx.app, admin, 'Links');
  plain = await signUp(ctx.app, { name: 'Membro' });
  await addMember(ctx.db, club.id, plain.profile.id);
  otherAdmin = await signUp(ctx.app, { name: 'Outro' });
  other = await createClub(ctx.app, otherAdmin, 'Outro Clube');
});
afterAll(() => ctx.close());

async function invite(email = uniqueEmail('convite')): Promise<{ token: string; id: string }> {
  const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: admin, body: { mode: 'email', email, role: 'Desbravador(a)' } });
  return res.json().invitation;
}
const reissue = (as: Session, clubId: string, id: string) => call(ctx.app, 'POST', `/api/clubs/${clubId}/invitations/${id}/link`, { as });
const reg = (email: string) => ({ full_name: 'Nova Pessoa', email, password: 'segredo123', confirm_password: 'segredo123' });

describe(`'Gerar novo link' on ${engineName()}`, () => {
  it('issues a new link: the old one stops working at once, the new one works, the invitation stays pending', async () => {
    const email = uniqueEmail('relink');
    const first = await invite(email);
    const res = await reissue(admin, club.id, first.id);
    expect(res.statusCode).toBe(201);
    const second = res.json();
    expect(second).toMatchObject({ id: first.id, email, path: `/convite/${second.token}` });
    expect(second.token).not.toBe(first.token);
    const old = await call(ctx.app, 'GET', `/api/invitations/${first.token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe(MEMBER_MSG.invitationInvalid);
    expect((await call(ctx.app, 'POST', `/api/invitations/${first.token}/register`, { body: reg(email) })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/invitations/${second.token}`)).statusCode).toBe(200);
    const pending = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/invitations`, { as: admin })).json();
    expect(pending.filter((i: { id: string }) => i.id === first.id)).toHaveLength(1);
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'invitation.reissue' AND entity_id = $1`, [first.id]);
    expect(audit).toHaveLength(1);
    expect((await call(ctx.app, 'POST', `/api/invitations/${second.token}/register`, { body: reg(email) })).statusCode).toBe(201);
    // Used: no new link for it.
    expect((await reissue(admin, club.id, first.id)).statusCode).toBe(404);
  });

  it('a plain member gets 403, another club 404, a bad id the pt-BR 404', async () => {
    const inv = await invite();
    expect((await reissue(plain, club.id, inv.id)).statusCode).toBe(403);
    expect((await reissue(otherAdmin, club.id, inv.id)).statusCode).toBe(404);
    expect((await reissue(otherAdmin, other.id, inv.id)).statusCode).toBe(404);
    const bad = await reissue(admin, club.id, 'nao-e-um-id');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toBe(MEMBER_MSG.invitationInvalid);
    expect((await call(ctx.app, 'GET', `/api/invitations/${inv.token}`)).statusCode).toBe(200);
  });
});
