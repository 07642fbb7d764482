import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { EVAL_MSG, type TEvalItemInput } from '../../../src/shared/associacao-evaluation.js';
import { evaluationScores } from './evaluation.js';

let ctx: TestContext;
let s: StaffedClub;
let counselor: Session;
let superAdmin: Session;

const ITEM: TEvalItemInput = { code: 'seguro', title: 'Todos com seguro', points: 1000, deadline: '10/02', evidence: 'Apólice', proof: 'insured', target: null };
const HAND: TEvalItemInput = { code: 'campori', title: 'Campori', points: 300, deadline: '', evidence: 'Fotos', proof: null, target: null };

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube Avaliação', { members: ['Ana Souza', 'Bruno Lima'] });
  counselor = await signUp(ctx.app, { name: 'Conselheira' });
  await addMember(ctx.db, s.club.id, counselor.profile.id, 'counselor');
  superAdmin = await signUp(ctx.app, { name: 'Dona da Plataforma' });
  await ctx.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [superAdmin.profile.id]);
});
afterAll(() => ctx.close());

const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params))[0].n;

describe(`the club's evaluation on ${engineName()}`, () => {
  it('shows the platform list with its proofs, the score, and a hand mark that counts; a leader reads it', async () => {
    const year = 2026;
    await ctx.db.query(`INSERT INTO club_annual_plans (club_id, year, goals, signed_on) VALUES ($1, $2, '', '2026-03-01')`, [s.club.id, year]);
    const r = await call(ctx.app, 'GET', `${s.base}/associacao/evaluation?year=${year}`, { as: s.admin });
    expect(r.statusCode).toBe(200);
    const e = r.json();
    expect(e.source).toBe('platform');
    expect(e.items.map((i: { code: string }) => i.code)).toEqual(['sgc', 'seguro', 'planejamento', 'diretoria', 'relatorios', 'unidades', 'atas', 'campori']);
    const byCode = Object.fromEntries(e.items.map((i: { code: string }) => [i.code, i]));
    expect(byCode.planejamento).toMatchObject({ done: true, earned: 300, proof_line: 'Planejamento anual assinado: sim (01/03/2026)' });
    expect(byCode.seguro.proof_line).toMatch(/^Membros com seguro: 0 de \d+$/);
    expect(byCode.atas).toMatchObject({ done: false, proof_line: 'Atas da diretoria: 0 de 10', deadline: '30/11' });
    expect(byCode.campori).toMatchObject({ done: false, proof_line: null, mark: null });
    expect(e.max).toBe(3100);

    const mark = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.secretary, body: { year, code: 'campori', done: true, note: 'Fotos na pasta' } });
    expect(mark.statusCode, mark.body).toBe(200);
    const after = (await call(ctx.app, 'GET', `${s.base}/associacao/evaluation?year=${year}`, { as: counselor })).json();
    const campori = after.items.find((i: { code: string }) => i.code === 'campori');
    expect(campori).toMatchObject({ done: true, earned: 300, mark: { note: 'Fotos na pasta', marked_by_name: 'Secretário' } });
    expect(after.score).toBe(e.score + 300);
    expect((await evaluationScores(ctx.db, [{ clubId: s.club.id, year }])).get(s.club.id)).toEqual({ year, score: after.score, max: 3100, done: after.done, total: 8 });
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'associacao.evaluation_mark'`, [s.club.id])).toBe(1);

    const unmark = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.admin, body: { year, code: 'campori', done: false } });
    expect(unmark.statusCode).toBe(200);
    expect(await count(`SELECT count(*)::int AS n FROM club_evaluation_marks WHERE club_id = $1`, [s.club.id])).toBe(0);
    await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.admin, body: { year, code: 'campori', done: true, note: '' } });
  });

  it('refuses to mark an item Trilha proves, or one not on the list, in pt-BR', async () => {
    const proved = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.admin, body: { year: 2026, code: 'seguro', done: true } });
    expect(proved.statusCode).toBe(400);
    expect(proved.json().error.message).toBe(EVAL_MSG.provedByTrilha);
    const unknown = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.admin, body: { year: 2026, code: 'nada', done: true } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(EVAL_MSG.itemNotFound);
  });

  it('each bad item is refused with its pt-BR message and nothing is written', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ items: [] }, EVAL_MSG.empty],
      [{ items: 'x' }, EVAL_MSG.list],
      [{ items: [{ ...ITEM, code: 'Com Espaço' }] }, EVAL_MSG.code],
      [{ items: [{ ...ITEM, title: '  ' }] }, EVAL_MSG.title],
      [{ items: [{ ...ITEM, title: 'x'.repeat(201) }] }, EVAL_MSG.titleLong],
      [{ items: [{ ...ITEM, points: -1 }] }, EVAL_MSG.points],
      [{ items: [{ ...ITEM, points: 'dez' }] }, EVAL_MSG.points],
      [{ items: [{ ...ITEM, deadline: '31/02' }] }, EVAL_MSG.deadline],
      [{ items: [{ ...ITEM, deadline: '2027-02-10' }] }, EVAL_MSG.deadline],
      [{ items: [{ ...ITEM, evidence: 'x'.repeat(1001) }] }, EVAL_MSG.evidenceLong],
      [{ items: [{ ...ITEM, proof: 'magic' }] }, EVAL_MSG.proof],
      [{ items: [{ ...ITEM, target: 0 }] }, EVAL_MSG.target],
      [{ items: [ITEM, { ...HAND, code: 'seguro' }] }, EVAL_MSG.codeRepeated('seguro')],
      [{ items: Array.from({ length: 101 }, (_, i) => ({ ...HAND, code: `c${i}` })) }, EVAL_MSG.tooMany],
    ];
    for (const [body, message] of bad) {
      const r = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/items`, { as: s.admin, body });
      expect(r.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      const messages = [r.json().error.message, ...(r.json().error.details ?? []).map((d: { message: string }) => d.message)];
      expect(messages, JSON.stringify(body).slice(0, 100)).toContain(message);
    }
    const badMark = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.admin, body: { year: 1800, code: 'campori', done: true } });
    expect(badMark.json().error.message).toBe(EVAL_MSG.year);
    const longNote = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: s.admin, body: { year: 2026, code: 'campori', done: true, note: 'x'.repeat(501) } });
    expect(longNote.json().error.message).toBe(EVAL_MSG.noteLong);
    expect(await count(`SELECT count(*)::int AS n FROM club_evaluation_items WHERE club_id = $1`, [s.club.id])).toBe(0);
  });

  it('saves the club\'s own list, exports and imports it as CSV (a formula refused), and goes back to the platform\'s', async () => {
    const put = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/items`, { as: s.secretary, body: { items: [ITEM, HAND] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ source: 'club', items: [
      { code: 'seguro', title: 'Todos com seguro', points: 1000, deadline: '10/02', evidence: 'Apólice', proof: 'insured', target: null },
      { code: 'campori', title: 'Campori', points: 300, deadline: null, evidence: 'Fotos', proof: null, target: null },
    ] });
    const e = (await call(ctx.app, 'GET', `${s.base}/associacao/evaluation?year=2026`, { as: s.admin })).json();
    expect(e).toMatchObject({ source: 'club', max: 1300, total: 2 });
    expect(e.items[1]).toMatchObject({ code: 'campori', done: true });

    const csv = await call(ctx.app, 'GET', `${s.base}/associacao/evaluation/items.csv`, { as: s.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFcódigo;título;pontos;prazo;evidência;prova;meta\r\nseguro;Todos com seguro;1000;10/02;Apólice;insured;\r\n')).toBe(true);

    const file = '\uFEFFcódigo;título;pontos;prazo;evidência;prova;meta\r\natas;Atas da diretoria;200;30/11;Uma por reunião;Atas da diretoria;8\r\nfeira;Feira de saúde;150;;Fotos;;\r\n';
    const preview = await call(ctx.app, 'POST', `${s.base}/associacao/evaluation/items/import`, { as: s.admin, body: { content: file, dry_run: true } });
    expect(preview.json()).toMatchObject({ valid: true, imported: 0 });
    const formula = await call(ctx.app, 'POST', `${s.base}/associacao/evaluation/items/import`, { as: s.admin, body: { content: file.replace('Feira de saúde', '=HYPERLINK("x")'), dry_run: false } });
    expect(formula.statusCode).toBe(400);
    expect(formula.json().error.message).toBe(EVAL_MSG.hasErrors);
    expect(formula.json().error.details.rows[1].errors).toContain(EVAL_MSG.formula);
    expect(await count(`SELECT count(*)::int AS n FROM club_evaluation_items WHERE club_id = $1`, [s.club.id])).toBe(2);
    const done = await call(ctx.app, 'POST', `${s.base}/associacao/evaluation/items/import`, { as: s.admin, body: { content: file, dry_run: false } });
    expect(done.json()).toMatchObject({ valid: true, imported: 2, message: EVAL_MSG.imported(2) });
    const list = (await call(ctx.app, 'GET', `${s.base}/associacao/evaluation/items`, { as: s.admin })).json();
    expect(list.items).toEqual([
      { code: 'atas', title: 'Atas da diretoria', points: 200, deadline: '30/11', evidence: 'Uma por reunião', proof: 'atas_diretoria', target: 8 },
      { code: 'feira', title: 'Feira de saúde', points: 150, deadline: null, evidence: 'Fotos', proof: null, target: null },
    ]);

    const reset = await call(ctx.app, 'DELETE', `${s.base}/associacao/evaluation/items`, { as: s.admin });
    expect(reset.json().source).toBe('platform');
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action LIKE 'associacao.evaluation_items_%'`, [s.club.id])).toBe(3);
  });

  it('two saves of the list at once leave one whole list', async () => {
    const a = [{ ...HAND, code: 'a1' }, { ...HAND, code: 'a2' }, { ...HAND, code: 'a3' }];
    const b = [{ ...HAND, code: 'b1' }, { ...HAND, code: 'b2' }];
    const [ra, rb] = await Promise.all([
      call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/items`, { as: s.admin, body: { items: a } }),
      call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/items`, { as: s.secretary, body: { items: b } }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const codes = (await ctx.db.query<{ code: string }>(`SELECT code FROM club_evaluation_items WHERE club_id = $1 ORDER BY position`, [s.club.id])).map((r) => r.code);
    expect([['a1', 'a2', 'a3'], ['b1', 'b2']]).toContainEqual(codes);
  });

  it('a member gets 403, another club 404, a leader cannot write; the super admin edits the platform list', async () => {
    const member = await call(ctx.app, 'GET', `${s.base}/associacao/evaluation`, { as: s.members[0] });
    expect(member.statusCode).toBe(403);
    const other = await call(ctx.app, 'GET', `${s.base}/associacao/evaluation`, { as: s.stranger });
    expect(other.statusCode).toBe(404);
    const otherPut = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/items`, { as: s.stranger, body: { items: [ITEM] } });
    expect(otherPut.statusCode).toBe(404);
    const leaderPut = await call(ctx.app, 'PUT', `${s.base}/associacao/evaluation/mark`, { as: counselor, body: { year: 2026, code: 'campori', done: true } });
    expect(leaderPut.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/admin/evaluation/items', { as: s.admin })).statusCode).toBe(403);

    const platform = await call(ctx.app, 'GET', '/api/admin/evaluation/items', { as: superAdmin });
    expect(platform.statusCode).toBe(200);
    expect(platform.json().items).toHaveLength(8);
    const edited = [...platform.json().items.slice(0, 7), { ...HAND, code: 'campori', title: 'Campori da Associação' }];
    await call(ctx.app, 'DELETE', `${s.base}/associacao/evaluation/items`, { as: s.admin });
    // The club's evaluation is a kept answer: the platform's list changing moves it (migration 1061).
    const kept = (await call(ctx.app, 'GET', `${s.base}/associacao/evaluation?year=2026`, { as: s.admin })).json();
    expect(kept.items.at(-1).title).not.toBe('Campori da Associação');
    const put = await call(ctx.app, 'PUT', '/api/admin/evaluation/items', { as: superAdmin, body: { items: edited } });
    expect(put.statusCode, put.body).toBe(200);
    const seen = (await call(ctx.app, 'GET', `${s.base}/associacao/evaluation?year=2026`, { as: s.admin })).json();
    expect(seen.items.at(-1)).toMatchObject({ code: 'campori', title: 'Campori da Associação' });
    const csv = await call(ctx.app, 'GET', '/api/admin/evaluation/items.csv', { as: superAdmin });
    expect(csv.body).toContain('campori;Campori da Associação;300;;Fotos;;');
  });
});
