import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../src/shared/auth.js';
import { MEMBER_MSG, type TMember } from '../../src/shared/members.js';
import { PROGRESS_MSG } from '../../src/shared/progress.js';
import { call, createClub, createTestApp, login, signUp, uniqueEmail, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';

/**
 * Issue 21, "People and accounts": one regression test per finding. Each of these passed for the
 * attacker on the code before the fix.
 */
let ctx: TestContext;
let victimDirector: Session;
let attacker: Session;
let clubV: { id: string };
let clubX: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  victimDirector = await signUp(ctx.app, { name: 'Diretora V' });
  attacker = await signUp(ctx.app, { name: 'Diretor X' });
  clubV = await createClub(ctx.app, victimDirector, 'Clube V');
  clubX = await createClub(ctx.app, attacker, 'Clube X');
});
afterAll(() => ctx.close());

const reg = (name: string, email: string) => ({ full_name: name, email, password: 'segredo123', confirm_password: 'segredo123' });
const addKid = async (clubId: string, as: Session, email: string | null, name = 'Criança') =>
  (await call(ctx.app, 'POST', `/api/clubs/${clubId}/members`, { as, body: { mode: 'accountless', full_name: name, email, role: 'Desbravador(a)' } })).json().member as TMember;
const membersOf = async (clubId: string, as: Session): Promise<TMember[]> => (await call(ctx.app, 'GET', `/api/clubs/${clubId}/members`, { as })).json().members;
/** The answer's shape without the values that differ on every call (ids, tokens, dates). */
const shape = (body: unknown): unknown => JSON.parse(JSON.stringify(body, (k, v) => (['id', 'token', 'path', 'expires_at', 'email'].includes(k) ? typeof v : v)));

