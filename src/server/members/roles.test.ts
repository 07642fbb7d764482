import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MEMBER_MSG, type TMember } from '../../shared/members.js';
import { COUNSELOR_POINT_LIMIT, PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertTask, insertUnit, pointsOf } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';
import { canManageUnit, type ClubAccess } from '../core/access.js';

// Issue 14: the functions at work — counsellors on their own unit, who may name whom, the audit trail.

let ctx: TestContext;
let superAdmin: Session;
let director: Session;
let club: { id: string };
let aguias: string;
let falcoes: string;
let counselor: Session;
let instructor: Session;
let secretary: Session;
let associate: Session;
let kidAguias: Session;
let kidFalcoes: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, director, 'Clube Funções');
  aguias = await insertUnit(ctx.db, club.id, 'Águias');
  falcoes = await insertUnit(ctx.db, club.id, 'Falcões');
  const person = async (name: string, role: string, unit: string | null) => {
    const s = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, s.profile.id, role, unit);
    return s;
  };
  counselor = await person('Conselheira Lia', 'counselor', aguias);
  instructor = await person('Instrutor Caio', 'instructor', null);
  secretary = await person('Secretária Rute', 'secretary', null);
  associate = await person('Associado Davi', 'associate', null);
  kidAguias = await person('Ana', 'member', aguias);
  kidFalcoes = await person('Bruno', 'member', falcoes);
});
afterAll(() => ctx.close());

const url = (p: string) => `/api/clubs/${club.id}${p}`;

