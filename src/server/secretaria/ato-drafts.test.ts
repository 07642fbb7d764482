import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/** Issue 47: Trilha drafts the act when it records the fact itself; the secretary confirms (numbered then) or discards. */
let ctx: TestContext;
let admin: Session;
let secretary: Session;
let base: string;
let clubId: string;

const drafts = (kind?: string) => ctx.db.query<{ id: string; kind: string; source: string; person_name: string; role_title: string | null; term_start: string | null; term_end: string | null; number: number | null; member_id: string | null }>(
  `SELECT id, kind, source, person_name, role_title, term_start::text, term_end::text, number, member_id FROM atos WHERE club_id = $1 AND status = 'rascunho' ${kind ? 'AND kind = $2' : ''} ORDER BY created_at, id`,
  kind ? [clubId, kind] : [clubId]);
const add = (name: string, extra: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST', `${base}/members`, { as: secretary, body: { mode: 'accountless', full_name: name, email: '', birth_date: '', role: 'member', unit_id: null, ...extra } });

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, secretary, club, base } = await setUpStaffedClub(ctx, 'Clube Atos', { members: [] }));
  clubId = club.id;
});
afterAll(() => ctx.close());

describe(`atos drafted from facts on ${engineName()}`, () => {
  it('a member added is an admissão draft without a number; the Atos tab lists it first', async () => {
    const res = await add('Bruno Admitido');
    expect(res.statusCode).toBe(201);
    const [d] = await drafts('admissao');
    expect(d).toMatchObject({ source: 'admissao', person_name: 'Bruno Admitido', number: null });
    const list = (await call(ctx.app, 'GET', `${base}/secretaria/atos`, { as: secretary })).json();
    expect(list[0]).toMatchObject({ id: d.id, status: 'rascunho', label: null, kind: 'admissao', source: 'admissao' });
  });

  it('a function given is a nomeação; a diretoria post, a nomeação with its term; a member removed, a desligamento that keeps the name', async () => {
    const bruno = String((await drafts('admissao'))[0].member_id);
    const put = await call(ctx.app, 'PUT', `${base}/members/${bruno}`, { as: admin, body: { role: 'instructor', unit_id: null, active: true } });
    expect(put.statusCode).toBe(200);
    expect((await drafts('nomeacao')).map((d) => d.role_title)).toEqual(['Instrutor(a)']);

    const secretaryId = await memberIdOf(ctx.db, clubId, secretary.profile.id);
    const post = await call(ctx.app, 'POST', `${base}/associacao/diretoria`, { as: admin, body: { post: 'secretary', member_id: secretaryId, starts_on: '2026-01-01', ends_on: '2026-12-31' } });
    expect(post.statusCode).toBe(201);
    const posts = (await drafts('nomeacao')).filter((d) => d.term_end !== null);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ person_name: 'Secretário', term_start: '2026-01-01', term_end: '2026-12-31' });

    const del = await call(ctx.app, 'DELETE', `${base}/members/${bruno}`, { as: admin });
    expect(del.statusCode).toBe(200);
    const [gone] = await drafts('desligamento');
    expect(gone).toMatchObject({ source: 'desligamento', person_name: 'Bruno Admitido', member_id: null });
  });

  it('a fact that fails writes no draft (the draft is in the fact\'s transaction)', async () => {
    const before = (await drafts()).length;
    const badUnit = await add('Sem Unidade', { unit_id: '00000000-0000-4000-8000-000000000000' });
    expect(badUnit.statusCode).toBe(400);
    const adminId = await memberIdOf(ctx.db, clubId, admin.profile.id);
    const lastAdmin = await call(ctx.app, 'DELETE', `${base}/members/${adminId}`, { as: admin });
    expect(lastAdmin.statusCode).toBe(409);
    expect((await drafts()).length).toBe(before);
  });

  it('two secretaries confirming drafts at once keep the numbers gapless; a discarded draft leaves no gap', async () => {
    for (let i = 0; i < 8; i++) expect((await add(`Membro ${i}`)).statusCode).toBe(201);
    const pending = await drafts('admissao');
    const [discard, ...confirm] = pending;
    expect((await call(ctx.app, 'DELETE', `${base}/secretaria/atos/${discard.id}`, { as: secretary })).statusCode).toBe(200);
    const body = (d: { member_id: string | null; person_name: string }) => ({
      kind: 'admissao', acted_on: '2026-05-02', member_id: d.member_id, person_name: d.member_id ? null : d.person_name, role_title: null, term_start: null, term_end: null, body: 'Admissão confirmada.', voto_id: null,
    });
    const answers = await Promise.all(confirm.map((d, i) => call(ctx.app, 'POST', `${base}/secretaria/atos/${d.id}/confirm`, { as: i % 2 ? admin : secretary, body: body(d) })));
    expect(answers.map((a) => a.statusCode)).toEqual(confirm.map(() => 200));
    const numbers = (await ctx.db.query<{ number: number }>(`SELECT number FROM atos WHERE club_id = $1 AND year = 2026 ORDER BY number`, [clubId])).map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers).toHaveLength(confirm.length);
    // A draft confirmed twice is refused the second time (it already has its number).
    const again = await call(ctx.app, 'POST', `${base}/secretaria/atos/${confirm[0].id}/confirm`, { as: secretary, body: body(confirm[0]) });
    expect(again.statusCode).toBe(409);
  });
});
