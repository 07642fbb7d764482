import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_MSG, SUBTASK_MSG, TASK_BADGE_MSG, TASK_MSG, type TQuestion, type TSubtask, type TTask } from '../../shared/tasks.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let stranger: Session;
let clubId: string;
let url: string;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="gold"/></svg>';
// Inserted by SQL, so never sanitised: read back as the sanitiser writes it (ADR 023).
const SERVED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="gold"></circle></svg>';

async function insertBadge(name: string, active = true, rarity = 'common'): Promise<string> {
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO badges (name, description, icon_svg, rarity, points, active) VALUES ($1, $2, $3, $4, 25, $5) RETURNING id`,
    [name, `Badge ${name}`, SVG, rarity, active],
  );
  return row.id;
}

async function createTask(body: Record<string, unknown>, as: Session = admin): Promise<TTask> {
  const res = await call(ctx.app, 'POST', url, { as, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  member = await signUp(ctx.app, { name: 'Membro' });
  stranger = await signUp(ctx.app, { name: 'Estranho' });
  clubId = (await createClub(ctx.app, admin, 'Tarefas')).id;
  await addMember(ctx.db, clubId, member.profile.id);
  url = `/api/clubs/${clubId}/tasks`;
});
afterAll(() => ctx.close());

describe(`tasks on ${engineName()}`, () => {
  it('creates with the defaults (check, 10 points, active) and lists newest first', async () => {
    const first = await createTask({ title: 'Primeira' });
    expect(first).toMatchObject({ title: 'Primeira', type: 'check', points: 10, active: true, description: null, available_date: null, due_date: null, question_count: 0 });
    const second = await createTask({ title: 'Segunda', type: 'submission', points: '25', description: '  Envie uma foto  ' });
    expect(second).toMatchObject({ type: 'submission', points: 25, description: 'Envie uma foto' });
    const list: TTask[] = (await call(ctx.app, 'GET', url, { as: admin })).json();
    expect(list.map((t) => t.title).slice(0, 2)).toEqual(['Segunda', 'Primeira']);
  });

  it('every type is accepted; dates travel as ISO instants', async () => {
    for (const type of ['check', 'quiz', 'form', 'accumulative', 'milestone', 'submission']) {
      const t = await createTask({ title: `Tipo ${type}`, type, available_date: '2026-03-01T12:00:00-03:00', due_date: '2026-03-10T23:59:00.000Z' });
      expect(t.type).toBe(type);
      expect(t.available_date).toBe('2026-03-01T15:00:00.000Z');
      expect(t.due_date).toBe('2026-03-10T23:59:00.000Z');
    }
  });

  it('validates title, type, points and the order of the dates with the spec texts', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, TASK_MSG.titleRequired],
      [{}, TASK_MSG.titleRequired],
      [{ title: 'X', type: 'outro' }, TASK_MSG.typeRequired],
      [{ title: 'X', points: -1 }, TASK_MSG.pointsInvalid],
      [{ title: 'X', available_date: '2026-03-10T10:00:00Z', due_date: '2026-03-09T10:00:00Z' }, TASK_MSG.dueBeforeAvailable],
      [{ title: 'X', available_date: 'amanhã' }, TASK_MSG.dateInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', url, { as: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // Non-numeric points are refused, never saved as 0 (issue 18); the same instant for both dates is fine.
    expect((await call(ctx.app, 'POST', url, { as: admin, body: { title: 'Zero', points: 'abc' } })).statusCode).toBe(400);
    const t = await createTask({ title: 'Zero', points: 0, available_date: '2026-03-10T10:00:00Z', due_date: '2026-03-10T10:00:00Z' });
    expect(t.points).toBe(0);
  });

  it('updates and deletes, auditing the deletion', async () => {
    const t = await createTask({ title: 'Editar' });
    const put = await call(ctx.app, 'PUT', `${url}/${t.id}`, { as: admin, body: { title: 'Editada', type: 'accumulative', points: 3, active: false, available_date: '' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Editada', type: 'accumulative', points: 3, active: false, available_date: null });
    const del = await call(ctx.app, 'DELETE', `${url}/${t.id}`, { as: admin });
    expect(del.statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', `${url}/${t.id}`, { as: admin })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `${url}/${t.id}`, { as: admin })).statusCode).toBe(404);
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'task.delete' AND entity_id = $1`, [t.id]);
    expect(audit).toHaveLength(1);
  });

  it('members read active tasks only and cannot write; strangers get 404; anonymous 401', async () => {
    const active = await createTask({ title: 'Ativa p/ membro' });
    const inactive = await createTask({ title: 'Inativa p/ membro', active: false });
    const list: TTask[] = (await call(ctx.app, 'GET', url, { as: member })).json();
    expect(list.some((t) => t.id === active.id)).toBe(true);
    expect(list.some((t) => t.id === inactive.id)).toBe(false);
    expect((await call(ctx.app, 'GET', `${url}/${inactive.id}`, { as: member })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${url}/${active.id}`, { as: member })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', url, { as: member, body: { title: 'Não' } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', `${url}/${active.id}`, { as: member, body: { title: 'Não' } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `${url}/${active.id}`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', url, { as: stranger, body: { title: 'Não' } })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url)).statusCode).toBe(401);
  });

  it('a task of another club is 404, even to an admin of this club', async () => {
    const otherAdmin = await signUp(ctx.app);
    const other = await createClub(ctx.app, otherAdmin, 'Outro');
    const foreign = (await call(ctx.app, 'POST', `/api/clubs/${other.id}/tasks`, { as: otherAdmin, body: { title: 'Alheia', type: 'quiz' } })).json();
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['GET', '/questions'], ['POST', '/questions'], ['GET', '/badges']] as const) {
      const res = await call(ctx.app, method, `${url}/${foreign.id}${path}`, { as: admin, body: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x', text: 'x', answer_type: 'free_text' } });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(ctx.app, 'GET', `${url}/nao-e-uuid`, { as: admin })).statusCode).toBe(404);
  });
});

describe(`questions on ${engineName()}`, () => {
  it('numbered from 1, blank options dropped, true/false fixed, free text without answer', async () => {
    const quiz = await createTask({ title: 'Quiz', type: 'quiz' });
    const qurl = `${url}/${quiz.id}/questions`;
    const mc = await call(ctx.app, 'POST', qurl, { as: admin, body: { text: 'Capital?', answer_type: 'multiple_choice', options: ['Brasília', '  ', 'Rio', ''], correct_answer: 'Brasília' } });
    expect(mc.statusCode, mc.body).toBe(201);
    expect(mc.json()).toMatchObject({ order_position: 1, options: ['Brasília', 'Rio'], correct_answer: 'Brasília' });
    const tf = await call(ctx.app, 'POST', qurl, { as: admin, body: { text: 'O sol é uma estrela?', answer_type: 'single_choice', options: ['Sim', 'Não'], correct_answer: 'Verdadeiro' } });
    expect(tf.json()).toMatchObject({ order_position: 2, options: ['Verdadeiro', 'Falso'], correct_answer: 'Verdadeiro' });
    const free = await call(ctx.app, 'POST', qurl, { as: admin, body: { text: 'Conte algo', answer_type: 'free_text', options: ['a', 'b'], correct_answer: 'a' } });
    expect(free.json()).toMatchObject({ order_position: 3, options: null, correct_answer: null });
    const task: TTask = (await call(ctx.app, 'GET', `${url}/${quiz.id}`, { as: admin })).json();
    expect(task.question_count).toBe(3);
  });

  it("a form's question has no right answer: none is asked for, and one sent is not kept", async () => {
    const form = await createTask({ title: 'Avaliação', type: 'form' });
    const qurl = `${url}/${form.id}/questions`;
    const choice = await call(ctx.app, 'POST', qurl, { as: admin, body: { text: 'Gostou?', answer_type: 'multiple_choice', options: ['Sim', 'Não'] } });
    expect(choice.statusCode, choice.body).toBe(201);
    expect(choice.json()).toMatchObject({ options: ['Sim', 'Não'], correct_answer: null });
    const sent = await call(ctx.app, 'PUT', `${qurl}/${choice.json().id}`, { as: admin, body: { text: 'Gostou?', answer_type: 'single_choice', correct_answer: 'Verdadeiro' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ options: ['Verdadeiro', 'Falso'], correct_answer: null });
  });

  it('validates text, type, options and the correct answer', async () => {
    const quiz = await createTask({ title: 'Quiz validação', type: 'quiz' });
    const qurl = `${url}/${quiz.id}/questions`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text: ' ', answer_type: 'free_text' }, QUESTION_MSG.textRequired],
      [{ text: 'P', answer_type: 'x' }, QUESTION_MSG.typeRequired],
      [{ text: 'P', answer_type: 'multiple_choice', options: ['a', 'b'] }, QUESTION_MSG.correctRequired],
      [{ text: 'P', answer_type: 'multiple_choice', options: ['a', 'b'], correct_answer: 'c' }, QUESTION_MSG.correctRequired],
      [{ text: 'P', answer_type: 'multiple_choice', options: ['a', ' '], correct_answer: 'a' }, QUESTION_MSG.optionsRequired],
      [{ text: 'P', answer_type: 'single_choice' }, QUESTION_MSG.correctRequired],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', qurl, { as: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const check = await createTask({ title: 'Check', type: 'check' });
    const wrong = await call(ctx.app, 'POST', `${url}/${check.id}/questions`, { as: admin, body: { text: 'P', answer_type: 'free_text' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(QUESTION_MSG.wrongTaskType);
  });

  it('members see the questions without the correct answer and cannot write', async () => {
    const quiz = await createTask({ title: 'Quiz membro', type: 'quiz' });
    const qurl = `${url}/${quiz.id}/questions`;
    const q = (await call(ctx.app, 'POST', qurl, { as: admin, body: { text: 'V ou F', answer_type: 'single_choice', correct_answer: 'Falso' } })).json();
    const seen: TQuestion[] = (await call(ctx.app, 'GET', qurl, { as: member })).json();
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty('correct_answer');
    expect(seen[0].options).toEqual(['Verdadeiro', 'Falso']);
    expect((await call(ctx.app, 'GET', qurl, { as: admin })).json()[0].correct_answer).toBe('Falso');
    expect((await call(ctx.app, 'POST', qurl, { as: member, body: { text: 'x', answer_type: 'free_text' } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'PUT', `${qurl}/${q.id}`, { as: member, body: { text: 'x', answer_type: 'free_text' } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `${qurl}/${q.id}`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', qurl, { as: stranger })).statusCode).toBe(404);
  });

  it('edits, deletes (closing the gap) and reorders', async () => {
    const form = await createTask({ title: 'Formulário', type: 'form' });
    const qurl = `${url}/${form.id}/questions`;
    const ids: string[] = [];
    for (const text of ['A', 'B', 'C', 'D']) ids.push((await call(ctx.app, 'POST', qurl, { as: admin, body: { text, answer_type: 'free_text' } })).json().id);
    const edited = await call(ctx.app, 'PUT', `${qurl}/${ids[1]}`, { as: admin, body: { text: 'B2', answer_type: 'multiple_choice', options: ['x', 'y', '', ''], correct_answer: 'y' } });
    // A form's question keeps no right answer, even one sent (issue 31).
    expect(edited.json()).toMatchObject({ text: 'B2', order_position: 2, options: ['x', 'y'], correct_answer: null });
    expect((await call(ctx.app, 'DELETE', `${qurl}/${ids[0]}`, { as: admin })).statusCode).toBe(204);
    let list: TQuestion[] = (await call(ctx.app, 'GET', qurl, { as: admin })).json();
    expect(list.map((q) => [q.text, q.order_position])).toEqual([['B2', 1], ['C', 2], ['D', 3]]);
    const reordered = await call(ctx.app, 'PUT', `${qurl}/order`, { as: admin, body: { ids: [ids[3], ids[1], ids[2]] } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    list = reordered.json();
    expect(list.map((q) => [q.text, q.order_position])).toEqual([['D', 1], ['B2', 2], ['C', 3]]);
    const next = (await call(ctx.app, 'POST', qurl, { as: admin, body: { text: 'E', answer_type: 'free_text' } })).json();
    expect(next.order_position).toBe(4);
    const bad = await call(ctx.app, 'PUT', `${qurl}/order`, { as: admin, body: { ids: [ids[3], ids[1]] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(QUESTION_MSG.badOrder);
    expect((await call(ctx.app, 'DELETE', `${qurl}/${ids[0]}`, { as: admin })).statusCode).toBe(404);
  });

  it('two admins adding at once still get unique positions 1..n', async () => {
    const quiz = await createTask({ title: 'Concorrência', type: 'quiz' });
    const other = await signUp(ctx.app);
    await addMember(ctx.db, clubId, other.profile.id, 'admin');
    const qurl = `${url}/${quiz.id}/questions`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(ctx.app, 'POST', qurl, { as: i % 2 ? admin : other, body: { text: `Q${i}`, answer_type: 'free_text' } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const positions = results.map((r) => r.json().order_position).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe(`subtasks on ${engineName()}`, () => {
  it('milestone subtasks: defaults, validation, order, delete, permissions', async () => {
    const ms = await createTask({ title: 'Marco', type: 'milestone', points: 100 });
    const surl = `${url}/${ms.id}/subtasks`;
    const a = await call(ctx.app, 'POST', surl, { as: admin, body: { title: 'Parte 1' } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ title: 'Parte 1', points: 5, required: true, order_position: 1, description: null });
    const b = (await call(ctx.app, 'POST', surl, { as: admin, body: { title: 'Parte 2', points: 20, required: false, description: 'Opcional' } })).json();
    expect(b).toMatchObject({ order_position: 2, points: 20, required: false });
    for (const [body, message] of [[{ title: ' ' }, SUBTASK_MSG.titleRequired], [{ title: 'X', points: -3 }, SUBTASK_MSG.pointsInvalid]] as const) {
      const res = await call(ctx.app, 'POST', surl, { as: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const upd = await call(ctx.app, 'PUT', `${surl}/${b.id}`, { as: admin, body: { title: 'Parte 2b', points: 0, required: true } });
    expect(upd.json()).toMatchObject({ title: 'Parte 2b', points: 0, required: true, order_position: 2 });
    const re = await call(ctx.app, 'PUT', `${surl}/order`, { as: admin, body: { ids: [b.id, a.json().id] } });
    expect((re.json() as TSubtask[]).map((s) => s.title)).toEqual(['Parte 2b', 'Parte 1']);
    expect((await call(ctx.app, 'GET', surl, { as: member })).json()).toHaveLength(2);
    expect((await call(ctx.app, 'POST', surl, { as: member, body: { title: 'x' } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `${surl}/${b.id}`, { as: admin })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', surl, { as: admin })).json()).toEqual([expect.objectContaining({ title: 'Parte 1', order_position: 1 })]);
    const quiz = await createTask({ title: 'Quiz sem subtarefas', type: 'quiz' });
    const wrong = await call(ctx.app, 'POST', `${url}/${quiz.id}/subtasks`, { as: admin, body: { title: 'x' } });
    expect(wrong.json().error.message).toBe(SUBTASK_MSG.wrongTaskType);
  });

  it('concurrent additions keep positions unique', async () => {
    const ms = await createTask({ title: 'Marco concorrente', type: 'milestone' });
    const surl = `${url}/${ms.id}/subtasks`;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => call(ctx.app, 'POST', surl, { as: admin, body: { title: `S${i}` } })));
    expect(results.map((r) => r.json().order_position).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
});

describe(`task badges on ${engineName()}`, () => {
  it('links active badges, refuses twice or inactive, unlinks', async () => {
    const ouro = await insertBadge('Ouro', true, 'legendary');
    const prata = await insertBadge('Prata', true, 'rare');
    const velho = await insertBadge('Velho', false);
    const t = await createTask({ title: 'Com badges' });
    const burl = `${url}/${t.id}/badges`;
    const available = (await call(ctx.app, 'GET', `${url}/${t.id}/available-badges`, { as: admin })).json();
    expect(available.map((b: { name: string }) => b.name)).toEqual(['Prata', 'Ouro']);
    const linked = await call(ctx.app, 'POST', burl, { as: admin, body: { badge_id: ouro } });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toEqual([expect.objectContaining({ badge_id: ouro, task_id: t.id, badge: expect.objectContaining({ name: 'Ouro', rarity: 'legendary', points: 25, icon_svg: SERVED_SVG }) })]);
    expect((await call(ctx.app, 'GET', `${url}/${t.id}/available-badges`, { as: admin })).json().map((b: { id: string }) => b.id)).toEqual([prata]);
    const twice = await call(ctx.app, 'POST', burl, { as: admin, body: { badge_id: ouro } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(TASK_BADGE_MSG.alreadyLinked);
    expect((await call(ctx.app, 'POST', burl, { as: admin, body: { badge_id: velho } })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', burl, { as: member, body: { badge_id: prata } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${url}/${t.id}/available-badges`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', burl, { as: member })).json()).toHaveLength(1);
    expect(((await call(ctx.app, 'GET', url, { as: admin })).json() as TTask[]).find((x) => x.id === t.id)?.badge_count).toBe(1);
    expect((await call(ctx.app, 'DELETE', `${burl}/${ouro}`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', `${burl}/${ouro}`, { as: admin })).statusCode).toBe(204);
    const again = await call(ctx.app, 'DELETE', `${burl}/${ouro}`, { as: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(TASK_BADGE_MSG.notLinked);
  });

  it('deleting a task removes its questions, subtasks and badge links', async () => {
    const badge = await insertBadge('Apagável');
    const t = await createTask({ title: 'Apagar tudo', type: 'quiz' });
    await call(ctx.app, 'POST', `${url}/${t.id}/questions`, { as: admin, body: { text: 'P', answer_type: 'free_text' } });
    await call(ctx.app, 'POST', `${url}/${t.id}/badges`, { as: admin, body: { badge_id: badge } });
    expect((await call(ctx.app, 'DELETE', `${url}/${t.id}`, { as: admin })).statusCode).toBe(204);
    expect(await ctx.db.query('SELECT 1 FROM questions WHERE task_id = $1', [t.id])).toHaveLength(0);
    expect(await ctx.db.query('SELECT 1 FROM task_badges WHERE task_id = $1', [t.id])).toHaveLength(0);
  });
});