function multipartPng() {
  const boundary = '----trilha' + Math.random().toString(16).slice(2);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function submitEvidence(as: Session, taskId: string): Promise<string> {
  const { payload, headers } = multipartPng();
  const res = await ctx.app.inject({ method: 'POST', url: url(`/my-tasks/${taskId}/submissions`), payload, headers: { ...headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function members(): Promise<TMember[]> {
  return (await call(ctx.app, 'GET', url('/members?limit=200'), { as: director })).json().members;
}

describe(`club functions on ${engineName()}`, () => {
  it('a counsellor reviews only their unit: its queue, its approvals; another unit is 403', async () => {
    const taskId = await insertTask(ctx.db, club.id, { title: 'Foto da fogueira', type: 'submission', points: 15 });
    const own = await submitEvidence(kidAguias, taskId);
    const other = await submitEvidence(kidFalcoes, taskId);

    const queue = (await call(ctx.app, 'GET', url('/submissions'), { as: counselor })).json().submissions as Array<{ id: string }>;
    expect(queue.map((s) => s.id)).toEqual([own]);
    expect((await call(ctx.app, 'GET', url('/submissions/pending-count'), { as: counselor })).json().pending).toBe(1);
    expect((await call(ctx.app, 'GET', url('/submissions/pending-count'), { as: director })).json().pending).toBe(2);

    const refused = await call(ctx.app, 'POST', url(`/submissions/${other}/approve`), { as: counselor });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PERMISSION_MSG.otherUnit);
    const refusedReject = await call(ctx.app, 'POST', url(`/submissions/${other}/reject`), { as: counselor, body: { reason: 'Foto escura' } });
    expect(refusedReject.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url(`/submissions/${other}/evidence`), { as: counselor })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url(`/submissions/${own}/evidence`), { as: counselor })).statusCode).toBe(200);

    const approved = await call(ctx.app, 'POST', url(`/submissions/${own}/approve`), { as: counselor });
    expect(approved.statusCode).toBe(200);
    expect(await pointsOf(ctx.db, club.id, kidAguias.profile.id)).toBe(15);
    // The instructor approves for the whole club.
    expect((await call(ctx.app, 'POST', url(`/submissions/${other}/approve`), { as: instructor })).statusCode).toBe(200);
  });

  it(`a counsellor adjusts points for their unit's members within ±${COUNSELOR_POINT_LIMIT}`, async () => {
    const before = await pointsOf(ctx.db, club.id, kidAguias.profile.id);
    const ok = await call(ctx.app, 'POST', url('/point-adjustments'), { as: counselor, body: { profile_id: kidAguias.profile.id, points: COUNSELOR_POINT_LIMIT, reason: 'Ajudou a montar a barraca' } });
    expect(ok.statusCode).toBe(201);
    const penalty = await call(ctx.app, 'POST', url('/point-adjustments'), { as: counselor, body: { profile_id: kidAguias.profile.id, points: -COUNSELOR_POINT_LIMIT, reason: 'Atraso' } });
    expect(penalty.statusCode).toBe(201);
    const tooMuch = await call(ctx.app, 'POST', url('/point-adjustments'), { as: counselor, body: { profile_id: kidAguias.profile.id, points: COUNSELOR_POINT_LIMIT + 1, reason: 'Muito' } });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().error.message).toBe(PERMISSION_MSG.counselorPointLimit);
    const otherUnit = await call(ctx.app, 'POST', url('/point-adjustments'), { as: counselor, body: { profile_id: kidFalcoes.profile.id, points: 5, reason: 'Bônus' } });
    expect(otherUnit.statusCode).toBe(403);
    expect(otherUnit.json().error.message).toBe(PERMISSION_MSG.otherUnit);
    const otherUnitPoints = await call(ctx.app, 'POST', url('/point-adjustments'), { as: counselor, body: { unit_id: falcoes, points: 5, reason: 'Bônus' } });
    expect(otherUnitPoints.statusCode).toBe(403);
    expect(await pointsOf(ctx.db, club.id, kidAguias.profile.id)).toBe(before);
    // The director has no bound.
    expect((await call(ctx.app, 'POST', url('/point-adjustments'), { as: director, body: { profile_id: kidFalcoes.profile.id, points: 500, reason: 'Campori' } })).statusCode).toBe(201);
  });

  it('a counsellor records tasks for their unit only; the instructor for anyone', async () => {
    const taskId = await insertTask(ctx.db, club.id, { title: 'Nó de escota', type: 'check', points: 5 });
    const own = await call(ctx.app, 'POST', url(`/my-tasks/${taskId}/complete`), { as: counselor, body: { profile_id: kidAguias.profile.id } });
    expect(own.statusCode).toBe(200);
    const other = await call(ctx.app, 'POST', url(`/my-tasks/${taskId}/complete`), { as: counselor, body: { profile_id: kidFalcoes.profile.id } });
    expect(other.statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', url(`/my-tasks/${taskId}/complete`), { as: instructor, body: { profile_id: kidFalcoes.profile.id } })).statusCode).toBe(200);
  });

  it('the secretary names treasurers and counsellors (with a unit), never a director or an associate', async () => {
    const noUnit = await call(ctx.app, 'POST', url('/members'), { as: secretary, body: { mode: 'accountless', full_name: 'Léo', role: 'counselor' } });
    expect(noUnit.statusCode).toBe(400);
    expect(JSON.stringify(noUnit.json())).toContain(PERMISSION_MSG.counselorNeedsUnit);
    const leo = await call(ctx.app, 'POST', url('/members'), { as: secretary, body: { mode: 'accountless', full_name: 'Léo', role: 'counselor', unit_id: falcoes } });
    expect(leo.statusCode).toBe(201);
    expect(leo.json().member).toMatchObject({ role: 'counselor', unit_name: 'Falcões' });
    const id = leo.json().member.id as string;

    const toTreasurer = await call(ctx.app, 'PUT', url(`/members/${id}`), { as: secretary, body: { role: 'treasurer', unit_id: null, active: true } });
    expect(toTreasurer.statusCode).toBe(200);
    const toDirector = await call(ctx.app, 'PUT', url(`/members/${id}`), { as: secretary, body: { role: 'admin', unit_id: null, active: true } });
    expect(toDirector.statusCode).toBe(403);
    expect(toDirector.json().error.message).toBe(PERMISSION_MSG.onlyDirectorChangesDirector);
    const toAssociate = await call(ctx.app, 'PUT', url(`/members/${id}`), { as: secretary, body: { role: 'associate', unit_id: null, active: true } });
    expect(toAssociate.statusCode).toBe(403);
    const bad = await call(ctx.app, 'PUT', url(`/members/${id}`), { as: secretary, body: { role: 'chefe', unit_id: null, active: true } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(PERMISSION_MSG.roleInvalid);

    const audit = await ctx.db.query<{ action: string; before: { role: string }; after: { role: string } }>(
      `SELECT action, before, after FROM audit_log WHERE entity_id = $1 AND action = 'member.role_change'`, [id]);
    expect(audit).toEqual([expect.objectContaining({ before: expect.objectContaining({ role: 'counselor' }), after: expect.objectContaining({ role: 'treasurer' }) })]);
  });

  it('an associate cannot change or remove a director; the director names an associate; the last director stays', async () => {
    const list = await members();
    const directorRow = list.find((m) => m.profile_id === director.profile.id);
    const demote = await call(ctx.app, 'PUT', url(`/members/${directorRow?.id}`), { as: associate, body: { role: 'member', unit_id: null, active: true } });
    expect(demote.statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', url(`/members/${directorRow?.id}`), { as: associate })).statusCode).toBe(403);
    const settings = await call(ctx.app, 'PUT', url('/settings'), { as: associate, body: { name: 'Novo nome' } });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.message).toBe(PERMISSION_MSG.forbidden('club.settings'));

    const secretaryRow = list.find((m) => m.profile_id === secretary.profile.id);
    const promote = await call(ctx.app, 'PUT', url(`/members/${secretaryRow?.id}`), { as: director, body: { role: 'associate', unit_id: null, active: true } });
    expect(promote.statusCode).toBe(200);
    await call(ctx.app, 'PUT', url(`/members/${secretaryRow?.id}`), { as: director, body: { role: 'secretary', unit_id: null, active: true } });

    const last = await call(ctx.app, 'PUT', url(`/members/${directorRow?.id}`), { as: director, body: { role: 'associate', unit_id: null, active: true } });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(MEMBER_MSG.lastAdmin);
  });

  it('a super admin keeps full access whatever their membership says', async () => {
    await addMember(ctx.db, club.id, superAdmin.profile.id, 'member', null);
    expect((await call(ctx.app, 'GET', url('/finance/summary'), { as: superAdmin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', url('/recurring-tasks'), { as: superAdmin })).statusCode).toBe(200);
    const mine = (await call(ctx.app, 'GET', '/api/clubs', { as: superAdmin })).json();
    expect(mine[0].permissions).toContain('club.settings');
  });

  it('old free-text roles: labels become the function they name, anything else a member with that title', async () => {
    const [p1] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Dona Cozinha') RETURNING id`);
    const [p2] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Seu Caixa') RETURNING id`);
    await addMember(ctx.db, club.id, p1.id, 'Chefe de cozinha');
    await addMember(ctx.db, club.id, p2.id, 'Tesoureira');
    const list = await members();
    expect(list.find((m) => m.profile_id === p1.id)).toMatchObject({ role: 'member', title: 'Chefe de cozinha' });
    expect(list.find((m) => m.profile_id === p2.id)).toMatchObject({ role: 'treasurer', title: null });
  });

  it('role changes never 500 and change nothing when refused (fuzz)', async () => {
    const list = await members();
    const target = list.find((m) => m.profile_id === kidAguias.profile.id);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('admin', 'associate', 'counselor', 'Conselheiro(a)', 'diretor(a)', '')),
        fc.oneof(fc.constant(null), fc.constant(aguias), fc.string({ maxLength: 40 })),
        async (role, unit) => {
          const res = await call(ctx.app, 'PUT', url(`/members/${target?.id}`), { as: secretary, body: { role, unit_id: unit, active: true } });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 200) {
            const now = (await members()).find((m) => m.id === target?.id);
            expect(now).toMatchObject({ role: 'member', unit_id: aguias });
          } else {
            await call(ctx.app, 'PUT', url(`/members/${target?.id}`), { as: director, body: { role: 'member', unit_id: aguias, active: true } });
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);

  it('canManageUnit: the whole club for club-wide functions, the own unit for a counsellor', () => {
    const base = { clubId: 'c', profileId: 'p', isAdmin: false, viaSuperAdmin: false };
    const asCounselor: ClubAccess = { ...base, role: 'counselor', unitId: 'u1' };
    expect(canManageUnit(asCounselor, 'u1')).toBe(true);
    expect(canManageUnit(asCounselor, 'u2')).toBe(false);
    expect(canManageUnit(asCounselor, null)).toBe(false);
    expect(canManageUnit({ ...base, role: 'counselor', unitId: null }, 'u1')).toBe(false);
    expect(canManageUnit({ ...base, role: 'secretary', unitId: null }, 'u2')).toBe(false);
    expect(canManageUnit({ ...base, role: 'treasurer', unitId: 'u1' }, 'u1')).toBe(false);
    expect(canManageUnit({ ...base, role: 'admin', isAdmin: true }, 'u9', 'points.adjust')).toBe(true);
  });
});
