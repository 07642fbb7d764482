import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { one } from '../db/index.js';
import type { DemoStep } from '../demo/context.js';
import type { ClubAccess } from '../core/access.js';
import { demoPicture } from '../demo/picture.js';
import { ICON_TEMPLATES } from '../../shared/badges.js';
import { sanitizeSvg } from '../badges/sanitize.js';
import { SANITIZER_VERSION } from '../badges/icon.js';
import { completeSubtask, completeTask, adjustPoints } from './service.js';
import { approveSubmission } from './submissions.js';
import * as repo from './repo.js';
import { grantManualBadge } from '../badges/service.js';
import { awardMembershipDurationBadges } from '../badges/engine.js';

const icon = (key: string) => sanitizeSvg(ICON_TEMPLATES.find((t) => t.key === key)?.svg ?? ICON_TEMPLATES[0].svg);

const BADGES = [
  { name: 'Primeiros Passos', description: 'Concluiu a primeira tarefa', icon: 'star', rarity: 'common', points: 5, type: 'auto', category: 'progress', criteria: { type: 'task_count', count: 1 } },
  { name: 'Dedicação', description: 'Concluiu 5 tarefas', icon: 'medal', rarity: 'rare', points: 15, type: 'auto', category: 'progress', criteria: { type: 'task_count', count: 5 } },
  { name: 'Centena', description: 'Chegou a 100 pontos', icon: 'trophy', rarity: 'epic', points: 20, type: 'auto', category: 'achievement', criteria: { type: 'points_total', points: 100 } },
  { name: 'Gabarito', description: 'Acertou todas as perguntas de um questionário', icon: 'lightning', rarity: 'rare', points: 10, type: 'auto', category: 'achievement', criteria: { type: 'task_perfect', count: 1 } },
  { name: 'Pódio', description: 'Ficou entre os 3 primeiros do ranking', icon: 'crown', rarity: 'legendary', points: 25, type: 'auto', category: 'special', criteria: { type: 'ranking_position', position: 3 } },
  { name: 'Sempre Presente', description: 'Acessou 7 dias seguidos', icon: 'fire', rarity: 'rare', points: 10, type: 'auto', category: 'social', criteria: { type: 'login_streak', days: 7 } },
  { name: 'Veterano', description: 'Um ano de clube', icon: 'medal', rarity: 'epic', points: 30, type: 'auto', category: 'special', criteria: { type: 'membership_duration', days: 365 } },
  { name: 'Amigo do Clube', description: 'Reconhecimento da diretoria', icon: 'star', rarity: 'common', points: 10, type: 'manual', category: 'social', criteria: null },
  { name: 'Especialidade de Nós', description: 'Concluiu a especialidade de Nós e Amarras', icon: 'trophy', rarity: 'rare', points: 15, type: 'manual', category: 'specialties', criteria: null },
] as const;

async function ensureBadge(q: Queryable, b: (typeof BADGES)[number]): Promise<string> {
  const existing = await q.query<{ id: string }>('SELECT id FROM badges WHERE name = $1 AND club_id IS NULL', [b.name]);
  if (existing[0]) return existing[0].id;
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO badges (name, description, icon_svg, rarity, points, badge_type, category, auto_criteria, icon_sanitized_v)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) RETURNING id`,
    [b.name, b.description, icon(b.icon), b.rarity, b.points, b.type, b.category, b.criteria ? JSON.stringify(b.criteria) : null, SANITIZER_VERSION],
  );
  return row.id;
}

/** The tasks domain's demo task of this type when it is open now; otherwise one of our own. */
async function openTask(q: Queryable, clubId: string, t: { title: string; type: string; points: number; description: string }): Promise<string> {
  const found = await q.query<{ id: string }>(
    `SELECT id FROM tasks WHERE club_id = $1 AND type = $2 AND active
        AND (available_date IS NULL OR available_date <= now()) AND (due_date IS NULL OR due_date >= now())
        AND ($2 NOT IN ('quiz', 'milestone') OR EXISTS (SELECT 1 FROM questions WHERE task_id = tasks.id) OR EXISTS (SELECT 1 FROM subtasks WHERE parent_task_id = tasks.id))
      ORDER BY created_at LIMIT 1`,
    [clubId, t.type],
  );
  if (found[0]) return found[0].id;
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO tasks (club_id, title, type, points, description, available_date) VALUES ($1, $2, $3, $4, $5, now() - interval '20 days') RETURNING id`,
    [clubId, t.title, t.type, t.points, t.description],
  );
  return row.id;
}

