import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EVIDENCE_MAX_LABEL, EVIDENCE_TYPES_LABEL, PROGRESS_MSG } from '../src/shared/progress.js';
import { RANKING_MSG } from '../src/shared/ranking.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return e2e.server.db.query<T>(text, params);
}

async function rankingRowOf(page: Page, name: string): Promise<string> {
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor();
  return (await row.textContent()) ?? '';
}

describe('gamification journey', () => {
  it('member does a check task and a quiz, sends evidence, admin approves, ranking and profile change', async () => {
    // Admin and club.
    const admin = await newPage(e2e.browser, e2e.server.baseUrl);
    // The director's clock can be moved forward to the next re-read of the waiting screens.
    await admin.clock.install();
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
    const member = await newPage(e2e.browser, e2e.server.baseUrl);
    const memberAcc = await signUp(member, { name: 'Marina Lima' });
    const [{ id: memberId }] = await sql<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [memberAcc.email]);
    await sql(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'Desbravador(a)', $3)`, [clubId, memberId, unit.id]);

    await member.goto('/dashboard/minhas-tarefas');
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
    // The quiz stays open on its review: each answer marked right or wrong (issue 31).
    await quizDialog.getByText('Resultado: 2 de 2 corretas · 10 pontos.').waitFor();
    expect(await quizDialog.getByText('Certa', { exact: true }).count()).toBe(2);
    await screenshot(member, 'tour-06-quiz-review');
    await member.keyboard.press('Escape');
    await quizDialog.waitFor({ state: 'hidden' });

    // The quiz now shows the member's answers and result.
    await member.getByRole('tab', { name: /Concluídas/ }).click();
    await member.getByRole('button', { name: 'Ver: Quiz da Criação' }).click();
    await member.getByRole('dialog', { name: 'Quiz da Criação' }).getByText('Resultado: 2 de 2 corretas · 10 pontos.').waitFor();
    await member.keyboard.press('Escape');
    await member.getByRole('dialog', { name: 'Quiz da Criação' }).waitFor({ state: 'hidden' });
    await member.getByRole('tab', { name: /Disponíveis/ }).click();

    // The director waits on 'Aprovações' while the member sends evidence.
    await admin.goto('/dashboard/aprovacoes');
    await admin.getByText('Nenhum envio aguardando aprovação.').waitFor();

    // Submission with evidence.
    await member.getByRole('button', { name: 'Fazer: Foto do acampamento' }).click();
    const subDialog = member.getByRole('dialog', { name: 'Foto do acampamento' });
    await subDialog.getByText(`Aceitos: ${EVIDENCE_TYPES_LABEL}; até ${EVIDENCE_MAX_LABEL}.`).waitFor();
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

    // The waiting screen shows the new submission without a reload (issue 31); the panel counts it
    // and leads to 'Aprovações'; the sidebar shows the counter.
    await admin.clock.fastForward('00:31');
    await admin.getByRole('heading', { name: 'Foto do acampamento' }).waitFor();
    await admin.goto('/dashboard');
    await expect.poll(() => admin.getByRole('group', { name: 'Aguardando aprovação' }).textContent()).toContain('1');
    await admin.getByRole('link', { name: 'Revisar envios' }).click();
    await admin.waitForURL('**/dashboard/aprovacoes');
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

    await member.goto('/dashboard/perfil');
    await member.getByRole('heading', { name: 'Meu Perfil' }).waitFor();
    await member.getByRole('listitem').getByText('Dupla Conquista').waitFor();
    await member.getByRole('img', { name: 'Ícone do badge Dupla Conquista' }).waitFor();
    expect(await member.getByRole('group', { name: 'Pontos' }).textContent()).toContain('45');
    await expectNoA11yViolations(member, 'profile');
    await screenshot(member, 'gamification-08-profile');

    // The admin's view of a member: 'Pontuar' with a reason, and record a task on behalf.
    await admin.goto('/dashboard/membros');
    await admin.getByRole('link', { name: 'Rival Forte' }).click();
    await admin.waitForURL(`**/dashboard/membros/${rival.id}`);
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
  }, 240_000); // The longest journey of the suite: room for a loaded machine.

  it('an empty ranking says so', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Vazio' });
    await page.goto('/dashboard/ranking');
    await page.getByText(RANKING_MSG.empty).waitFor();
    await expectNoA11yViolations(page, 'empty ranking');
    await page.context().close();
  });

  it('works at 360 px: my tasks, ranking and profile fit the screen', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await registerAndCreateClub(page, { clubName: 'Clube Pequeno' });
    const [{ id: clubId }] = await sql<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Pequeno'`);
    await sql(`INSERT INTO tasks (club_id, title, type, points, due_date) VALUES ($1, 'Tarefa com um título bem comprido para caber', 'accumulative', 5, now() + interval '3 days')`, [clubId]);
    const [unit] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Falcões', '#f59e0b') RETURNING id`, [clubId]);
    const [kid] = await sql<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Joaquim Pereira de Albuquerque') RETURNING id`);
    await sql(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)`, [clubId, kid.id, unit.id]);
    await sql(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', 12, 'Pontualidade')`, [clubId, kid.id, unit.id]);
    for (const [path, heading] of [['/dashboard/minhas-tarefas', 'Minhas Tarefas'], ['/dashboard/ranking', 'Ranking'], ['/dashboard/perfil', 'Meu Perfil'], ['/dashboard/aprovacoes', 'Aprovações']]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoA11yViolations(page, `${heading} at 360px`);
    }
    await page.goto('/dashboard/ranking');
    await page.getByRole('row').filter({ hasText: 'Joaquim' }).waitFor();
    await screenshot(page, 'gamification-10-ranking-360');
    await page.context().close();
  });

  it('admin rejects with a reason, the member sees it and resends; Pontuar unidade moves the unit ranking', async () => {
    const admin = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(admin, { clubName: 'Clube Rejeita' });
    const [{ id: clubId }] = await sql<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Rejeita'`);
    const [aguias] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9') RETURNING id`, [clubId]);
    await sql(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Falcões', '#f59e0b')`, [clubId]);
    await sql(`INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Vídeo do hino', 'submission', 15)`, [clubId]);
    const member = await newPage(e2e.browser, e2e.server.baseUrl);
    const acc = await signUp(member, { name: 'Tiago Reis' });
    const [{ id: memberId }] = await sql<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [acc.email]);
    await sql(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)`, [clubId, memberId, aguias.id]);

    const send = async (comment: string) => {
      await member.goto('/dashboard/minhas-tarefas');
      await member.getByRole('button', { name: /: Vídeo do hino$/ }).click();
      const dialog = member.getByRole('dialog', { name: 'Vídeo do hino' });
      await dialog.getByLabel('Comprovação (foto, vídeo ou documento)').setInputFiles({ name: 'hino.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByLabel('Comentário').fill(comment);
      await dialog.getByRole('button', { name: 'Enviar comprovação' }).click();
      await member.getByText(PROGRESS_MSG.submitted).waitFor();
    };
    await send('Primeira tentativa');

    await admin.goto('/dashboard/aprovacoes');
    await admin.getByRole('button', { name: 'Rejeitar envio de Tiago Reis' }).click();
    const reject = admin.getByRole('dialog', { name: 'Rejeitar envio' });
    await reject.getByRole('button', { name: 'Rejeitar' }).click();
    await reject.getByText(PROGRESS_MSG.rejectReasonRequired).waitFor();
    await reject.getByLabel('Motivo da rejeição').fill('O vídeo ficou sem som');
    await expectNoA11yViolations(admin, 'reject modal');
    await reject.getByRole('button', { name: 'Rejeitar' }).click();
    await admin.getByText(PROGRESS_MSG.rejected, { exact: true }).waitFor();

    await member.goto('/dashboard/minhas-tarefas');
    await member.getByText('Rejeitado: O vídeo ficou sem som').waitFor();
    await screenshot(member, 'gamification-11-rejected');
    await send('Agora com som');
    await admin.goto('/dashboard/aprovacoes');
    await admin.getByText('“Agora com som”').waitFor();
    await admin.getByRole('button', { name: 'Aprovar envio de Tiago Reis' }).click();
    await admin.getByText(`${PROGRESS_MSG.approved} +15 pontos`).waitFor();

    // Weekly meeting: points for the whole Falcões unit.
    await admin.goto('/dashboard/ranking');
    await admin.getByRole('button', { name: 'Pontuar unidade' }).click();
    const score = admin.getByRole('dialog', { name: 'Pontuar unidade' });
    await score.getByLabel('Unidade').selectOption({ label: 'Falcões' });
    await score.getByLabel('Pontos (negativo para penalidade)').fill('20');
    await score.getByLabel('Motivo').fill('Uniforme completo');
    await expectNoA11yViolations(admin, 'score unit modal');
    await score.getByRole('button', { name: 'Pontuar' }).click();
    await admin.getByText(PROGRESS_MSG.adjusted).waitFor();
    await admin.getByRole('button', { name: 'Unidades' }).click();
    const first = admin.getByRole('listitem').filter({ hasText: '1º' });
    await expect.poll(() => first.textContent()).toContain('Falcões');
    expect(await first.textContent()).toContain('20');
    expect(await admin.getByRole('listitem').filter({ hasText: '2º' }).textContent()).toContain('Águias');
    await expectNoA11yViolations(admin, 'unit ranking after scoring');
    // Period filter: this week's period has the points, an old one has none.
    await sql(`INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'Semana atual', now() - interval '3 days', now() + interval '3 days'), ($1, 'Ano passado', now() - interval '400 days', now() - interval '300 days')`, [clubId]);
    await admin.reload();
    await admin.getByRole('button', { name: 'Unidades' }).click();
    await admin.getByLabel('Período').selectOption({ label: 'Ano passado' });
    await admin.getByText(RANKING_MSG.empty).waitFor();
    await admin.getByLabel('Período').selectOption({ label: 'Semana atual' });
    await admin.getByRole('listitem').filter({ hasText: 'Falcões' }).waitFor();
    await screenshot(admin, 'gamification-12-unit-ranking');
    await admin.context().close();
    await member.context().close();
  });

  it('at 360 px the ranking lists a member with 0 points, the profile splits the total by origin, letters in Pontuar unidade save nothing (issue 18)', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await registerAndCreateClub(page, { clubName: 'Clube de Todos' });
    const [{ id: clubId }] = await sql<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube de Todos'`);
    const [corujas] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Corujas', '#7c3aed') RETURNING id`, [clubId]);
    await sql(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Lobos', '#16a34a')`, [clubId]);
    const person = async (name: string, role: string) => {
      const [p] = await sql<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      await sql(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, $3, $4)`, [clubId, p.id, role, corujas.id]);
      return p.id;
    };
    const paula = await person('Paula Pontuada', 'Desbravador(a)');
    await person('Zeca Sem Pontos', 'Desbravador(a)');
    await person('Lia Conselheira', 'Conselheiro(a)');
    const [badge] = await sql<{ id: string }>(`INSERT INTO badges (name, description, icon_svg, points) VALUES ('Pioneira', 'x', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>', 15) RETURNING id`);
    await sql(`INSERT INTO member_badges (club_id, profile_id, badge_id) VALUES ($1, $2, $3)`, [clubId, paula, badge.id]);
    await sql(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, badge_id) VALUES
      ($1, $2, $3, 'task_completion', 20, NULL, NULL), ($1, $2, $3, 'badge', 15, NULL, $4), ($1, $2, $3, 'manual', 5, 'Pontualidade', NULL)`, [clubId, paula, corujas.id, badge.id]);

    await page.goto('/dashboard/ranking');
    await page.getByText(RANKING_MSG.whatCounts).waitFor();
    expect(await rankingRowOf(page, 'Paula Pontuada')).toMatch(/1º.*40/);
    const zeca = await rankingRowOf(page, 'Zeca Sem Pontos');
    expect(zeca).toContain('2º');
    expect(zeca).toContain('0 tarefas');
    expect(zeca).toMatch(/0$/);
    expect(await page.getByRole('row').filter({ hasText: 'Lia Conselheira' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page, 'ranking with a 0-point member');
    await screenshot(page, 'ranking-zero-points-360');
    await page.getByRole('button', { name: 'Unidades' }).click();
    const lobos = page.getByRole('listitem').filter({ hasText: 'Lobos' });
    await lobos.waitFor();
    expect(await lobos.textContent()).toContain('0 membros');
    await screenshot(page, 'ranking-units-zero-points-360');

    // Letters in 'Pontuar unidade': refused beside the field, nothing recorded.
    await page.getByRole('button', { name: 'Pontuar unidade' }).click();
    const score = page.getByRole('dialog', { name: 'Pontuar unidade' });
    await score.getByLabel('Unidade').selectOption({ label: 'Lobos' });
    await score.getByLabel('Pontos (negativo para penalidade)').fill('');
    await score.getByLabel('Pontos (negativo para penalidade)').pressSequentially('dez');
    await score.getByLabel('Motivo').fill('Uniforme');
    await score.getByRole('button', { name: 'Pontuar' }).click();
    await score.getByRole('alert').filter({ hasText: PROGRESS_MSG.pointsRequired }).waitFor();
    expect(await sql(`SELECT 1 FROM point_events WHERE club_id = $1 AND reason = 'Uniforme'`, [clubId])).toHaveLength(0);
    await score.getByRole('button', { name: 'Cancelar' }).click();

    // The profile explains the 40 points: Tarefas 20, XP de badges 15, Ajustes 5.
    await page.goto(`/dashboard/membros/${paula}`);
    const origins = page.getByRole('region', { name: 'De onde vêm os pontos' });
    await origins.waitFor();
    const text = (await origins.textContent()) ?? '';
    expect(text).toMatch(/Tarefas\s*20/);
    expect(text).toMatch(/XP de badges\s*15/);
    expect(text).toMatch(/Ajustes\s*5/);
    expect(text).toContain('40 pontos');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page, 'profile with points by origin');
    await origins.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-points-by-origin-360');
    await page.context().close();
  });
});
