import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PROGRESS_MSG } from '../src/shared/progress.js';
import { RANKING_MSG } from '../src/shared/ranking.js';
import {
  expectNoA11yViolations, launchBrowser, newPage, registerAndCreateClub, registerThroughUi, screenshot, startServer, type E2EServer,
} from './harness.js';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.db.query<T>(text, params);
}

async function rankingRowOf(page: Page, name: string): Promise<string> {
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor();
  return (await row.textContent()) ?? '';
}

describe('gamification journey', () => {
  it('member does a check task and a quiz, sends evidence, admin approves, ranking and profile change', async () => {
    // Admin and club.
    const admin = await newPage(browser, server.baseUrl);
    const adminAcc = await registerAndCreateClub(admin, { clubName: 'Clube Pontos' });
    const [{ id: clubId }] = await sql<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Pontos'`);
    const [unit] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9') RETURNING id`, [clubId]);

    // Tasks are created by the tasks screen (another issue); here straight in the database.
    await sql(`INSERT INTO tasks (club_id, title, type, points, description) VALUES ($1, 'Trazer a Bíblia', 'check', 10, 'Traga sua Bíblia para a reunião.')`, [clubId]);
    const [quiz] = await sql<{ id: string }>(`INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Quiz da Criação', 'quiz', 10) RETURNING id`, [clubId]);
    await sql(`INSERT INTO questions (task_id, text, answer_type, options, correct_answer, order_position) VALUES
      ($1, 'Em quantos dias Deus criou o mundo?', 'multiple_choice', '["5","6","7","8"]', '6', 1),
      ($1, 'No sétimo dia Deus descansou.', 'single_choice', '["Verdadeiro","Falso"]', 'Verdadeiro', 2)`, [quiz.id]);
    await sql(`INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Foto do acampamento', 'submission', 20)`, [clubId]);
    await sql(`INSERT INTO badges (name, description, icon_svg, rarity, points, badge_type, auto_criteria)
      VALUES ('Dupla Conquista', 'Concluiu duas tarefas', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#f59e0b"/></svg>', 'rare', 5, 'auto', '{"type":"task_count","count":2}')`);
    // A rival member without an account, already with 30 points.
    const [rival] = await sql<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Rival Forte') RETURNING id`);
    await sql(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'Desbravador(a)', $3)`, [clubId, rival.id, unit.id]);
    await sql(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', 30, 'Presença')`, [clubId, rival.id, unit.id]);

    // The member signs up and joins the club.
    const member = await newPage(browser, server.baseUrl);
    const memberAcc = await registerThroughUi(member, { name: 'Marina Lima' });
    const [{ id: memberId }] = await sql<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [memberAcc.email]);
    await sql(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'Desbravador(a)', $3)`, [clubId, memberId, unit.id]);

    await member.goto('/dashboard/my-tasks');
    await member.getByRole('heading', { name: 'Minhas Tarefas' }).waitFor();
    await member.getByRole('button', { name: 'Fazer: Trazer a Bíblia' }).waitFor();
    await expectNoA11yViolations(member, 'my tasks');
    await screenshot(member, 'gamification-01-my-tasks');

    // Check task.
    await member.getByRole('button', { name: 'Fazer: Trazer a Bíblia' }).click();
    await member.getByRole('dialog', { name: 'Trazer a Bíblia' }).waitFor();
    await expectNoA11yViolations(member, 'check task modal');
    await member.getByRole('button', { name: 'Marcar como concluída' }).click();
    await member.getByText(`${PROGRESS_MSG.completed} +10 pontos`).waitFor();

    // Quiz: correct answers never reach the browser before answering.
    const detail = await member.evaluate(async ([c, t]) => (await fetch(`/api/clubs/${c}/my-tasks/${t}`)).text(), [clubId, quiz.id]);
    expect(detail).not.toContain('"correct_answer":"6"');
    await member.getByRole('button', { name: 'Fazer: Quiz da Criação' }).click();
    const quizDialog = member.getByRole('dialog', { name: 'Quiz da Criação' });
    await quizDialog.getByRole('group', { name: /Em quantos dias/ }).getByLabel('6').check();
    await quizDialog.getByRole('group', { name: /sétimo dia/ }).getByLabel('Verdadeiro').check();
    await expectNoA11yViolations(member, 'quiz modal');
    await screenshot(member, 'gamification-02-quiz');
    await quizDialog.getByRole('button', { name: 'Enviar respostas' }).click();
    await member.getByText('Você acertou 2 de 2! +10 pontos').waitFor();
    await member.getByText('Badge conquistado: Dupla Conquista!').waitFor();

    // Submission with evidence.
    await member.getByRole('button', { name: 'Fazer: Foto do acampamento' }).click();
    const subDialog = member.getByRole('dialog', { name: 'Foto do acampamento' });
    await subDialog.getByText('Imagens, vídeos, PDF, DOC, DOCX ou ODT de até 20 MB.').waitFor();
    await subDialog.getByLabel('Comprovação (foto, vídeo ou documento)').setInputFiles({ name: 'acampamento.png', mimeType: 'image/png', buffer: PNG });
    await subDialog.getByLabel('Comentário').fill('Montamos a barraca!');
    await subDialog.getByRole('button', { name: 'Enviar comprovação' }).click();
    await member.getByText(PROGRESS_MSG.submitted).waitFor();
    await member.getByRole('tab', { name: /Aguardando aprovação \(1\)/ }).click();
    await member.getByText('Foto do acampamento').waitFor();
    await screenshot(member, 'gamification-03-waiting');

    // Ranking before approval: the rival leads (30 vs 10 + 10 + 5 XP).
    await member.goto('/dashboard/ranking');
    expect(await rankingRowOf(member, 'Marina Lima')).toContain('2º');
    expect(await rankingRowOf(member, 'Marina Lima')).toContain('25');
    await screenshot(member, 'gamification-04-ranking-before');

    // Admin approves from the queue; the sidebar shows the counter.
    await admin.goto('/dashboard/approvals');
    await admin.getByRole('link', { name: /Aprovações/ }).getByText('1').waitFor();
    await admin.getByRole('heading', { name: 'Foto do acampamento' }).waitFor();
    await admin.getByRole('img', { name: 'Comprovação: acampamento.png' }).waitFor();
    await admin.getByText('“Montamos a barraca!”').waitFor();
    await expectNoA11yViolations(admin, 'approvals');
    await screenshot(admin, 'gamification-05-approvals');
    await admin.getByRole('button', { name: 'Aprovar envio de Marina Lima' }).click();
    await admin.getByText(`${PROGRESS_MSG.approved} +20 pontos`).waitFor();
    await admin.getByText('Nenhum envio aguardando aprovação.').waitFor();
    const audit = await sql(`SELECT 1 FROM audit_log WHERE action = 'submission.approve' AND club_id = $1`, [clubId]);
    expect(audit).toHaveLength(1);

    // The member now leads the ranking, and the auto badge is on the profile.
    await member.goto('/dashboard/ranking');
    await expect.poll(() => rankingRowOf(member, 'Marina Lima')).toContain('1º');
    expect(await rankingRowOf(member, 'Marina Lima')).toContain('45');
    await expectNoA11yViolations(member, 'ranking');
    await screenshot(member, 'gamification-06-ranking-after');
    await member.getByRole('button', { name: 'Unidades' }).click();
    await member.getByText('Águias').waitFor();
    await expectNoA11yViolations(member, 'unit ranking');
    await screenshot(member, 'gamification-07-units');

    await member.goto('/dashboard/profile');
    await member.getByRole('heading', { name: 'Meu Perfil' }).waitFor();
    await member.getByRole('listitem').getByText('Dupla Conquista').waitFor();
    await member.getByRole('img', { name: 'Ícone do badge Dupla Conquista' }).waitFor();
    expect(await member.getByRole('group', { name: 'Pontos' }).textContent()).toContain('45');
    await expectNoA11yViolations(member, 'profile');
    await screenshot(member, 'gamification-08-profile');

    // The admin's view of a member: 'Pontuar' with a reason, and record a task on behalf.
    await admin.goto(`/dashboard/members/${rival.id}`);
    await admin.getByRole('heading', { name: 'Rival Forte' }).waitFor();
    await admin.getByRole('button', { name: 'Pontuar' }).click();
    const scoreDialog = admin.getByRole('dialog', { name: 'Pontuar Rival Forte' });
    await scoreDialog.getByLabel('Pontos').fill('5');
    await scoreDialog.getByRole('button', { name: 'Pontuar' }).click();
    await scoreDialog.getByText(PROGRESS_MSG.reasonRequired).waitFor();
    await scoreDialog.getByLabel('Motivo').fill('Uniforme completo');
    await scoreDialog.getByRole('button', { name: 'Pontuar' }).click();
    await admin.getByText(PROGRESS_MSG.adjusted).waitFor();
    await admin.getByRole('button', { name: 'Registrar: Trazer a Bíblia' }).click();
    await admin.getByRole('dialog', { name: 'Trazer a Bíblia' }).getByRole('button', { name: 'Registrar conclusão' }).click();
    await admin.getByText(`${PROGRESS_MSG.recorded} +10 pontos`).waitFor();
    await expect.poll(async () => admin.getByRole('group', { name: 'Pontos' }).textContent()).toContain('45');
    await expectNoA11yViolations(admin, 'member profile');
    await screenshot(admin, 'gamification-09-member-profile');
    expect(adminAcc.email).toBeTruthy();
    await admin.context().close();
    await member.context().close();
  });

  it('an empty ranking says so', async () => {
    const page = await newPage(browser, server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Vazio' });
    await page.goto('/dashboard/ranking');
    await page.getByText(RANKING_MSG.empty).waitFor();
    await expectNoA11yViolations(page, 'empty ranking');
    await page.context().close();
  });
});