/**
 * Gamification demo (issue 5): badges, tasks of each type done by the members (some recorded by the
 * admin for children without accounts), submissions awaiting approval, unit points from the weekly
 * meeting, and a ranking with a clear podium.
 */
export const seedGamification: DemoStep = async (ctx) => {
  const { db, clubId, adminId, memberIds, unitIds, storage } = ctx;
  const badgeIds = new Map<string, string>();
  for (const b of BADGES) badgeIds.set(b.name, await ensureBadge(db, b));

  const bible = await openTask(db, clubId, { title: 'Trazer a Bíblia na reunião', type: 'check', points: 10, description: 'Confirme que trouxe sua Bíblia.' });
  const reading = await openTask(db, clubId, { title: 'Leitura bíblica diária', type: 'accumulative', points: 5, description: 'Registre cada dia de leitura.' });
  const quiz = await openTask(db, clubId, { title: 'Quiz: Criação', type: 'quiz', points: 30, description: 'Perguntas sobre Gênesis 1 e 2.' });
  if ((await db.query('SELECT 1 FROM questions WHERE task_id = $1', [quiz])).length === 0) {
    const questions: Array<[string, string[], string]> = [
      ['Em quantos dias Deus criou o mundo?', ['5', '6', '7', '8'], '6'],
      ['O que foi criado no primeiro dia?', ['A luz', 'Os animais', 'O homem', 'As plantas'], 'A luz'],
      ['No sétimo dia Deus descansou.', ['Verdadeiro', 'Falso'], 'Verdadeiro'],
    ];
    for (const [i, [text, options, correct]] of questions.entries()) {
      await db.query(
        `INSERT INTO questions (task_id, text, answer_type, options, correct_answer, order_position) VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
        [quiz, text, options.length === 2 ? 'single_choice' : 'multiple_choice', JSON.stringify(options), correct, i + 1],
      );
    }
  }
  const quizQuestions = await repo.listQuestions(db, quiz);
  const allRight = quizQuestions.map((q) => ({ question_id: q.id, answer: q.correct_answer ?? 'Minha resposta' }));
  // The first graded question answered wrong: one mistake.
  const firstGraded = quizQuestions.findIndex((q) => q.correct_answer !== null && (q.options ?? []).length > 1);
  const oneWrong = allRight.map((a, i) => {
    const q = quizQuestions[i];
    return i === firstGraded ? { ...a, answer: (q.options ?? []).find((o) => o !== q.correct_answer) ?? a.answer } : a;
  });
  const knots = await openTask(db, clubId, { title: 'Especialidade de Nós e Amarras', type: 'milestone', points: 50, description: 'Aprenda e demonstre os nós.' });
  if ((await repo.countSubtasks(db, knots)) === 0) {
    for (const [i, title] of ['Nó direito', 'Lais de guia', 'Nó de escota', 'Amarra quadrada'].entries()) {
      await db.query(`INSERT INTO subtasks (parent_task_id, title, points, required, order_position) VALUES ($1, $2, 5, $3, $4)`, [knots, title, i < 3, i + 1]);
    }
  }
  const subtaskIds = (await db.query<{ id: string }>('SELECT id FROM subtasks WHERE parent_task_id = $1 ORDER BY order_position', [knots])).map((r) => r.id);
  await db.query('INSERT INTO task_badges (task_id, badge_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [knots, badgeIds.get('Especialidade de Nós')]);
  const photo = await openTask(db, clubId, { title: 'Foto na trilha', type: 'submission', points: 20, description: 'Envie uma foto da sua unidade na trilha.' });

  const access: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const members = memberIds.slice(1);
  // Who did what: the first three form a clear podium.
  const plan: Array<{ who: number; bible?: boolean; reading?: number; quiz?: 'perfect' | 'one_wrong'; knots?: number; photo?: boolean }> = [
    { who: 6, bible: true, reading: 6, quiz: 'perfect', knots: 4, photo: true },
    { who: 3, bible: true, reading: 4, quiz: 'perfect', knots: 3 },
    { who: 9, bible: true, reading: 3, quiz: 'one_wrong', knots: 2 },
    { who: 0, bible: true, reading: 2, quiz: 'one_wrong' },
    { who: 1, bible: true, reading: 1 },
    { who: 7, reading: 2 },
    { who: 4, bible: true },
    { who: 10, quiz: 'one_wrong' },
  ];
  for (const p of plan) {
    const profileId = members[p.who];
    if (p.bible) await completeTask(db, access, bible, { profile_id: profileId });
    for (let i = 0; i < (p.reading ?? 0); i += 1) await completeTask(db, access, reading, { profile_id: profileId });
    if (p.quiz) await completeTask(db, access, quiz, { profile_id: profileId, answers: p.quiz === 'perfect' ? allRight : oneWrong });
    for (let i = 0; i < Math.min(p.knots ?? 0, subtaskIds.length); i += 1) await completeSubtask(db, access, knots, subtaskIds[i], profileId);
    if (p.photo) await completeTask(db, access, photo, { profile_id: profileId });
  }

  // Two members chose the form and have not sent it yet: pending on the dashboard.
  const form = await openTask(db, clubId, { title: 'Ficha de saúde atualizada', type: 'form', points: 10, description: 'Responda à ficha.' });
  for (const who of [2, 5]) await db.transaction((tx) => repo.ensureAssignment(tx, clubId, form, members[who]));

  // Evidence waiting in the approval queue, sent by kids with an account (one in a counsellor's unit): real photos, 640 × 480.
  const waiting: Array<[number, string]> = [[3, 'Chegamos ao mirante da trilha do parque!'], [9, 'A trilha da cachoeira, no sábado de manhã.']];
  for (const [i, [who, comment]] of waiting.entries()) {
    const profileId = members[who];
    const key = `evidence/${clubId}/${randomUUID()}.png`;
    const { png } = demoPicture(i);
    await storage.put(key, png);
    await db.transaction(async (tx) => {
      const a = await repo.ensureAssignment(tx, clubId, photo, profileId);
      await repo.insertSubmission(tx, { clubId, assignmentId: a.id, taskId: photo, profileId, comment, key, name: `trilha-${i + 1}.png`, mime: 'image/png', size: png.length });
      await repo.setAssignmentStatus(tx, a.id, 'submitted', false);
    });
  }
  // One approved through the queue, so the audit log shows a decision.
  const key = `evidence/${clubId}/${randomUUID()}.png`;
  const approvedPhoto = demoPicture(2).png;
  await storage.put(key, approvedPhoto);
  const submission = await db.transaction(async (tx) => {
    const a = await repo.ensureAssignment(tx, clubId, photo, members[1]);
    const s = await repo.insertSubmission(tx, { clubId, assignmentId: a.id, taskId: photo, profileId: members[1], comment: 'A trilha no fim da tarde, voltando para o acampamento.', key, name: 'trilha-por-do-sol.png', mime: 'image/png', size: approvedPhoto.length });
    await repo.setAssignmentStatus(tx, a.id, 'submitted', false);
    return s;
  });
  await approveSubmission(db, access, submission.id);

  // Weekly meeting: unit points and individual bonus/penalty, each with a reason.
  const unitPoints: Array<[number, number, string]> = [[2, 40, 'Uniforme completo'], [1, 25, 'Pontualidade'], [0, 15, 'Todos com a Bíblia'], [3, 10, 'Pontualidade']];
  for (const [unit, points, reason] of unitPoints) await adjustPoints(db, access, { unit_id: unitIds[unit], points, reason });
  await adjustPoints(db, access, { profile_id: members[3], points: 10, reason: 'Ajudou a organizar o acampamento' });
  await adjustPoints(db, access, { profile_id: members[7], points: -5, reason: 'Atraso sem justificativa' });

  // A manual badge granted by the director, and one member already a year in the club (daily job).
  await grantManualBadge(db, access, members[3], badgeIds.get('Amigo do Clube') ?? '');
  await db.query(`UPDATE club_members SET created_at = now() - interval '400 days' WHERE club_id = $1 AND profile_id = $2`, [clubId, members[0]]);
  await awardMembershipDurationBadges(db);
};
