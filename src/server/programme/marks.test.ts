import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MARK_MSG, PROGRAMME_MSG } from '../../shared/programme.js';
import { PROGRESS_MSG } from '../../shared/progress.js';
import { addMember, call, createClub, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit, pointsOf } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';
import { removeOrphanFiles } from '../storage/orphans.js';

let ctx: TestContext;
let admin: Session;
let counselorB: Session;
let instructor: Session;
let stranger: Session;
let club: { id: string };
let kid: { session: Session; memberId: string };
let mate: { session: Session; memberId: string };
const reqs: { id: string; text: string; needs_evidence: boolean }[] = [];

const url = (p: string) => `/api/clubs/${club.id}/programme${p}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const mark = (as: Session, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }, clubId = club.id) => {
  const { payload, headers } = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: `/api/clubs/${clubId}/programme/marks`, payload, headers: { ...headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
};
const queue = async (as: Session) => (await call(ctx.app, 'GET', url('/marks'), { as })).json() as { id: string; full_name: string; requirement_id: string; evidence_name: string | null }[];
const count = async (sql: string) => Number((await ctx.db.query<{ n: number }>(sql))[0].n);

async function person(name: string, role: string, unitId: string | null) {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, club.id, s.profile.id, role, unitId);
  const [{ id }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, s.profile.id]);
  return { session: s, memberId: id };
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, club } = await setUpClubWithMember(ctx, 'Clube Marcações'));
  const unitA = await insertUnit(ctx.db, club.id, 'Águias');
  const unitB = await insertUnit(ctx.db, club.id, 'Leões');
  kid = await person('Caio Marcador', 'member', unitA);
  mate = await person('Duda Colega', 'member', unitA);
  counselorB = (await person('Conselheiro Leões', 'counselor', unitB)).session;
  instructor = (await person('Instrutora Sem Amigo', 'instructor', null)).session;
  stranger = await signUp(ctx.app, { name: 'Diretor de fora' });
  await createClub(ctx.app, stranger, 'Outro Clube');
  for (const [text, needs] of [['Ler o livro do ano', false], ['Fotografar uma planta', true], ['Dar um nó direito', false]] as const) {
    reqs.push((await call(ctx.app, 'POST', url('/items/AMIGO/requirements'), { as: admin, body: { section_code: 'G', text, needs_evidence: needs } })).json());
  }
  for (const m of [kid, mate]) await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: m.memberId, item_code: 'AMIGO' } });
});
afterAll(() => ctx.close());

describe(`a member marks a requisito done on ${engineName()}`, () => {
  it('the member marks; the mark waits in the queue; a leader signs it (points once) and it leaves the queue', async () => {
    const res = await mark(kid.session, { requirement_id: reqs[0].id, note: 'Li inteiro!' });
    expect(res.statusCode).toBe(201);
    const card = (await call(ctx.app, 'GET', url(`/members/${kid.memberId}/card`), { as: kid.session })).json();
    expect(card.enrolments[0].requirements[0]).toMatchObject({ signature: null, mark: { status: 'pending', note: 'Li inteiro!', has_evidence: false } });
    const q = await queue(admin);
    expect(q).toEqual([expect.objectContaining({ full_name: 'Caio Marcador', requirement_id: reqs[0].id, note: 'Li inteiro!', item_name: 'Amigo', unit_name: 'Águias' })]);
    const signed = await call(ctx.app, 'POST', url(`/marks/${q[0].id}/sign`), { as: admin, body: {} });
    expect(signed.json()).toMatchObject({ signed: 1, points: 5 });
    expect(await queue(admin)).toEqual([]);
    expect(await pointsOf(ctx.db, club.id, kid.session.profile.id)).toBe(5);
    const after = (await call(ctx.app, 'GET', url(`/members/${kid.memberId}/card`), { as: kid.session })).json();
    expect(after.enrolments[0].requirements[0]).toMatchObject({ signature: { note: 'Li inteiro!' }, mark: null });
    // Signing the same mark again: it is decided.
    const again = await call(ctx.app, 'POST', url(`/marks/${q[0].id}/sign`), { as: admin, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MARK_MSG.notPending);
  });

  it('a requisito that needs evidence takes a file; the leader reads it; a stranger and another member get 404', async () => {
    const without = await mark(kid.session, { requirement_id: reqs[1].id });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.message).toBe(MARK_MSG.evidenceNeeded);
    const fake = await mark(kid.session, { requirement_id: reqs[1].id }, { name: 'foto.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' });
    expect(fake.json().error.message).toBe(PROGRESS_MSG.evidenceType);
    const ok = await mark(kid.session, { requirement_id: reqs[1].id }, { name: 'planta.png', bytes: PNG, type: 'image/png' });
    expect(ok.statusCode).toBe(201);
    const { id } = ok.json();
    const file = await call(ctx.app, 'GET', url(`/marks/${id}/evidence`), { as: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await call(ctx.app, 'GET', url(`/marks/${id}/evidence`), { as: kid.session })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', url(`/marks/${id}/evidence`), { as: mate.session })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url(`/marks/${id}/evidence`), { as: stranger })).statusCode).toBe(404);
    expect((await queue(admin)).map((m) => m.evidence_name)).toEqual(['planta.png']);
  });

  it('pt-BR messages: repeated mark, already signed, not enrolled, unknown requisito, long note; nothing written', async () => {
    const before = await count('SELECT count(*)::int AS n FROM programme_marks');
    const cases: [Record<string, string>, number, string][] = [
      [{ requirement_id: reqs[1].id }, 400, MARK_MSG.evidenceNeeded],
      [{ requirement_id: reqs[0].id }, 409, MARK_MSG.alreadySigned],
      [{ requirement_id: '00000000-0000-4000-8000-000000000000' }, 404, PROGRAMME_MSG.requirementNotFound],
      [{ requirement_id: 'nada' }, 400, MARK_MSG.requirementRequired],
      [{}, 400, MARK_MSG.requirementRequired],
      [{ requirement_id: reqs[2].id, note: 'x'.repeat(501) }, 400, MARK_MSG.noteTooLong],
    ];
    for (const [fields, status, message] of cases) {
      const res = await mark(kid.session, fields);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect((await mark(kid.session, { requirement_id: reqs[1].id }, { name: 'b.png', bytes: PNG, type: 'image/png' })).json().error.message).toBe(MARK_MSG.alreadyMarked);
    const outsider = await person('Enzo Sem Classe', 'member', null);
    expect((await mark(outsider.session, { requirement_id: reqs[2].id })).json().error.message).toBe(PROGRAMME_MSG.notEnrolled);
    expect((await mark(stranger, { requirement_id: reqs[2].id })).statusCode).toBe(404);
    expect(await count('SELECT count(*)::int AS n FROM programme_marks')).toBe(before);
    const ret = await call(ctx.app, 'POST', url(`/marks/${(await queue(admin))[0].id}/return`), { as: admin, body: { reason: '' } });
    expect(ret.json().error.message).toBe(MARK_MSG.reasonRequired);
  });

  it('nobody signs their own; a counsellor of another unit, an instructor not assigned and a plain member cannot; another club 404', async () => {
    const [pending] = await queue(admin);
    expect((await call(ctx.app, 'POST', url(`/marks/${pending.id}/sign`), { as: counselorB, body: {} })).json().error.message).toBe(PROGRAMME_MSG.notYourUnit);
    expect((await call(ctx.app, 'POST', url(`/marks/${pending.id}/sign`), { as: instructor, body: {} })).json().error.message).toBe(PROGRAMME_MSG.notAssigned);
    expect((await call(ctx.app, 'POST', url(`/marks/${pending.id}/sign`), { as: mate.session, body: {} })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', url(`/marks/${pending.id}/sign`), { as: stranger, body: {} })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url('/marks'), { as: mate.session })).statusCode).toBe(403);
    expect(await queue(counselorB)).toEqual([]);
    expect(await queue(instructor)).toEqual([]);
    // A leader who is enrolled marks their own requisito: it is not in their own queue and they cannot sign it.
    const leader = await person('Líder Aluno', 'counselor', null);
    await ctx.db.query(`UPDATE club_members SET unit_id = (SELECT unit_id FROM club_members WHERE id = $1) WHERE id = $2`, [kid.memberId, leader.memberId]);
    await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: leader.memberId, item_code: 'AMIGO' } });
    const own = await mark(leader.session, { requirement_id: reqs[2].id });
    expect(own.statusCode).toBe(201);
    expect((await queue(leader.session)).some((m) => m.id === own.json().id)).toBe(false);
    const self = await call(ctx.app, 'POST', url(`/marks/${own.json().id}/sign`), { as: leader.session, body: {} });
    expect(self.json().error.message).toBe(PROGRAMME_MSG.signOwn);
  });

  it('a leader returns a mark with a reason; the member sees it and marks again', async () => {
    const [pending] = (await queue(admin)).filter((m) => m.requirement_id === reqs[1].id);
    expect((await call(ctx.app, 'POST', url(`/marks/${pending.id}/return`), { as: admin, body: { reason: 'A foto está escura' } })).statusCode).toBe(200);
    const card = (await call(ctx.app, 'GET', url(`/members/${kid.memberId}/card`), { as: kid.session })).json();
    expect(card.enrolments[0].requirements[1].mark).toMatchObject({ status: 'returned', reason: 'A foto está escura' });
    expect((await mark(kid.session, { requirement_id: reqs[1].id }, { name: 'clara.png', bytes: PNG, type: 'image/png' })).statusCode).toBe(201);
  });

  it('two leaders signing one mark at once: one signature, points once; a grid signature closes the mark', async () => {
    const [pending] = (await queue(admin)).filter((m) => m.requirement_id === reqs[1].id);
    const before = await pointsOf(ctx.db, club.id, kid.session.profile.id);
    const both = await Promise.all([call(ctx.app, 'POST', url(`/marks/${pending.id}/sign`), { as: admin, body: {} }), call(ctx.app, 'POST', url(`/marks/${pending.id}/sign`), { as: admin, body: {} })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await pointsOf(ctx.db, club.id, kid.session.profile.id)).toBe(before + 5);
    expect(await mark(mate.session, { requirement_id: reqs[2].id }).then((r) => r.statusCode)).toBe(201);
    await call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: reqs[2].id, member_ids: [mate.memberId] } });
    expect((await queue(admin)).some((m) => m.full_name === 'Duda Colega')).toBe(false);
  });

  it("a mark's evidence leaves storage once its row is gone (here by unenrolling), and stays when the deletion rolls back", async () => {
    const eva = await person('Eva Desmatriculada', 'member', null);
    const enrolment = (await call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: eva.memberId, item_code: 'AMIGO' } })).json();
    const sent = await mark(eva.session, { requirement_id: reqs[1].id }, { name: 'folha.png', bytes: PNG, type: 'image/png' });
    expect(sent.statusCode).toBe(201);
    const [{ evidence_key: key }] = await ctx.db.query<{ evidence_key: string }>('SELECT evidence_key FROM programme_marks WHERE id = $1', [sent.json().id]);
    expect(await ctx.app.storage.get(key)).not.toBeNull();
    const queued = () => ctx.db.query('SELECT 1 FROM orphan_files WHERE key = $1', [key]).then((r) => r.length);

    await expect(ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM programme_marks WHERE id = $1', [sent.json().id]);
      throw new Error('queda no meio');
    })).rejects.toThrow('queda no meio');
    expect(await queued()).toBe(0);
    await removeOrphanFiles(ctx.db, ctx.app.storage);
    expect(await ctx.app.storage.get(key)).not.toBeNull();

    expect((await call(ctx.app, 'DELETE', url(`/enrolments/${enrolment.id}`), { as: admin })).statusCode).toBeLessThan(300);
    expect(await queued()).toBe(1);
    expect(await removeOrphanFiles(ctx.db, ctx.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.storage.get(key)).toBeNull();
    expect(await queued()).toBe(0);
  });

  it('hostile mark, sign and return bodies never answer 5xx and a refused one writes nothing (fast-check)', async () => {
    const written = () => count(`SELECT (SELECT count(*) FROM programme_marks) + (SELECT count(*) FROM programme_signatures) + (SELECT count(*) FROM point_events) AS n`);
    const value = fc.oneof(fc.string({ maxLength: 600 }), fc.constantFrom('', 'a\u0000b', '=1+1', '2099-01-01', '2026-02-31', reqs[2].id, 'x'.repeat(600)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('mark', 'sign', 'return'), fc.dictionary(fc.constantFrom('requirement_id', 'note', 'signed_on', 'reason', 'extra'), value, { maxKeys: 3 }), async (route, fields) => {
        const before = await written();
        const res = route === 'mark'
          ? await mark(kid.session, fields)
          : await call(ctx.app, 'POST', url(`/marks/00000000-0000-4000-8000-000000000000/${route}`), { as: admin, body: fields });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await written()).toBe(before);
      }),
      { numRuns: 60, seed: 342 },
    );
  });
});
