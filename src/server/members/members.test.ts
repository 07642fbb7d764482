import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MSG, type TMember } from '../../shared/members.js';
import { BIRTH_DATE_MSG } from '../../shared/birth-date.js';
import { addMember, call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let club: { id: string };
let unitId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin Principal' });
  member = await signUp(ctx.app, { name: 'Membro Comum' });
  club = await createClub(ctx.app, admin, 'Membros');
  await addMember(ctx.db, club.id, member.profile.id);
  unitId = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { name: 'Águias', color: '#0ea5e9', active: true } })).json().id;
});
afterAll(() => ctx.close());

const membersUrl = () => `/api/clubs/${club.id}/members`;
async function list(as: Session): Promise<TMember[]> {
  return (await call(ctx.app, 'GET', `${membersUrl()}?limit=200`, { as })).json().members;
}

describe(`members on ${engineName()}`, () => {
  it('lists members newest first with e-mail, role, unit; e-mails are hidden from plain members', async () => {
    const rows = await list(admin);
    expect(rows.map((m) => m.full_name)).toEqual(['Membro Comum', 'Admin Principal']);
    expect(rows[1]).toMatchObject({ role: 'admin', email: admin.profile.email, has_account: true, unit_name: null, active: true });
    const asMember = await list(member);
    expect(asMember.every((m) => m.email === null)).toBe(true);
  });

  it("sorts by name as a Brazilian reads it and by points, page after page, with the same rows as newest first", async () => {
    const sortClub = await createClub(ctx.app, admin, 'Ordem');
    const names = ['Zeca', 'ágatha', 'Érica', 'Bruno', 'Álvaro', 'carla'];
    const points: Record<string, number> = { Zeca: 30, 'ágatha': 5, 'Érica': 30, Bruno: 0, 'Álvaro': 12, carla: -3 };
    for (const full_name of names) {
      const added = await call(ctx.app, 'POST', `/api/clubs/${sortClub.id}/members`, { as: admin, body: { mode: 'accountless', full_name, role: 'member' } });
      const p = points[full_name] ?? 0;
      if (p !== 0) await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', $3, 'x')`, [sortClub.id, added.json().member.profile_id, p]);
    }
    // Two at a time, so the cursor of each order is walked.
    async function walk(sort: string): Promise<string[]> {
      const seen: string[] = [];
      let after = '';
      do {
        const res = await call(ctx.app, 'GET', `/api/clubs/${sortClub.id}/members?limit=2&sort=${sort}${after ? `&after=${after}` : ''}`, { as: admin });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json().members.map((m: TMember) => m.full_name));
        after = res.json().next_cursor ?? '';
      } while (after);
      return seen;
    }
    expect(await walk('nome')).toEqual(['Admin Principal', 'ágatha', 'Álvaro', 'Bruno', 'carla', 'Érica', 'Zeca']);
    const byPoints = await walk('pontos');
    expect(byPoints.slice(0, 2).sort()).toEqual(['Zeca', 'Érica']);
    expect(byPoints.slice(2)).toEqual(['Álvaro', 'ágatha', ...byPoints.slice(4, 6), 'carla']);
    expect(byPoints.slice(4, 6).sort()).toEqual(['Admin Principal', 'Bruno']);
    expect((await walk('recentes')).sort()).toEqual((await walk('nome')).sort());
    const bad = await call(ctx.app, 'GET', `/api/clubs/${sortClub.id}/members?sort=idade`, { as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MEMBER_MSG.sortInvalid);
    // A name cursor handed to the points order is refused in pt-BR, not a database error.
    const first = (await call(ctx.app, 'GET', `/api/clubs/${sortClub.id}/members?limit=2&sort=nome`, { as: admin })).json().next_cursor;
    const mixed = await call(ctx.app, 'GET', `/api/clubs/${sortClub.id}/members?limit=2&sort=pontos&after=${first}`, { as: admin });
    expect(mixed.statusCode).toBe(400);
  });

  it('adding by the e-mail of an existing account invites: the person joins only by accepting; an active member is refused', async () => {
    const email = uniqueEmail('existente');
    const person = await signUp(ctx.app, { name: 'Pessoa Existente', email });
    const res = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'email', email: email.toUpperCase(), role: 'Conselheiro(a)', unit_id: unitId } });
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toBe('invited');
    expect(res.body).not.toContain('Pessoa Existente');
    expect((await call(ctx.app, 'GET', '/api/clubs', { as: person })).json()).toEqual([]);
    const accepted = await call(ctx.app, 'POST', `/api/invitations/${res.json().invitation.token}/accept`, { as: person });
    expect(accepted.statusCode).toBe(200);
    expect((await list(admin)).find((m) => m.profile_id === person.profile.id)).toMatchObject({ role: 'counselor', unit_name: 'Águias', has_account: true });
    const again = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'email', email, role: 'member' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MEMBER_MSG.alreadyMember);
  });

  it('adding an e-mail without account returns a single-use invitation link valid for 14 days', async () => {
    const res = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'email', email: uniqueEmail('novo'), role: 'Desbravador(a)' } });
    expect(res.statusCode).toBe(201);
    const inv = res.json().invitation;
    expect(res.json().result).toBe('invited');
    expect(inv.path).toBe(`/convite/${inv.token}`);
    const days = (Date.parse(inv.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const stored = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM club_invitations WHERE id = $1', [inv.id]);
    expect(stored[0].token_hash).not.toContain(inv.token);
    const pending = await call(ctx.app, 'GET', `/api/clubs/${club.id}/invitations`, { as: admin });
    expect(pending.json().map((p: { id: string }) => p.id)).toContain(inv.id);
  });

  it('adds a member without an account (name only, optional e-mail)', async () => {
    const res = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: 'Pedrinho', role: 'Desbravador(a)', unit_id: unitId } });
    expect(res.statusCode).toBe(201);
    expect(res.json().member).toMatchObject({ full_name: 'Pedrinho', email: null, has_account: false, unit_name: 'Águias' });
    const withEmail = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: 'Maria', email: 'maria.sem.conta@teste.com', role: 'Desbravador(a)' } });
    expect(withEmail.json().member.email).toBe('maria.sem.conta@teste.com');
    // A contact e-mail is not a login: a sibling may share the parent's address.
    const sibling = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: 'Irmã da Maria', email: 'MARIA.sem.conta@teste.com', role: 'member' } });
    expect(sibling.statusCode).toBe(201);
    const noName = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: ' ', role: 'member' } });
    expect(noName.json().error.message).toBe(MEMBER_MSG.nameRequired);
  });

  it('takes the birth date of a member without an account; an impossible, future or malformed one is refused in pt-BR (issue 43)', async () => {
    const res = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: 'Nina Nascida', birth_date: '2016-02-29', role: 'member' } });
    expect(res.statusCode).toBe(201);
    const [saved] = await ctx.db.query<{ birth_date: string }>(`SELECT to_char(birth_date, 'YYYY-MM-DD') AS birth_date FROM club_members WHERE id = $1`, [res.json().member.id]);
    expect(saved?.birth_date).toBe('2016-02-29');
    for (const [birth_date, message] of [
      ['2015-02-29', BIRTH_DATE_MSG.impossible], ['2999-01-01', BIRTH_DATE_MSG.future], ['1899-12-31', BIRTH_DATE_MSG.tooOld], ['29/02/2016', BIRTH_DATE_MSG.invalid], [20160229, BIRTH_DATE_MSG.invalid],
    ] as const) {
      const bad = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: 'Data Ruim', birth_date, role: 'member' } });
      expect(bad.statusCode, String(birth_date)).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }
    expect(await ctx.db.query(`SELECT 1 FROM profiles WHERE full_name = 'Data Ruim'`)).toHaveLength(0);
  });

  it("a unit of another club is refused", async () => {
    const other = await signUp(ctx.app);
    const otherClub = await createClub(ctx.app, other, 'Alheio');
    const foreignUnit = (await call(ctx.app, 'POST', `/api/clubs/${otherClub.id}/units`, { as: other, body: { name: 'X', color: '#0ea5e9' } })).json().id;
    const res = await call(ctx.app, 'POST', membersUrl(), { as: admin, body: { mode: 'accountless', full_name: 'Y', role: 'member', unit_id: foreignUnit } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MEMBER_MSG.unitNotFound);
  });

  it('edits role, unit and active; role changes and removals are audited', async () => {
    const m = (await list(admin)).find((x) => x.profile_id === member.profile.id);
    if (!m) throw new Error('member missing');
    const res = await call(ctx.app, 'PUT', `${membersUrl()}/${m.id}`, { as: admin, body: { role: 'instructor', unit_id: unitId, active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'instructor', unit_name: 'Águias', active: false });
    await call(ctx.app, 'PUT', `${membersUrl()}/${m.id}`, { as: admin, body: { role: 'instructor', unit_id: null, active: true } });
    const del = await call(ctx.app, 'DELETE', `${membersUrl()}/${m.id}`, { as: admin });
    expect(del.statusCode).toBe(200);
    const audit = await ctx.db.query<{ action: string; before: { role: string } }>(`SELECT action, before FROM audit_log WHERE entity_id = $1 ORDER BY at`, [m.id]);
    expect(audit.map((a) => a.action)).toEqual(['member.role_change', 'member.update', 'member.remove']);
    expect(audit[0].before.role).toBe('member');
    expect((await list(admin)).some((x) => x.id === m.id)).toBe(false);
    await addMember(ctx.db, club.id, member.profile.id);
  });

  it('the last active admin cannot be removed, demoted or deactivated', async () => {
    const me = (await list(admin)).find((x) => x.role === 'admin');
    if (!me) throw new Error('admin missing');
    for (const res of [
      await call(ctx.app, 'DELETE', `${membersUrl()}/${me.id}`, { as: admin }),
      await call(ctx.app, 'PUT', `${membersUrl()}/${me.id}`, { as: admin, body: { role: 'member', unit_id: null, active: true } }),
      await call(ctx.app, 'PUT', `${membersUrl()}/${me.id}`, { as: admin, body: { role: 'admin', unit_id: null, active: false } }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(MEMBER_MSG.lastAdmin);
    }
    // With a second admin, the first may step down.
    const second = await signUp(ctx.app);
    await addMember(ctx.db, club.id, second.profile.id, 'admin');
    const ok = await call(ctx.app, 'PUT', `${membersUrl()}/${me.id}`, { as: admin, body: { role: 'member', unit_id: null, active: true } });
    expect(ok.statusCode).toBe(200);
    // Two admins demoting each other at once still leave one.
    const secondRow = (await list(second)).find((x) => x.profile_id === second.profile.id);
    if (!secondRow) throw new Error('second admin missing');
    await call(ctx.app, 'PUT', `${membersUrl()}/${me.id}`, { as: second, body: { role: 'admin', unit_id: null, active: true } });
    const results = await Promise.all([
      call(ctx.app, 'PUT', `${membersUrl()}/${me.id}`, { as: second, body: { role: 'member', unit_id: null, active: true } }),
      call(ctx.app, 'PUT', `${membersUrl()}/${secondRow.id}`, { as: admin, body: { role: 'member', unit_id: null, active: true } }),
    ]);
    // One wins; the other is refused (409 last admin, or 403 when it already lost its admin role).
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const admins = await ctx.db.query(`SELECT 1 FROM club_members WHERE club_id = $1 AND role = 'admin' AND active`, [club.id]);
    expect(admins).toHaveLength(1);
  });

  it('a plain member is refused every write; another club answers 404', async () => {
    const target = (await list(admin))[0];
    const writes = [
      () => call(ctx.app, 'POST', membersUrl(), { as: member, body: { mode: 'accountless', full_name: 'X', role: 'member' } }),
      () => call(ctx.app, 'PUT', `${membersUrl()}/${target.id}`, { as: member, body: { role: 'admin', unit_id: null, active: true } }),
      () => call(ctx.app, 'DELETE', `${membersUrl()}/${target.id}`, { as: member }),
      () => call(ctx.app, 'POST', `${membersUrl()}/${target.id}/invitation`, { as: member }),
      () => call(ctx.app, 'POST', `${membersUrl()}/import`, { as: member, body: { csv: 'nome\nX', dry_run: true } }),
      () => call(ctx.app, 'GET', `/api/clubs/${club.id}/invitations`, { as: member }),
    ];
    for (const w of writes) expect((await w()).statusCode).toBe(403);
    const stranger = await signUp(ctx.app);
    const strangerClub = await createClub(ctx.app, stranger, 'Estranho');
    for (const res of [
      await call(ctx.app, 'GET', membersUrl(), { as: stranger }),
      await call(ctx.app, 'POST', membersUrl(), { as: stranger, body: { mode: 'accountless', full_name: 'X', role: 'member' } }),
      await call(ctx.app, 'PUT', `${membersUrl()}/${target.id}`, { as: stranger, body: { role: 'admin', unit_id: null, active: true } }),
      await call(ctx.app, 'DELETE', `${membersUrl()}/${target.id}`, { as: stranger }),
      await call(ctx.app, 'POST', `${membersUrl()}/import`, { as: stranger, body: { csv: 'nome\nX', dry_run: true } }),
      await call(ctx.app, 'GET', `/api/clubs/${club.id}/invitations`, { as: stranger }),
      // A member id of club A through the stranger's own club.
      await call(ctx.app, 'PUT', `/api/clubs/${strangerClub.id}/members/${target.id}`, { as: stranger, body: { role: 'admin', unit_id: null, active: true } }),
      await call(ctx.app, 'DELETE', `/api/clubs/${strangerClub.id}/members/${target.id}`, { as: stranger }),
      await call(ctx.app, 'POST', `/api/clubs/${strangerClub.id}/members/${target.id}/invitation`, { as: stranger }),
    ]) expect(res.statusCode).toBe(404);
  });
});
