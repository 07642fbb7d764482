import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QUESTION_MSG, SUBTASK_MSG, TASK_BADGE_MSG, TASK_MSG, TASK_TYPE_DESCRIPTIONS } from '../src/shared/tasks.js';
import { RECURRING_MSG } from '../src/shared/recurring.js';
import { PROGRESS_MSG } from '../src/shared/progress.js';
import { dueOccurrences, localDateString } from '../src/server/recurring/schedule.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const TZ = 'America/Sao_Paulo';
const DAY = 86_400_000;
/** 'AAAA-MM-DD' as the date fields show it: dd/mm/aaaa. */
const brDay = (iso: string) => iso.split('-').reverse().join('/');
const SVG = (color: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="${color}"/></svg>`;

beforeAll(async () => {
  // Badges are platform-wide and created by the super admin elsewhere; here they are fixtures.
  await e2e.server.db.query(
    `INSERT INTO badges (name, description, icon_svg, rarity, points) VALUES ('Explorador', 'Trilha completa', $1, 'rare', 30), ('Leitor', 'Leu tudo', $2, 'common', 10)`,
    [SVG('#16a34a'), SVG('#0284c7')],
  );
});

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
const tabCount = async (page: Page, name: RegExp) => (await page.getByRole('tab', { name }).textContent()) ?? '';

async function createTask(page: Page, title: string, type: string, points?: string) {
  await page.getByRole('button', { name: 'Nova Tarefa', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Tarefa' });
  await dialog.waitFor();
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Tipo').selectOption(type);
  if (points) await dialog.getByLabel('Pontos').fill(points);
  await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
  await toast(page, TASK_MSG.created);
  await dialog.waitFor({ state: 'detached' });
}

describe('Tarefas e Desafios', () => {
  it('tasks of every type, questions, subtasks, badges, recurring generation', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Tarefas' });
    await page.getByRole('link', { name: 'Tarefas' }).first().click();
    await page.waitForURL('**/dashboard/tarefas');
    await page.getByText(TASK_MSG.empty).waitFor();
    expect(await tabCount(page, /^Tarefas \(/)).toBe('Tarefas (0)');
    await expectNoA11yViolations(page, 'tasks empty');
    await screenshot(page, 'tasks-01-empty');

    // The form: defaults, type explanations, validation messages.
    await page.getByRole('button', { name: TASK_MSG.createFirst }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Tarefa' });
    expect(await dialog.getByLabel('Tipo').inputValue()).toBe('check');
    expect(await dialog.getByLabel('Pontos').inputValue()).toBe('10');
    expect(await dialog.getByLabel('Tarefa ativa').isChecked()).toBe(true);
    expect(await dialog.getByTestId('type-explanation').textContent()).toContain(TASK_TYPE_DESCRIPTIONS.check);
    await dialog.getByLabel('Tipo').selectOption('submission');
    expect(await dialog.getByTestId('type-explanation').textContent()).toContain(TASK_TYPE_DESCRIPTIONS.submission);
    await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
    await dialog.getByText(TASK_MSG.titleRequired).waitFor();
    await dialog.getByLabel('Título').fill('Foto da trilha');
    // Date and time typed as a Brazilian writes them, with or without the separators.
    await dialog.getByLabel('Disponível a partir de').pressSequentially('10/12/2026 10:00');
    await dialog.getByLabel('Data limite').pressSequentially('091220261000');
    expect(await dialog.getByLabel('Data limite').inputValue()).toBe('09/12/2026 10:00');
    await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
    await dialog.getByText(TASK_MSG.dueBeforeAvailable).waitFor();
    await expectNoA11yViolations(page, 'task form');
    await screenshot(page, 'tasks-02-form-errors');
    await dialog.getByLabel('Data limite').fill('');
    await dialog.getByLabel('Data limite').pressSequentially('201220261830');
    await dialog.getByLabel('Pontos').fill('50');
    await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
    await toast(page, TASK_MSG.created);
    const photo = page.getByRole('article', { name: 'Foto da trilha' });
    await photo.getByText('Disponível para todos').waitFor();
    expect(await photo.textContent()).toContain('10/12/2026 10:00');
    expect(await photo.textContent()).toContain('20/12/2026 18:30');

    // Dates come back as local date-time for editing.
    await page.getByRole('button', { name: 'Editar Foto da trilha' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Tarefa' });
    expect(await edit.getByLabel('Disponível a partir de').inputValue()).toBe('10/12/2026 10:00');
    expect(await edit.getByLabel('Data limite').inputValue()).toBe('20/12/2026 18:30');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'detached' });

    await createTask(page, 'Presença', 'check');
    await createTask(page, 'Quiz da Bíblia', 'quiz', '30');
    await createTask(page, 'Avaliação', 'form');
    await createTask(page, 'Leitura diária', 'accumulative', '5');
    // 'Limite por dia' is offered for accumulative tasks only, and shown on the card.
    await page.getByRole('button', { name: 'Editar Leitura diária' }).click();
    const limitForm = page.getByRole('dialog', { name: 'Editar Tarefa' });
    await limitForm.getByLabel('Limite por dia').fill('0');
    await limitForm.getByRole('button', { name: 'Salvar' }).click();
    await limitForm.getByText(TASK_MSG.dailyLimitInvalid).waitFor();
    await limitForm.getByLabel('Limite por dia').fill('3');
    await expectNoA11yViolations(page, 'task form with daily limit');
    await screenshot(page, 'tasks-02b-daily-limit');
    await limitForm.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, TASK_MSG.updated);
    await page.getByRole('article', { name: 'Leitura diária' }).getByText('Limite por dia: 3').waitFor();
    await page.getByRole('button', { name: 'Editar Leitura diária' }).click();
    await limitForm.getByLabel('Tipo').selectOption('check');
    expect(await limitForm.getByLabel('Limite por dia').count()).toBe(0);
    await limitForm.getByRole('button', { name: 'Cancelar' }).click();
    await limitForm.waitFor({ state: 'detached' });
    await createTask(page, 'Especialidade de Nós', 'milestone', '150');
    await page.getByRole('tab', { name: 'Tarefas (6)' }).waitFor();
    // Newest first.
    expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe('Especialidade de Nós');
    // Questions only on quiz/form, subtasks only on milestone.
    expect(await page.getByRole('button', { name: 'Perguntas de Presença' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Subtarefas de Quiz da Bíblia' }).count()).toBe(0);

    // Questions: multiple choice with blank options dropped, then true/false.
    await page.getByRole('button', { name: 'Perguntas de Quiz da Bíblia' }).click();
    const qd = page.getByRole('dialog', { name: 'Perguntas — Quiz da Bíblia' });
    await qd.getByText('Nenhuma pergunta cadastrada ainda.').waitFor();
    await qd.getByRole('button', { name: 'Nova Pergunta' }).click();
    await qd.getByLabel('Texto da pergunta').fill('Quem construiu a arca?');
    await qd.getByLabel('Opção 1').fill('Moisés');
    await qd.getByLabel('Opção 2').fill('Noé');
    await qd.getByLabel('Opção 3').fill('   ');
    await qd.getByRole('button', { name: 'Salvar pergunta' }).click();
    await qd.getByText(QUESTION_MSG.correctRequired).waitFor();
    expect(await qd.getByLabel('Resposta correta').locator('option').allTextContents()).toEqual(['Selecione…', 'Moisés', 'Noé']);
    await qd.getByLabel('Resposta correta').selectOption('Noé');
    await qd.getByRole('button', { name: 'Salvar pergunta' }).click();
    await toast(page, QUESTION_MSG.saved);
    await qd.getByText('(resposta correta)').waitFor({ state: 'attached' });
    await qd.getByRole('button', { name: 'Nova Pergunta' }).click();
    await qd.getByLabel('Texto da pergunta').fill('Davi venceu Golias.');
    await qd.getByLabel('Tipo de resposta').selectOption('single_choice');
    expect(await qd.getByLabel('Opção 1').inputValue()).toBe('Verdadeiro');
    expect(await qd.getByLabel('Opção 2').inputValue()).toBe('Falso');
    expect(await qd.getByLabel('Opção 1').getAttribute('readonly')).not.toBeNull();
    await qd.getByLabel('Resposta correta').selectOption('Verdadeiro');
    await qd.getByRole('button', { name: 'Salvar pergunta' }).click();
    await toast(page, QUESTION_MSG.saved);
    const items = qd.getByRole('list', { name: 'Perguntas' }).locator(':scope > li');
    await expect.poll(() => items.count()).toBe(2);
    await qd.getByRole('button', { name: 'Mover pergunta 2 para cima' }).click();
    await expect.poll(() => items.first().textContent()).toContain('Davi venceu Golias.');
    await expectNoA11yViolations(page, 'questions modal');
    await screenshot(page, 'tasks-03-questions');
    // A third question, deleted after confirming; the others keep their numbers.
    await qd.getByRole('button', { name: 'Nova Pergunta' }).click();
    await qd.getByLabel('Texto da pergunta').fill('Comente o capítulo');
    await qd.getByLabel('Tipo de resposta').selectOption('free_text');
    await qd.getByRole('button', { name: 'Salvar pergunta' }).click();
    await expect.poll(() => items.count()).toBe(3);
    await qd.getByRole('button', { name: 'Excluir pergunta 3' }).click();
    const qconfirm = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    expect(await qconfirm.textContent()).toContain(QUESTION_MSG.confirmDelete);
    await qconfirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, QUESTION_MSG.deleted);
    await expect.poll(() => items.count()).toBe(2);
    await qd.getByRole('button', { name: 'Concluído' }).click();

    // Subtasks with the defaults (5 points, required).
    await page.getByRole('button', { name: 'Subtarefas de Especialidade de Nós' }).click();
    const sd = page.getByRole('dialog', { name: 'Subtarefas — Especialidade de Nós' });
    await sd.getByRole('button', { name: 'Nova Subtarefa' }).click();
    expect(await sd.getByLabel('Pontos da subtarefa').inputValue()).toBe('5');
    expect(await sd.getByLabel('Obrigatória').isChecked()).toBe(true);
    await sd.getByRole('button', { name: 'Salvar subtarefa' }).click();
    await sd.getByText(SUBTASK_MSG.titleRequired).waitFor();
    await sd.getByLabel('Título da subtarefa').fill('Fazer 10 nós');
    await sd.getByRole('button', { name: 'Salvar subtarefa' }).click();
    await toast(page, SUBTASK_MSG.saved);
    await sd.getByText('Obrigatória', { exact: true }).waitFor();
    await sd.getByText('5 pts').waitFor();
    await expectNoA11yViolations(page, 'subtasks modal');
    await screenshot(page, 'tasks-04-subtasks');
    await sd.getByRole('button', { name: 'Concluído' }).click();

    // Badges: link one by clicking it.
    await page.getByRole('button', { name: 'Badges de Especialidade de Nós' }).click();
    const bd = page.getByRole('dialog', { name: 'Badges — Especialidade de Nós' });
    await bd.getByText('Nenhum badge vinculado a esta tarefa.').waitFor();
    await bd.getByRole('button', { name: 'Vincular Explorador' }).click();
    await bd.getByRole('button', { name: 'Desvincular Explorador' }).waitFor();
    await expect.poll(() => bd.getByRole('button', { name: 'Vincular Explorador', exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, 'badges modal');
    await screenshot(page, 'tasks-05-badges');
    // Once every active badge is linked, the modal says to ask the super admin for more.
    await bd.getByRole('button', { name: 'Vincular Leitor', exact: true }).click();
    await bd.getByText(TASK_BADGE_MSG.askSuperAdmin).waitFor();
    await bd.getByRole('button', { name: 'Desvincular Leitor' }).click();
    await bd.getByRole('button', { name: 'Vincular Leitor', exact: true }).waitFor();
    await bd.getByRole('button', { name: 'Concluído' }).click();

    // Delete with confirmation.
    await page.getByRole('button', { name: 'Excluir Presença' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, TASK_MSG.deleted);
    await page.getByRole('tab', { name: 'Tarefas (5)' }).waitFor();

    // Recurring: weekly, Monday–Friday by default, starting two weeks ago → generated on creation.
    await page.getByRole('tab', { name: /Tarefas Recorrentes/ }).click();
    await page.getByText(RECURRING_MSG.empty).waitFor();
    await page.getByRole('button', { name: 'Nova Tarefa Recorrente' }).first().click();
    const rd = page.getByRole('dialog', { name: 'Nova Tarefa Recorrente' });
    expect(await rd.getByLabel('Frequência').inputValue()).toBe('daily');
    expect(await rd.getByLabel('Horário de geração').inputValue()).toBe('00:00');
    expect(await rd.getByLabel('Duração (horas)').inputValue()).toBe('24');
    expect(await rd.getByLabel('Data de início').inputValue()).toBe(brDay(localDateString(new Date(), TZ)));
    expect(await rd.getByLabel('Data de término (opcional)').inputValue()).toBe('');
    await rd.getByLabel('Título').fill('Relatório da unidade');
    await rd.getByLabel('Frequência').selectOption('weekly');
    for (const day of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta']) expect(await rd.getByLabel(day).isChecked()).toBe(true);
    for (const day of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta']) await rd.getByLabel(day).uncheck();
    await rd.getByLabel('Duração (horas)').fill('0');
    await rd.getByRole('button', { name: 'Criar Tarefa Recorrente' }).click();
    await rd.getByText(RECURRING_MSG.weekdaysRequired).waitFor();
    await rd.getByText(RECURRING_MSG.durationInvalid).waitFor();
    await expectNoA11yViolations(page, 'recurring form');
    await screenshot(page, 'tasks-06-recurring-form');
    for (const day of ['Segunda', 'Quarta', 'Sexta']) await rd.getByLabel(day).check();
    await rd.getByLabel('Duração (horas)').fill('48');
    await rd.getByLabel('Horário de geração').fill('00:00');
    const start = localDateString(new Date(Date.now() - 14 * DAY), TZ);
    await rd.getByLabel('Data de início').fill('');
    await rd.getByLabel('Data de início').pressSequentially(brDay(start).replaceAll('/', ''));
    expect(await rd.getByLabel('Data de início').inputValue()).toBe(brDay(start));
    await rd.getByRole('button', { name: 'Criar Tarefa Recorrente' }).click();
    await toast(page, RECURRING_MSG.created);
    const rule = { frequency: 'weekly' as const, interval: 1, days_of_week: [1, 3, 5], day_of_month: null, generation_time: '00:00:00', start_date: start, end_date: null };
    const expected = dueOccurrences(rule, TZ, null, new Date(), 10).length;
    const card = page.getByRole('article', { name: 'Relatório da unidade' });
    await card.getByText('Seg, Qua, Sex').waitFor();
    expect(await card.textContent()).toContain('Sem fim');
    expect(await card.textContent()).toContain('48h');
    expect(await card.textContent()).not.toContain(RECURRING_MSG.never);
    await page.getByRole('tab', { name: `Tarefas (${5 + expected})` }).waitFor();

    // Editing shows the saved schedule back.
    await page.getByRole('button', { name: 'Editar Relatório da unidade' }).click();
    const re = page.getByRole('dialog', { name: 'Editar Tarefa Recorrente' });
    expect(await re.getByLabel('Frequência').inputValue()).toBe('weekly');
    expect(await re.getByLabel('Quarta').isChecked()).toBe(true);
    expect(await re.getByLabel('Terça').isChecked()).toBe(false);
    expect(await re.getByLabel('Data de início').inputValue()).toBe(brDay(start));
    await re.getByLabel('Pontos').fill('12');
    await re.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, RECURRING_MSG.updated);
    await card.getByText('12 pts').waitFor();

    // 'Gerar Instâncias Agora' catches up a rule the every-minute job has not handled yet.
    const missedStart = localDateString(new Date(Date.now() - 3 * DAY), TZ);
    await e2e.server.db.query(
      `INSERT INTO recurring_tasks (club_id, title, frequency, generation_time, start_date, next_generation_date)
       SELECT id, 'Devocional', 'daily', '00:00', $1, now() FROM clubs WHERE name = 'Clube Tarefas'`,
      [missedStart],
    );
    await page.reload();
    await page.getByRole('tab', { name: /Tarefas Recorrentes/ }).click();
    await page.getByRole('article', { name: 'Devocional' }).getByText(RECURRING_MSG.never).waitFor();
    await page.getByRole('button', { name: 'Gerar Instâncias Agora' }).click();
    await page.getByText(/^\d+ tarefas geradas agora\.$/).first().waitFor();
    await expect.poll(() => page.getByRole('article', { name: 'Devocional' }).textContent()).not.toContain(RECURRING_MSG.never);
    // A second press has nothing left to generate, and says so instead of 'sucesso'.
    await page.getByRole('button', { name: 'Gerar Instâncias Agora' }).click();
    await toast(page, RECURRING_MSG.nothingToGenerate);
    await page.getByRole('tab', { name: `Tarefas (${5 + expected + 4})` }).waitFor();
    await page.getByRole('tab', { name: 'Tarefas Recorrentes (2)' }).waitFor();

    await page.getByRole('button', { name: 'Desativar Devocional' }).click();
    await toast(page, RECURRING_MSG.deactivated);
    await page.getByRole('article', { name: 'Devocional' }).getByText('Inativa').waitFor();
    await page.getByRole('button', { name: 'Excluir Devocional' }).click();
    const rconfirm = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    expect(await rconfirm.textContent()).toContain(RECURRING_MSG.confirmDelete);
    await rconfirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, RECURRING_MSG.deleted);
    await page.getByRole('tab', { name: 'Tarefas Recorrentes (1)' }).waitFor();
    await expectNoA11yViolations(page, 'recurring tab');
    await screenshot(page, 'tasks-07-recurring');

    // Generated tasks stay, marked as recurring; narrow screen still works.
    await page.getByRole('tab', { name: /^Tarefas \(/ }).click();
    expect(await page.getByRole('article', { name: 'Devocional' }).count()).toBe(4);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoA11yViolations(page, 'tasks 360px');
    await screenshot(page, 'tasks-08-narrow');

    await page.context().close();
  }, 240_000); // The longest journey of the suite: room for a loaded machine.

  it("'Limite por dia' in Minhas Tarefas: the day's count, and no button once the cap is reached", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Limite' });
    await page.getByRole('link', { name: 'Tarefas' }).first().click();
    await page.getByRole('button', { name: TASK_MSG.createFirst }).click();
    const form = page.getByRole('dialog', { name: 'Nova Tarefa' });
    await form.getByLabel('Título').fill('Leitura diária');
    await form.getByLabel('Tipo').selectOption('accumulative');
    await form.getByLabel('Pontos').fill('5');
    await form.getByLabel('Limite por dia').fill('3');
    await form.getByRole('button', { name: 'Criar Tarefa' }).click();
    await toast(page, TASK_MSG.created);
    await page.getByRole('article', { name: 'Leitura diária' }).getByText('Limite por dia: 3').waitFor();
    await page.getByRole('link', { name: 'Minhas Tarefas' }).first().click();
    await page.getByRole('button', { name: 'Fazer: Leitura diária' }).click();
    const reading = page.getByRole('dialog', { name: 'Leitura diária' });
    await reading.getByText('Limite por dia: 3 · hoje: 0 de 3.').waitFor();
    for (let i = 1; i <= 3; i += 1) {
      await reading.getByRole('button', { name: i === 1 ? 'Marcar como concluída' : 'Concluir novamente' }).click();
      await reading.waitFor({ state: 'detached' });
      if (i === 3) break;
      await page.getByRole('button', { name: 'Concluir novamente: Leitura diária' }).click();
      await reading.getByText(`Limite por dia: 3 · hoje: ${i} de 3.`).waitFor();
    }
    // Used up for today, it leaves the 'Disponíveis' tab and stays under 'Concluídas', without a button.
    await page.getByRole('tab', { name: /^Concluídas/ }).click();
    await page.getByRole('button', { name: 'Ver: Leitura diária' }).click();
    await reading.getByText('Limite por dia: 3 · hoje: 3 de 3.').waitFor();
    await reading.getByText(PROGRESS_MSG.dailyLimitReached).waitFor();
    expect(await reading.getByRole('button', { name: 'Concluir novamente' }).count()).toBe(0);
    await expectNoA11yViolations(page, 'daily limit reached');
    await screenshot(page, 'tasks-09-daily-limit-reached');
    await page.keyboard.press('Escape');
    await reading.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Disponíveis/ }).click();
    expect(await page.getByRole('button', { name: /Leitura diária$/ }).count()).toBe(0);
    await page.context().close();
  });

  it('a member sees active tasks read-only, without the recurring tab', async () => {
    const adminPage = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(adminPage, { clubName: 'Clube do Membro' });
    await adminPage.context().close();
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const member = await signUp(page, { name: 'Membro Leitor' });
    await e2e.server.db.query(
      `INSERT INTO club_members (club_id, profile_id, role)
       SELECT c.id, p.id, 'Desbravador(a)' FROM clubs c, profiles p WHERE c.name = 'Clube do Membro' AND p.email = $1`,
      [member.email],
    );
    await e2e.server.db.query(
      `INSERT INTO tasks (club_id, title, type, active) SELECT id, 'Visível', 'quiz', true FROM clubs WHERE name = 'Clube do Membro'
       UNION ALL SELECT id, 'Escondida', 'check', false FROM clubs WHERE name = 'Clube do Membro'`,
    );
    await page.goto('/dashboard/tarefas');
    await page.getByRole('article', { name: 'Visível' }).waitFor();
    expect(await page.getByRole('article', { name: 'Escondida' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: /Recorrentes/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Nova Tarefa' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar Visível' }).count()).toBe(0);
    await expectNoA11yViolations(page, 'tasks as member');
    await screenshot(page, 'tasks-09-member');
    await page.context().close();
  });

  it('letters, blanks and fractions in Pontos are refused beside the field and save nothing (issue 18)', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Pontos Inteiros' });
    await page.goto('/dashboard/tarefas');
    await page.getByText(TASK_MSG.empty).waitFor();
    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Pontos Inteiros'`);
    const count = async (table: string) => (await e2e.server.db.query(`SELECT 1 FROM ${table} WHERE club_id = $1`, [club.id])).length;

    await page.getByRole('button', { name: 'Nova Tarefa', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Tarefa' });
    await dialog.getByLabel('Título').fill('Tarefa com erro');
    await dialog.getByLabel('Tipo').selectOption('milestone');
    for (const typed of ['dez', '', '2,5']) {
      await dialog.getByLabel('Pontos').fill('');
      if (typed) await dialog.getByLabel('Pontos').pressSequentially(typed);
      await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
      await dialog.getByRole('alert').filter({ hasText: TASK_MSG.pointsInvalid }).waitFor();
      expect(await count('tasks')).toBe(0);
    }
    expect(await page.getByText(TASK_MSG.created).count()).toBe(0);
    await dialog.getByLabel('Pontos').fill('');
    await dialog.getByLabel('Pontos').pressSequentially('40');
    await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
    await toast(page, TASK_MSG.created);
    await dialog.waitFor({ state: 'detached' });

    // A subtask with letters in its points.
    await page.getByRole('button', { name: 'Subtarefas de Tarefa com erro' }).click();
    const sd = page.getByRole('dialog', { name: 'Subtarefas — Tarefa com erro' });
    await sd.getByRole('button', { name: 'Nova Subtarefa' }).click();
    await sd.getByLabel('Título da subtarefa').fill('Parte 1');
    await sd.getByLabel('Pontos da subtarefa').fill('');
    await sd.getByLabel('Pontos da subtarefa').pressSequentially('cinco');
    await sd.getByRole('button', { name: 'Salvar subtarefa' }).click();
    await sd.getByRole('alert').filter({ hasText: SUBTASK_MSG.pointsInvalid }).waitFor();
    expect(await e2e.server.db.query(`SELECT 1 FROM subtasks WHERE title = 'Parte 1'`)).toHaveLength(0);
    await sd.getByRole('button', { name: 'Concluído' }).click();

    // A recurring task with letters in its points.
    await page.getByRole('tab', { name: /Tarefas Recorrentes/ }).click();
    await page.getByRole('button', { name: 'Nova Tarefa Recorrente' }).first().click();
    const rd = page.getByRole('dialog', { name: 'Nova Tarefa Recorrente' });
    await rd.getByLabel('Título').fill('Recorrente com erro');
    await rd.getByLabel('Pontos').fill('');
    await rd.getByLabel('Pontos').pressSequentially('dez');
    await rd.getByRole('button', { name: 'Criar Tarefa Recorrente' }).click();
    await rd.getByRole('alert').filter({ hasText: TASK_MSG.pointsInvalid }).waitFor();
    expect(await count('recurring_tasks')).toBe(0);
    await screenshot(page, 'tasks-points-letters-refused');
    await page.context().close();
  });

});