describe(`people and accounts on ${engineName()}`, () => {
  it('takeover by e-mail: another club adding a kid\'s e-mail gets an invitation like any e-mail, never the kid\'s profile', async () => {
    const E = uniqueEmail('crianca-v');
    const kid = await addKid(clubV.id, victimDirector, E, 'Kid de V');

    const byKidEmail = await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members`, { as: attacker, body: { mode: 'email', email: E, role: 'Desbravador(a)' } });
    const byNewEmail = await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members`, { as: attacker, body: { mode: 'email', email: uniqueEmail('novo'), role: 'Desbravador(a)' } });
    expect(byKidEmail.statusCode).toBe(201);
    expect(byNewEmail.statusCode).toBe(byKidEmail.statusCode);
    expect(shape(byKidEmail.json())).toEqual(shape(byNewEmail.json()));
    expect(byKidEmail.body).not.toContain('Kid de V');
    expect((await membersOf(clubX.id, attacker)).some((m) => m.profile_id === kid.profile_id)).toBe(false);

    // Even the invitation cannot be used to claim V's profile: it joins X with a new account bound to E.
    const { token } = byKidEmail.json().invitation;
    const taken = await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Atacante', uniqueEmail('atacante')) });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().error.message).toBe(MEMBER_MSG.invitationWrongEmail);

    // V's own link still works for E, and the profile (with its history) stays V's.
    const link = await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members/${kid.id}/invitation`, { as: victimDirector });
    expect(link.statusCode).toBe(201);
    const claimed = await call(ctx.app, 'POST', `/api/invitations/${link.json().token}/register`, { body: reg('Kid de V', E) });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json()).toMatchObject({ club_id: clubV.id, profile: { id: kid.profile_id } });
  });

  it('takeover by CSV: another club\'s import never links the kid\'s profile; the attacker stays outside club V', async () => {
    const E = uniqueEmail('crianca-csv');
    const kid = await addKid(clubV.id, victimDirector, E, 'Kid CSV');
    const csv = `nome,email,funcao\nQualquer Nome,${E},admin\n`;
    const res = await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members/import`, { as: attacker, body: { csv, dry_run: false } });
    expect(res.statusCode).toBe(200);
    const xMember = (await membersOf(clubX.id, attacker)).find((m) => m.email === E);
    expect(xMember).toBeDefined();
    expect(xMember?.profile_id).not.toBe(kid.profile_id);

    // X claims its own copy with an address of its choosing: that never reaches club V.
    const link = await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members/${xMember?.id}/invitation`, { as: attacker });
    const claim = await call(ctx.app, 'POST', `/api/invitations/${link.json().token}/register`, { body: reg('Atacante', E) });
    expect(claim.statusCode).toBe(201);
    const session = { cookie: `trilha_session=${claim.cookies.find((c) => c.name === 'trilha_session')?.value}`, profile: claim.json().profile };
    expect((await call(ctx.app, 'GET', `/api/clubs/${clubV.id}/members`, { as: session })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/clubs', { as: session })).json().map((c: { id: string }) => c.id)).toEqual([clubX.id]);
    // V's member is untouched and V can still hand out its link.
    expect((await membersOf(clubV.id, victimDirector)).find((m) => m.id === kid.id)).toMatchObject({ has_account: false, full_name: 'Kid CSV' });
    expect((await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members/${kid.id}/invitation`, { as: victimDirector })).statusCode).toBe(201);
  });

  it('an invitation sent to A is refused for B (accept and register)', async () => {
    const A = uniqueEmail('a');
    await signUp(ctx.app, { email: A });
    const B = await signUp(ctx.app, { email: uniqueEmail('b') });
    const inv = (await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members`, { as: victimDirector, body: { mode: 'email', email: A, role: 'admin' } })).json().invitation;
    const accept = await call(ctx.app, 'POST', `/api/invitations/${inv.token}/accept`, { as: B });
    expect(accept.statusCode).toBe(403);
    expect(accept.json().error.message).toBe(MEMBER_MSG.invitationWrongEmail);
    const register = await call(ctx.app, 'POST', `/api/invitations/${inv.token}/register`, { body: reg('B', uniqueEmail('b2')) });
    expect(register.statusCode).toBe(403);
    expect((await membersOf(clubV.id, victimDirector)).some((m) => m.profile_id === B.profile.id)).toBe(false);
    const a = await login(ctx.app, A);
    expect((await call(ctx.app, 'POST', `/api/invitations/${inv.token}/accept`, { as: a })).statusCode).toBe(200);
  });

  it('a deactivated director who uses a member invitation comes back as a plain member, and the audit log says so', async () => {
    const email = uniqueEmail('ex-diretor');
    const exDirector = await signUp(ctx.app, { email });
    const invAdmin = (await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members`, { as: victimDirector, body: { mode: 'email', email, role: 'admin' } })).json().invitation;
    await call(ctx.app, 'POST', `/api/invitations/${invAdmin.token}/accept`, { as: exDirector });
    const row = (await membersOf(clubV.id, victimDirector)).find((m) => m.profile_id === exDirector.profile.id);
    expect(row?.role).toBe('admin');
    // An old member link, issued earlier to the same e-mail, waits while the director is deactivated.
    const invMember = (await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members`, { as: victimDirector, body: { mode: 'email', email, role: 'Desbravador(a)' } }));
    expect(invMember.statusCode).toBe(409); // still active: an active member is not invited again
    await call(ctx.app, 'PUT', `/api/clubs/${clubV.id}/members/${row?.id}`, { as: victimDirector, body: { role: 'admin', unit_id: null, active: false } });
    const inv = (await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members`, { as: victimDirector, body: { mode: 'email', email, role: 'Desbravador(a)' } })).json().invitation;
    expect((await call(ctx.app, 'POST', `/api/invitations/${inv.token}/accept`, { as: exDirector })).statusCode).toBe(200);
    const after = (await membersOf(clubV.id, victimDirector)).find((m) => m.profile_id === exDirector.profile.id);
    expect(after).toMatchObject({ role: 'member', active: true });
    const audit = await ctx.db.query<{ before: { role: string }; after: { role: string; reactivated: boolean } }>(
      `SELECT before, after FROM audit_log WHERE club_id = $1 AND action = 'invitation.accept' AND actor_id = $2 ORDER BY at DESC LIMIT 1`,
      [clubV.id, exDirector.profile.id],
    );
    expect(audit[0]).toMatchObject({ before: { role: 'admin' }, after: { role: 'member', reactivated: true } });
  });

  it('adding without an account answers the same for an e-mail in use anywhere and for a new one', async () => {
    const accountEmail = uniqueEmail('conta');
    await signUp(ctx.app, { email: accountEmail });
    const kidEmail = uniqueEmail('kid');
    await addKid(clubV.id, victimDirector, kidEmail);
    const answers = await Promise.all([accountEmail, kidEmail, uniqueEmail('livre')].map((email) =>
      call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members`, { as: attacker, body: { mode: 'accountless', full_name: 'Nome', email, role: 'Desbravador(a)' } })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const shapes = answers.map((a) => {
      const body = a.json() as { member: Record<string, unknown> };
      return shape({ ...body, member: { ...body.member, profile_id: 0, created_at: 0 } });
    });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it('the CSV preview answers the same for an account\'s e-mail, a kid\'s e-mail and a new one', async () => {
    const accountEmail = uniqueEmail('conta-csv');
    await signUp(ctx.app, { email: accountEmail });
    const kidEmail = uniqueEmail('kid-csv');
    await addKid(clubV.id, victimDirector, kidEmail);
    const preview = async (email: string) =>
      (await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members/import`, { as: attacker, body: { csv: `nome,email\nFulano,${email}\n`, dry_run: true } })).json();
    const [a, k, n] = [await preview(accountEmail), await preview(kidEmail), await preview(uniqueEmail('novo-csv'))];
    expect(shape(a)).toEqual(shape(n));
    expect(shape(k)).toEqual(shape(n));
  });

  it('login answers the same for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail('login');
    await signUp(ctx.app, { email });
    const wrong = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'errada000' }, from: '10.2.0.1' });
    const unknown = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: uniqueEmail('ninguem'), password: 'errada000' }, from: '10.2.0.2' });
    const kidEmail = uniqueEmail('kid-login');
    await addKid(clubV.id, victimDirector, kidEmail);
    const kid = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: kidEmail, password: 'errada000' }, from: '10.2.0.3' });
    expect([wrong.statusCode, unknown.statusCode, kid.statusCode]).toEqual([401, 401, 401]);
    expect(unknown.body).toBe(wrong.body);
    expect(kid.body).toBe(wrong.body);
  });

  it('sign-up cannot tell a kid\'s profile from a free e-mail; an account\'s e-mail gets the one "in use" message', async () => {
    const kidEmail = uniqueEmail('kid-signup');
    await addKid(clubV.id, victimDirector, kidEmail);
    const kid = await call(ctx.app, 'POST', '/api/auth/register', { body: reg('Alguém', kidEmail) });
    const free = await call(ctx.app, 'POST', '/api/auth/register', { body: reg('Alguém', uniqueEmail('livre-signup')) });
    expect(kid.statusCode).toBe(free.statusCode);
    const anonymise = (body: { profile: Record<string, unknown> }) => shape({ ...body, profile: { ...body.profile, full_name: 0 } });
    expect(anonymise(kid.json())).toEqual(anonymise(free.json()));
    const taken = await call(ctx.app, 'POST', '/api/auth/register', { body: reg('Outro', kidEmail) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(AUTH_MSG.emailTaken);
  });

  it('only the club that created an accountless profile can issue its claim link', async () => {
    const kid = await addKid(clubV.id, victimDirector, null, 'Sem E-mail');
    // Simulates a profile linked into X by the old code: X still cannot hand it out.
    await ctx.db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'Desbravador(a)')`, [clubX.id, kid.profile_id]);
    const xRow = (await membersOf(clubX.id, attacker)).find((m) => m.profile_id === kid.profile_id);
    const res = await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members/${xRow?.id}/invitation`, { as: attacker });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MEMBER_MSG.notOwnProfile);
  });

  it('a claim link without e-mail is single use, and the club can undo the claim', async () => {
    const kid = await addKid(clubV.id, victimDirector, null, 'Pequeno');
    const { token } = (await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/members/${kid.id}/invitation`, { as: victimDirector })).json();
    const email = uniqueEmail('quem-assumiu');
    expect((await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Pequeno', email) })).statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', `/api/invitations/${token}/register`, { body: reg('Outro', uniqueEmail()) })).statusCode).toBe(404);
    // The club sees who claimed it (the e-mail on the member row) and can undo it.
    expect((await membersOf(clubV.id, victimDirector)).find((m) => m.id === kid.id)).toMatchObject({ has_account: true, email });
    const session = await login(ctx.app, email);
    const undo = await call(ctx.app, 'DELETE', `/api/clubs/${clubV.id}/members/${kid.id}/claim`, { as: victimDirector });
    expect(undo.statusCode).toBe(200);
    expect((await membersOf(clubV.id, victimDirector)).find((m) => m.id === kid.id)).toMatchObject({ has_account: false, email: null });
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: session })).statusCode).toBe(401);
    // Anonymous callers and plain members are refused; another club cannot undo it; a member who never
    // claimed through a link here cannot be undone.
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${clubV.id}/members/${kid.id}/claim`)).statusCode).toBe(401);
    const plain = await signUp(ctx.app);
    await ctx.db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member')`, [clubV.id, plain.profile.id]);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${clubV.id}/members/${kid.id}/claim`, { as: plain })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${clubX.id}/members/${kid.id}/claim`, { as: attacker })).statusCode).toBe(404);
    const director = (await membersOf(clubV.id, victimDirector)).find((m) => m.profile_id === victimDirector.profile.id);
    const refused = await call(ctx.app, 'DELETE', `/api/clubs/${clubV.id}/members/${director?.id}/claim`, { as: victimDirector });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MEMBER_MSG.notClaimedHere);
  });

  it('nobody adjusts their own points, and a link into a club the platform deactivated does not work', async () => {
    const self = await call(ctx.app, 'POST', `/api/clubs/${clubV.id}/point-adjustments`, { as: victimDirector, body: { profile_id: victimDirector.profile.id, points: 50, reason: 'Eu mesmo' } });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(PROGRESS_MSG.selfAdjustment);
    const events = await ctx.db.query(`SELECT 1 FROM point_events WHERE club_id = $1 AND profile_id = $2`, [clubV.id, victimDirector.profile.id]);
    expect(events).toHaveLength(0);

    const email = uniqueEmail('clube-off');
    const inv = (await call(ctx.app, 'POST', `/api/clubs/${clubX.id}/members`, { as: attacker, body: { mode: 'email', email, role: 'Desbravador(a)' } })).json().invitation;
    await ctx.db.query(`UPDATE clubs SET active = false WHERE id = $1`, [clubX.id]);
    try {
      expect((await call(ctx.app, 'GET', `/api/invitations/${inv.token}`)).statusCode).toBe(404);
      expect((await call(ctx.app, 'POST', `/api/invitations/${inv.token}/register`, { body: reg('Alguém', email) })).statusCode).toBe(404);
    } finally {
      await ctx.db.query(`UPDATE clubs SET active = true WHERE id = $1`, [clubX.id]);
    }
  });
});
