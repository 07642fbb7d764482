import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_MSG } from '../../shared/progress.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertBadge, insertQuestion, insertSubtask, insertTask, insertUnit, pointsOf } from '../../../test/gamification.js';

let ctx: TestContext;
let admin: Session;
let ana: Session;
let bruno: Session;
let club: { id: string };
let unitId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Progresso');
  unitId = await insertUnit(ctx.db, club.id, 'Águias');
  ana = await signUp(ctx.app, { name: 'Ana' });
  bruno = await signUp(ctx.app, { name: 'Bruno' });
  await addMember(ctx.db, club.id, ana.profile.id, 'Desbravador(a)', unitId);
  await addMember(ctx.db, club.id, bruno.profile.id, 'Desbravador(a)', unitId);
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/clubs/${club.id}${path}`;
const complete = (as: Session, taskId: string, body: object = {}) => call(ctx.app, 'POST', url(`/my-tasks/${taskId}/complete`), { as, body });

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----trilha' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
// Smallest valid PNG (1×1) and a fake "PNG" that is really text.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function submit(as: Session, taskId: string, file?: { name: string; bytes: Buffer; type: string }, comment = 'Feito!') {
  const { payload, headers } = multipart({ comment }, file);
  return ctx.app.inject({ method: 'POST', url: url(`/my-tasks/${taskId}/submissions`), payload, headers: { ...headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
}

describe(`progress on ${engineName()}`, () => {
  it('check: choosing creates a pending assignment, completing awards the points once', async () => {
    const member = await signUp(ctx.app, { name: 'Check' });
    await addMember(ctx.db, club.id, member.profile.id, 'Desbravador(a)', unitId);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Uniforme', points: 15 });
    const start = await call(ctx.app, 'POST', url(`/my-tasks/${taskId}/start`), { as: member });
    expect(start.json()).toEqual({ status: 'pending' });
    const dash = await call(ctx.app, 'GET', url('/dashboard'), { as: admin });
    expect(dash.json().pending_tasks).toBeGreaterThanOrEqual(1);
    const res = await complete(member, taskId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', points_awarded: 15 });
    const again = await complete(member, taskId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PROGRESS_MSG.alreadyCompleted);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(15);
    const mine = (await call(ctx.app, 'GET', url('/my-tasks'), { as: member })).json();
    expect(mine.find((t: { id: string }) => t.id === taskId)).toMatchObject({ status: 'completed', completions: 1, points_earned: 15 });
    // The ledger row carries the member's unit at the time.
    const [ev] = await ctx.db.query<{ unit_id: string; source: string }>('SELECT unit_id, source FROM point_events WHERE profile_id = $1', [member.profile.id]);
    expect(ev).toEqual({ unit_id: unitId, source: 'task_completion' });
  });

  it('only tasks available now can be done; others are not listed', async () => {
    const future = await insertTask(ctx.db, club.id, { title: 'Futura', available: '2999-01-01T00:00:00Z' });
    const past = await insertTask(ctx.db, club.id, { title: 'Vencida', due: '2000-01-01T00:00:00Z' });
    const inactive = await insertTask(ctx.db, club.id, { title: 'Inativa', active: false });
    for (const id of [future, past, inactive]) {
      const res = await complete(ana, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(PROGRESS_MSG.taskNotAvailable);
    }
    const titles = (await call(ctx.app, 'GET', url('/my-tasks'), { as: ana })).json().map((t: { title: string }) => t.title);
    expect(titles).not.toContain('Futura');
    expect(titles).not.toContain('Vencida');
    expect(titles).not.toContain('Inativa');
  });

  it('quiz: no correct answers before, graded on the server, points rounded down, one attempt', async () => {
    const member = await signUp(ctx.app, { name: 'Quiz' });
    await addMember(ctx.db, club.id, member.profile.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Quiz Bíblico', type: 'quiz', points: 10 });
    const q1 = await insertQuestion(ctx.db, taskId, { text: 'Primeiro livro?', type: 'multiple_choice', options: ['Gênesis', 'Êxodo', 'Levítico', 'Números'], correct: 'Gênesis', order: 1 });
    const q2 = await insertQuestion(ctx.db, taskId, { text: 'Jonas foi engolido por um peixe?', type: 'single_choice', options: ['Verdadeiro', 'Falso'], correct: 'Verdadeiro', order: 2 });
    const q3 = await insertQuestion(ctx.db, taskId, { text: 'Quantos apóstolos?', type: 'multiple_choice', options: ['10', '12', '7', '3'], correct: '12', order: 3 });
    const before = (await call(ctx.app, 'GET', url(`/my-tasks/${taskId}`), { as: member })).json();
    expect(before.questions).toHaveLength(3);
    expect(before.questions.every((q: { correct_answer: string | null }) => q.correct_answer === null)).toBe(true);
    expect(JSON.stringify(before)).not.toContain('"Gênesis","correct');

    const partial = await complete(member, taskId, { answers: [{ question_id: q1, answer: 'Gênesis' }] });
    expect(partial.json().error.message).toBe(PROGRESS_MSG.answerAll);
    const bad = await complete(member, taskId, { answers: [{ question_id: q1, answer: 'Apocalipse' }, { question_id: q2, answer: 'Falso' }, { question_id: q3, answer: '12' }] });
    expect(bad.json().error.message).toBe(PROGRESS_MSG.answerInvalid);

    const res = await complete(member, taskId, { answers: [{ question_id: q1, answer: 'Gênesis' }, { question_id: q2, answer: 'Falso' }, { question_id: q3, answer: '12' }] });
    expect(res.json()).toMatchObject({ status: 'completed', points_awarded: 6, correct_count: 2, question_count: 3 });
    const retry = await complete(member, taskId, { answers: [{ question_id: q1, answer: 'Gênesis' }, { question_id: q2, answer: 'Verdadeiro' }, { question_id: q3, answer: '12' }] });
    expect(retry.statusCode).toBe(409);
    const after = (await call(ctx.app, 'GET', url(`/my-tasks/${taskId}`), { as: member })).json();
    expect(after.questions[1]).toMatchObject({ my_answer: 'Falso', is_correct: false, correct_answer: 'Verdadeiro' });
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(6);
  });

  it('form: answers saved, full points', async () => {
    const taskId = await insertTask(ctx.db, club.id, { title: 'Ficha', type: 'form', points: 8 });
    const q = await insertQuestion(ctx.db, taskId, { text: 'Seu versículo favorito?', type: 'free_text', order: 1 });
    const res = await complete(bruno, taskId, { answers: [{ question_id: q, answer: 'João 3:16' }] });
    expect(res.json()).toMatchObject({ status: 'completed', points_awarded: 8, correct_count: null });
    const [a] = await ctx.db.query<{ answer: string }>('SELECT answer FROM task_answers WHERE question_id = $1', [q]);
    expect(a.answer).toBe('João 3:16');

    // The director reads the answers on screen and as CSV; a member may not; another club's task is 404.
    const answers = await call(ctx.app, 'GET', url(`/tasks/${taskId}/answers`), { as: admin });
    expect(answers.statusCode).toBe(200);
    expect(answers.json()).toMatchObject({ task_title: 'Ficha', questions: [{ id: q, text: 'Seu versículo favorito?' }], rows: [{ full_name: 'Bruno', answers: { [q]: 'João 3:16' } }] });
    const csv = await call(ctx.app, 'GET', url(`/tasks/${taskId}/answers.csv`), { as: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toMatch(/Membro;Respondido em;Seu versículo favorito\?\r\nBruno;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};João 3:16/);
    expect((await call(ctx.app, 'GET', url(`/tasks/${taskId}/answers`), { as: bruno })).statusCode).toBe(403);
    const other = await createClub(ctx.app, admin, 'Outro Clube');
    expect((await call(ctx.app, 'GET', `/api/clubs/${other.id}/tasks/${taskId}/answers`, { as: admin })).statusCode).toBe(404);
  });

  it('accumulative: each completion adds points', async () => {
    const member = await signUp(ctx.app, { name: 'Acumula' });
    await addMember(ctx.db, club.id, member.profile.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Leitura diária', type: 'accumulative', points: 3 });
    for (let i = 0; i < 3; i += 1) expect((await complete(member, taskId)).json().points_awarded).toBe(3);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(9);
    const mine = (await call(ctx.app, 'GET', url('/my-tasks'), { as: member })).json();
    expect(mine.find((t: { id: string }) => t.id === taskId)).toMatchObject({ completions: 3, points_earned: 9 });
  });

  it('milestone: each subtask adds its points, the milestone its own when every required one is done', async () => {
    const member = await signUp(ctx.app, { name: 'Marco' });
    await addMember(ctx.db, club.id, member.profile.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Especialidade', type: 'milestone', points: 50 });
    const s1 = await insertSubtask(ctx.db, taskId, { title: 'Parte 1', points: 5, order: 1 });
    const s2 = await insertSubtask(ctx.db, taskId, { title: 'Parte 2', points: 5, order: 2 });
    const opt = await insertSubtask(ctx.db, taskId, { title: 'Extra', points: 2, required: false, order: 3 });
    // The card shows what the milestone really pays: its 50 and its subtasks' 12 (issue 31).
    const listed = (await call(ctx.app, 'GET', url('/my-tasks'), { as: member })).json().find((t: { id: string }) => t.id === taskId);
    expect(listed).toMatchObject({ points: 50, subtasks_points: 12 });
    expect((await complete(member, taskId)).json().error.message).toBe(PROGRESS_MSG.wrongFlow);
    const tick = (id: string) => call(ctx.app, 'POST', url(`/my-tasks/${taskId}/subtasks/${id}/complete`), { as: member, body: {} });
    expect((await tick(s1)).json()).toMatchObject({ status: 'pending', points_awarded: 5 });
    expect((await tick(s1)).json().error.message).toBe(PROGRESS_MSG.subtaskDone);
    expect((await tick(opt)).json()).toMatchObject({ status: 'pending', points_awarded: 2 });
    expect((await tick(s2)).json()).toMatchObject({ status: 'completed', points_awarded: 55 });
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(62);
    const detail = (await call(ctx.app, 'GET', url(`/my-tasks/${taskId}`), { as: member })).json();
    expect(detail).toMatchObject({ status: 'completed', subtasks_total: 3, subtasks_done: 3 });
  });

  it('submission: evidence checked by bytes, approval awards points, rejection shows the reason and allows resubmitting', async () => {
    const member = await signUp(ctx.app, { name: 'Envio' });
    await addMember(ctx.db, club.id, member.profile.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Foto do acampamento', type: 'submission', points: 20 });
    expect((await complete(member, taskId)).json().error.message).toBe(PROGRESS_MSG.wrongFlow);
    const fake = await submit(member, taskId, { name: 'foto.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(PROGRESS_MSG.evidenceType);
    expect((await submit(member, taskId)).json().error.message).toBe(PROGRESS_MSG.evidenceRequired);

    const sent = await submit(member, taskId, { name: 'foto.png', bytes: PNG, type: 'image/png' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'submitted', evidence_mime: 'image/png', comment: 'Feito!' });
    expect((await submit(member, taskId, { name: 'foto.png', bytes: PNG, type: 'image/png' })).json().error.message).toBe(PROGRESS_MSG.awaitingApproval);

    // Members cannot see the queue; the admin does, with a counter.
    expect((await call(ctx.app, 'GET', url('/submissions'), { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url('/submissions/pending-count'), { as: admin })).json().pending).toBe(1);
    const queue = (await call(ctx.app, 'GET', url('/submissions'), { as: admin })).json().submissions;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ task_title: 'Foto do acampamento', full_name: 'Envio' });
    const evidence = await call(ctx.app, 'GET', url(`/submissions/${queue[0].id}/evidence`), { as: admin });
    expect(evidence.statusCode).toBe(200);
    expect(evidence.headers['content-type']).toBe('image/png');
    expect(evidence.rawPayload.equals(PNG)).toBe(true);
    expect((await call(ctx.app, 'GET', url(`/submissions/${queue[0].id}/evidence`), { as: bruno })).statusCode).toBe(404);

    const noReason = await call(ctx.app, 'POST', url(`/submissions/${queue[0].id}/reject`), { as: admin, body: { reason: ' ' } });
    expect(noReason.json().error.message).toBe(PROGRESS_MSG.rejectReasonRequired);
    const rejected = await call(ctx.app, 'POST', url(`/submissions/${queue[0].id}/reject`), { as: admin, body: { reason: 'Foto escura' } });
    expect(rejected.statusCode).toBe(200);
    const mine = (await call(ctx.app, 'GET', url('/my-tasks'), { as: member })).json().find((t: { id: string }) => t.id === taskId);
    expect(mine).toMatchObject({ status: 'rejected', reject_reason: 'Foto escura' });
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(0);

    const resent = await submit(member, taskId, { name: 'foto2.png', bytes: PNG, type: 'image/png' });
    expect(resent.statusCode).toBe(201);
    const approve = await call(ctx.app, 'POST', url(`/submissions/${resent.json().id}/approve`), { as: admin });
    expect(approve.json()).toMatchObject({ status: 'approved', points_awarded: 20 });
    const twice = await call(ctx.app, 'POST', url(`/submissions/${resent.json().id}/approve`), { as: admin });
    expect(twice.json().error.message).toBe(PROGRESS_MSG.submissionNotWaiting);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(20);
    const audit = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE club_id = $1 AND entity = 'task_submission' ORDER BY at`, [club.id]);
    expect(audit.map((a) => a.action)).toEqual(['submission.reject', 'submission.approve']);
    const [{ points: ledger }] = await ctx.db.query<{ points: number }>(`SELECT points FROM point_events WHERE profile_id = $1 AND source = 'submission_approval'`, [member.profile.id]);
    expect(ledger).toBe(20);
  });

  it('evidence larger than the JSON body limit is accepted; a PDF too; the size limit is enforced', async () => {
    const member = await signUp(ctx.app, { name: 'Grande' });
    await addMember(ctx.db, club.id, member.profile.id);
    const t1 = await insertTask(ctx.db, club.id, { title: 'Vídeo grande', type: 'submission' });
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const res = await submit(member, t1, { name: 'grande.png', bytes: big, type: 'image/png' });
    expect(res.statusCode).toBe(201);
    expect(res.json().evidence_size).toBe(big.length);
    const t2 = await insertTask(ctx.db, club.id, { title: 'Documento', type: 'submission' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const doc = await submit(member, t2, { name: 'relatorio.pdf', bytes: pdf, type: 'application/pdf' });
    expect(doc.json()).toMatchObject({ evidence_mime: 'application/pdf' });
    const t3 = await insertTask(ctx.db, club.id, { title: 'Enorme', type: 'submission' });
    const huge = await submit(member, t3, { name: 'enorme.png', bytes: Buffer.concat([PNG, Buffer.alloc(21 * 1024 * 1024)]), type: 'image/png' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(PROGRESS_MSG.evidenceTooBig);
  });

  it('linked badges are granted on completion, once, with their XP in the ledger', async () => {
    const member = await signUp(ctx.app, { name: 'Badge' });
    await addMember(ctx.db, club.id, member.profile.id);
    const badgeId = await insertBadge(ctx.db, { name: 'Pioneiro', type: 'manual', points: 7 });
    const t1 = await insertTask(ctx.db, club.id, { title: 'Com badge', points: 10 });
    const t2 = await insertTask(ctx.db, club.id, { title: 'Com badge 2', points: 10 });
    await ctx.db.query('INSERT INTO task_badges (task_id, badge_id) VALUES ($1, $3), ($2, $3)', [t1, t2, badgeId]);
    expect((await complete(member, t1)).json().badges_awarded).toEqual([expect.objectContaining({ name: 'Pioneiro', points: 7 })]);
    expect((await complete(member, t2)).json().badges_awarded).toEqual([]);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(27);
  });

  it('admins and the unit counsellor record on behalf; others cannot', async () => {
    const child = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Criança sem conta') RETURNING id`);
    const childId = child[0].id;
    await addMember(ctx.db, club.id, childId, 'Desbravador(a)', unitId);
    const counsellor = await signUp(ctx.app, { name: 'Conselheira' });
    await addMember(ctx.db, club.id, counsellor.profile.id, 'Conselheiro(a)', unitId);
    const outsider = await signUp(ctx.app, { name: 'Outra unidade' });
    await addMember(ctx.db, club.id, outsider.profile.id, 'Conselheiro(a)', await insertUnit(ctx.db, club.id, 'Falcões'));
    const t1 = await insertTask(ctx.db, club.id, { title: 'Presença', points: 5 });
    const t2 = await insertTask(ctx.db, club.id, { title: 'Envio por ele', type: 'submission', points: 9 });

    expect((await complete(ana, t1, { profile_id: childId })).statusCode).toBe(403);
    expect((await complete(outsider, t1, { profile_id: childId })).statusCode).toBe(403);
    expect((await complete(counsellor, t1, { profile_id: childId })).json()).toMatchObject({ status: 'completed', points_awarded: 5 });
    expect((await complete(admin, t1, { profile_id: childId })).json().error.message).toBe(PROGRESS_MSG.memberAlreadyCompleted);
    expect((await complete(admin, t2, { profile_id: childId })).json()).toMatchObject({ status: 'approved', points_awarded: 9 });
    expect(await pointsOf(ctx.db, club.id, childId)).toBe(14);
    const list = (await call(ctx.app, 'GET', url(`/members/${childId}/tasks`), { as: counsellor })).json();
    expect(list.find((t: { id: string }) => t.id === t1)).toMatchObject({ status: 'completed' });
    expect((await call(ctx.app, 'GET', url(`/members/${childId}/tasks`), { as: ana })).statusCode).toBe(403);
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE club_id = $1 AND action = 'progress.record'`, [club.id]);
    expect(audit).toHaveLength(2);
  });

  it('manual adjustments need a reason; unit points go to the unit as a whole', async () => {
    const member = await signUp(ctx.app, { name: 'Ajuste' });
    await addMember(ctx.db, club.id, member.profile.id, 'Desbravador(a)', unitId);
    const noReason = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: member.profile.id, points: 5, reason: '' } });
    expect(noReason.json().error.message).toBe(PROGRESS_MSG.reasonRequired);
    const zero = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: member.profile.id, points: 0, reason: 'x' } });
    expect(zero.json().error.message).toBe(PROGRESS_MSG.pointsRequired);
    expect((await call(ctx.app, 'POST', url('/point-adjustments'), { as: ana, body: { profile_id: member.profile.id, points: 5, reason: 'x' } })).statusCode).toBe(403);
    const bonus = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: member.profile.id, points: 10, reason: 'Ajudou na limpeza' } });
    expect(bonus.statusCode).toBe(201);
    await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { profile_id: member.profile.id, points: -3, reason: 'Atraso' } });
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(7);
    const unit = await call(ctx.app, 'POST', url('/point-adjustments'), { as: admin, body: { unit_id: unitId, points: 30, reason: 'Uniforme completo' } });
    expect(unit.statusCode).toBe(201);
    const [ev] = await ctx.db.query<{ profile_id: string | null; unit_id: string }>(`SELECT profile_id, unit_id FROM point_events WHERE id = $1`, [unit.json().id]);
    expect(ev).toEqual({ profile_id: null, unit_id: unitId });
    const profile = (await call(ctx.app, 'GET', url(`/members/${member.profile.id}/profile`), { as: admin })).json();
    expect(profile).toMatchObject({ full_name: 'Ajuste', total_points: 7, unit_name: 'Águias' });
    expect(profile.history.map((h: { reason: string }) => h.reason)).toEqual(['Atraso', 'Ajudou na limpeza']);
    const audits = await ctx.db.query(`SELECT 1 FROM audit_log WHERE club_id = $1 AND action = 'points.adjust'`, [club.id]);
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('another club cannot see or touch these tasks', async () => {
    const other = await signUp(ctx.app);
    await createClub(ctx.app, other, 'Outro');
    const taskId = await insertTask(ctx.db, club.id, { title: 'Privada' });
    expect((await complete(other, taskId)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url('/my-tasks'), { as: other })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url('/profile'), { as: other })).statusCode).toBe(404);
  });
});

describe(`progress concurrency on ${engineName()}`, () => {
  it('the same check task completed twice at once awards once', async () => {
    const member = await signUp(ctx.app, { name: 'Duplo' });
    await addMember(ctx.db, club.id, member.profile.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Clique duplo', points: 10 });
    const results = await Promise.all([complete(member, taskId), complete(member, taskId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(10);
    const rows = await ctx.db.query('SELECT 1 FROM task_completions WHERE task_id = $1', [taskId]);
    expect(rows).toHaveLength(1);
  });

  it('50 simultaneous accumulative completions award 50 times', async () => {
    const member = await signUp(ctx.app, { name: 'Cinquenta' });
    await addMember(ctx.db, club.id, member.profile.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Flexões', type: 'accumulative', points: 2 });
    const results = await Promise.all(Array.from({ length: 50 }, () => complete(member, taskId)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await pointsOf(ctx.db, club.id, member.profile.id)).toBe(100);
    const rows = await ctx.db.query('SELECT 1 FROM task_completions WHERE task_id = $1', [taskId]);
    expect(rows).toHaveLength(50);
  });
});
