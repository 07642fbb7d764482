import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_MSG } from '../src/shared/admin.js';
import { AUTH_MSG } from '../src/shared/auth.js';
import { CLUB_MSG } from '../src/shared/clubs.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, type Account, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let superPage: Page;
let owner: Account;
let ownerPage: Page;

beforeAll(async () => {
  // The first account of a fresh platform is its super admin.
  superPage = await newPage(e2e.browser, e2e.server.baseUrl);
  await signUp(superPage, { name: 'Super Sara' });
  ownerPage = await newPage(e2e.browser, e2e.server.baseUrl);
  owner = await signUp(ownerPage, { name: 'Bruno Dono' });
});

const card = (page: Page, name: string) => page.locator('main').getByRole('heading', { name, exact: true }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');

describe('super admin area', () => {
  it('dashboard: the four platform counters and the way into each screen', async () => {
    const page = superPage;
    await page.getByRole('link', { name: 'Super Admin' }).click();
    await page.waitForURL(/\/superadmin$/);
    await expect.poll(() => page.getByRole('group', { name: 'Total de Usuários' }).textContent()).toBe('Total de Usuários2');
    expect(await page.getByRole('group', { name: 'Total de Clubes' }).textContent()).toBe('Total de Clubes0');
    for (const name of ['Gerenciar Clubes', 'Gerenciar Badges', 'Usuários', 'Relatórios']) {
      expect(await page.locator('main').getByRole('link', { name: new RegExp(name) }).count()).toBe(1);
    }
    await expectNoA11yViolations(page, 'superadmin dashboard');
    await screenshot(page, 'superadmin-01-dashboard');
  });

  it('creates a club for someone else, who then sees it; opens it as admin; edits, deactivates and deletes', async () => {
    const page = superPage;
    await page.goto('/superadmin/clubes');
    await page.getByText('Nenhum clube cadastrado ainda.').waitFor();
    await page.getByRole('button', { name: 'Novo Clube' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Clube' });
    await dialog.getByLabel('Nome do clube').fill('Águias do Cerrado');
    expect(await dialog.getByLabel('Identificador do clube').inputValue()).toBe('aguias-do-cerrado');
    await dialog.getByLabel('E-mail do primeiro administrador').fill('ninguem@teste.com');
    await dialog.getByRole('button', { name: 'Criar clube' }).click();
    // No account with that e-mail: a clear message, and the modal stays open.
    await dialog.getByRole('alert').filter({ hasText: ADMIN_MSG.adminAccountMissing }).waitFor();
    await expectNoA11yViolations(page, 'new club modal with error');
    await screenshot(page, 'superadmin-02-new-club-error');
    await dialog.getByLabel('E-mail do primeiro administrador').fill(owner.email);
    await dialog.getByRole('button', { name: 'Criar clube' }).click();
    await page.getByText(ADMIN_MSG.clubCreated).first().waitFor();
    await card(page, 'Águias do Cerrado').getByText('1 membro').waitFor();
    expect(await page.getByRole('group', { name: 'Total de Clubes' }).textContent()).toBe('Total de Clubes1');

    // The named admin sees the club as theirs.
    await ownerPage.reload();
    await ownerPage.getByRole('heading', { name: 'Bem-vindo ao Águias do Cerrado' }).waitFor();
    // The menu renders just after the page (a deferred render): wait for it, then count.
    await ownerPage.getByRole('link', { name: 'Configurações' }).first().waitFor({ state: 'attached' });
    expect(await ownerPage.getByRole('link', { name: 'Configurações' }).count()).toBe(1);

    // 'Abrir como admin': the super admin lands in the club screens with the club selected.
    await card(page, 'Águias do Cerrado').getByRole('button', { name: 'Abrir como admin' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Bem-vindo ao Águias do Cerrado' }).waitFor();
    const selector = page.getByLabel('Clube atual');
    expect(await selector.locator('option:checked').textContent()).toBe('Águias do Cerrado');
    await expectNoA11yViolations(page, 'club opened as admin');
    await screenshot(page, 'superadmin-03-opened-as-admin');
    const audit = await e2e.server.db.query(`SELECT 1 FROM audit_log WHERE action = 'club.open_as_admin'`);
    expect(audit).toHaveLength(1);

    // Edit and deactivate.
    await page.goto('/superadmin/clubes');
    await page.getByRole('button', { name: 'Editar Águias do Cerrado' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Clube' });
    await edit.getByLabel('Descrição (opcional)').fill('Clube do Planalto Central');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await card(page, 'Águias do Cerrado').getByText('Clube do Planalto Central').waitFor();
    await page.getByRole('button', { name: 'Desativar Águias do Cerrado' }).click();
    await card(page, 'Águias do Cerrado').getByText('Inativo', { exact: true }).waitFor();
    // The director sees why the club is off, and cannot switch it back on in Configurações.
    await ownerPage.goto('/dashboard/configuracoes');
    await ownerPage.getByRole('status').filter({ hasText: CLUB_MSG.deactivatedTitle }).waitFor();
    expect(await ownerPage.getByLabel('Clube ativo').isDisabled()).toBe(true);
    await ownerPage.getByText(CLUB_MSG.activeSuperAdminOnly).waitFor();
    await expectNoA11yViolations(ownerPage, 'deactivated club settings');
    await screenshot(ownerPage, 'superadmin-03b-deactivated-club');
    await page.getByRole('button', { name: 'Ativar Águias do Cerrado' }).click();
    await card(page, 'Águias do Cerrado').getByText('Ativo', { exact: true }).waitFor();
    await ownerPage.reload();
    await ownerPage.getByLabel('Nome do clube').waitFor();
    expect(await ownerPage.getByText(CLUB_MSG.deactivatedTitle).count()).toBe(0);

    // Delete a second club: the button works only once the name is typed.
    await page.getByRole('button', { name: 'Novo Clube' }).click();
    await dialog.getByLabel('Nome do clube').fill('Clube Descartável');
    await dialog.getByLabel('E-mail do primeiro administrador').fill(owner.email);
    await dialog.getByRole('button', { name: 'Criar clube' }).click();
    await card(page, 'Clube Descartável').waitFor();
    await expectNoA11yViolations(page, 'clubs list');
    await screenshot(page, 'superadmin-04-clubs');
    await page.getByRole('button', { name: 'Excluir Clube Descartável' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    const del = confirm.getByRole('button', { name: 'Excluir clube' });
    expect(await del.isDisabled()).toBe(true);
    await confirm.getByLabel('Digite "Clube Descartável" para confirmar').fill('Clube Descartável');
    expect(await del.isEnabled()).toBe(true);
    // Let the button's colour transition from its disabled shade finish before measuring contrast.
    await page.waitForTimeout(300);
    await expectNoA11yViolations(page, 'delete club dialog');
    await screenshot(page, 'superadmin-05-delete');
    await del.click();
    await page.getByText(ADMIN_MSG.clubDeleted).first().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Clube Descartável' }).count()).toBe(0);
  });

  it('blocks a user, who is signed out at once and cannot sign in again', async () => {
    const page = superPage;
    await page.goto('/superadmin/usuarios');
    await page.getByLabel('Buscar por nome ou e-mail').fill('bruno');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Bruno Dono' }) });
    await row.getByText('Águias do Cerrado · Admin').waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Usuários' }).getByRole('heading').count()).toBe(1);
    await expectNoA11yViolations(page, 'users');
    await screenshot(page, 'superadmin-06-users');
    await row.getByRole('button', { name: 'Bloquear' }).click();
    await page.getByRole('dialog', { name: 'Bloquear usuário' }).getByRole('button', { name: 'Bloquear' }).click();
    await row.getByText('Bloqueado', { exact: true }).waitFor();

    // Bruno's open tab: the next time it checks the session (here, coming back to the tab), he is out.
    await ownerPage.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await ownerPage.waitForURL('**/login');
    await ownerPage.getByLabel('E-mail').fill(owner.email);
    await ownerPage.getByLabel('Senha').fill(owner.password);
    await ownerPage.getByRole('button', { name: 'Entrar' }).click();
    await ownerPage.getByRole('alert').filter({ hasText: AUTH_MSG.blocked }).waitFor();
    await screenshot(ownerPage, 'superadmin-07-blocked-login');

    // A super admin cannot block themself.
    await page.getByLabel('Buscar por nome ou e-mail').fill('sara');
    const self = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Super Sara' }) });
    expect(await self.getByRole('button', { name: 'Bloquear' }).isDisabled()).toBe(true);
  });

  it('the report page shows charts and offers a CSV export', async () => {
    const page = superPage;
    // Two completions in the club this month, as the progress screens record them.
    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = 'aguias-do-cerrado'`);
    const [bruno] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Bruno Dono'`);
    const [task] = await e2e.server.db.query<{ id: string }>(`INSERT INTO tasks (club_id, title, type) VALUES ($1, 'Nó de escota', 'accumulative') RETURNING id`, [club.id]);
    const [assignment] = await e2e.server.db.query<{ id: string }>(
      `INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at) VALUES ($1, $2, $3, 'completed', now()) RETURNING id`,
      [club.id, task.id, bruno.id]);
    await e2e.server.db.query(`INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points) VALUES ($1, $2, $3, $4, 10), ($1, $2, $3, $4, 10)`,
      [club.id, task.id, bruno.id, assignment.id]);
    await page.goto('/superadmin/relatorios');
    await page.getByRole('figure', { name: 'Novos clubes e novos usuários por mês' }).locator('svg.recharts-surface').first().waitFor();
    await page.getByRole('figure', { name: 'Tarefas concluídas por mês' }).locator('svg.recharts-surface').first().waitFor();
    // Bruno is blocked now, but he used Trilha and completed tasks in the last 30 days: he counts as active.
    expect(await page.getByRole('group', { name: 'Membros ativos (últimos 30 dias)' }).textContent()).toBe('Membros ativos (últimos 30 dias)1');
    await page.getByRole('figure', { name: /Membros ativos por clube/ }).locator('svg.recharts-surface').first().waitFor();
    const firstRow = page.getByRole('table').locator('tbody tr').first();
    expect(await firstRow.locator('td').allTextContents()).toEqual(['1', '2', '2']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^trilha-relatorio-\d{4}-\d{2}-\d{2}\.csv$/);
    await expectNoA11yViolations(page, 'reports');
    await screenshot(page, 'superadmin-08-reports');
  });

  it('the platform evaluation list: an item edited, saved with a confirmation, still there after a reload (1280 and 360 px)', async () => {
    const page = superPage;
    await page.goto('/superadmin');
    await page.getByRole('navigation', { name: 'Menu do super admin' }).getByRole('link', { name: 'Avaliação' }).click();
    await page.waitForURL(/\/superadmin\/avaliacao$/);
    const list = page.getByRole('list', { name: 'Itens da avaliação da plataforma' });
    const first = list.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Editar / }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar item da avaliação' });
    await dialog.getByLabel('Título').fill('Clube registrado no SGC até o prazo (editado)');
    await dialog.getByLabel('Pontos').fill('650');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Alterações não salvas: os clubes ainda veem a lista anterior.').waitFor();
    await page.getByRole('button', { name: 'Salvar lista' }).click();
    const confirm = page.getByRole('dialog', { name: 'Salvar a lista da plataforma' });
    await confirm.getByText(/passa a valer para todo clube sem lista própria/).waitFor();
    await confirm.getByRole('button', { name: 'Salvar lista' }).click();
    await page.getByText('Itens da avaliação salvos.').first().waitFor();
    await page.reload();
    await list.getByRole('listitem').first().getByText('Clube registrado no SGC até o prazo (editado)').waitFor();
    expect(await list.getByRole('listitem').first().textContent()).toContain('650 pontos');
    await expectNoA11yViolations(page, 'platform evaluation');
    await screenshot(page, 'superadmin-10-evaluation-1280');

    const phone = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto('/superadmin/avaliacao');
    await phone.getByText('Clube registrado no SGC até o prazo (editado)').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone, 'superadmin-10-evaluation-360');
    await phone.context().close();
  });

  it('a non-super-admin typing /superadmin lands on /dashboard, and the API refuses them', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Comum' });
    for (const path of ['/superadmin', '/superadmin/usuarios', '/superadmin/relatorios']) {
      await page.goto(path);
      await page.waitForURL(/\/dashboard$/);
    }
    const status = await page.evaluate(async () => (await fetch('/api/admin/stats')).status);
    expect(status).toBe(403);
    await page.context().close();
  });

  it('a platform with many clubs lists them 50 at a time, with a count, a search and Carregar mais', async () => {
    await e2e.server.db.query(
      `INSERT INTO clubs (name, slug, created_at)
       SELECT 'Clube em Massa ' || n, 'clube-em-massa-' || n, now() - n * interval '1 minute' FROM generate_series(1, 60) AS n`,
    );
    const page = superPage;
    await page.goto('/superadmin/clubes');
    const clubs = page.getByRole('region', { name: 'Clubes' }).getByRole('heading', { level: 3 });
    await page.getByText(/^Mostrando 50 de \d+ clubes$/).waitFor();
    expect(await clubs.count()).toBe(50);
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect.poll(() => clubs.count()).toBeGreaterThan(50);
    const total = Number((await page.getByText(/^Mostrando \d+ de \d+ clubes$/).textContent())?.match(/de (\d+)/)?.[1]);
    await expect.poll(() => clubs.count()).toBe(total);
    expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);
    await screenshot(page, 'superadmin-08-clubs-paged');
    await page.getByLabel('Buscar por nome ou identificador').fill('massa 42');
    await expect.poll(() => clubs.count()).toBe(1);
    await page.getByText('Mostrando 1 de 1 clube').waitFor();
    // Clearing the search comes back to the pages already loaded.
    await page.getByLabel('Buscar por nome ou identificador').fill('');
    await page.getByText(`Mostrando ${total} de ${total} clubes`).waitFor();
  });

  it('works at 360 px', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await page.context().addCookies(await superPage.context().cookies());
    for (const path of ['/superadmin/clubes', '/superadmin/usuarios', '/superadmin/relatorios']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
    await screenshot(page, 'superadmin-09-mobile-reports');
    await page.context().close();
  });
});
