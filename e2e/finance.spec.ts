import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIN_MSG } from '../src/shared/finance.js';
import { localDateString } from '../src/server/recurring/schedule.js';
import {
  expectNoA11yViolations, loginThroughUi, newPage, registerAndCreateClub, signUp, screenshot,
  useServerAndBrowser,
} from './harness.js';

const e2e = useServerAndBrowser();

/** Money as the page shows it: 'R$ 1.234,50' (Intl puts a no-break space after R$). */
const brl = (s: string) => new RegExp(`R\\$\\s${s.replace('.', '\\.')}`);

/** Today, or some days ago, as 'AAAA-MM-DD' in the browser's time zone (the harness runs it in São Paulo). */
const isoDay = (daysAgo = 0) => localDateString(new Date(Date.now() - daysAgo * 86_400_000), 'America/Sao_Paulo');
/** 'AAAA-MM-DD' as a Brazilian reads and types it. */
const brDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Toasts fade in and out: axe may catch one mid-animation at low contrast, so checks wait for them to leave.
 * A toast under the pointer stays by design, so the pointer first moves to the page's top-left corner, away
 * from them; a toast still there after 20 s is named in the failure, with whether the browser sees it hovered.
 */
async function toastsGone(page: Page) {
  await page.mouse.move(1, 1);
  const toasts = page.locator('[role="status"][aria-live="polite"]');
  try {
    await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBe(0);
  } catch (err) {
    const left = await page.evaluate(() => ({
      texts: [...document.querySelectorAll('[data-toaster] [role="status"]')].map((el) => el.textContent),
      hovered: document.querySelector('[data-toaster] :hover') !== null,
    }));
    throw new Error(`Toasts still on screen after 20 s: ${JSON.stringify(left)}`, { cause: err });
  }
}

async function fillDialog(page: Page, title: string, fields: Record<string, string>, selects: Record<string, string> = {}) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  for (const [label, value] of Object.entries(selects)) await dialog.getByLabel(label).selectOption({ label: value });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  return dialog;
}

describe('financial journey', () => {
  it('caixa, club and member goals, income and expense, filter, Estornar, delete warning, plano de contas, relatórios', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube Tesouro' });
    // A member with a goal of their own (members are managed elsewhere; the fixture goes straight to the database).
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [pedro] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Pedro Almeida') RETURNING id`);
    await e2e.server.db.query('INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2)', [club.id, pedro.id]);

    await page.getByRole('link', { name: 'Financeiro' }).click();
    await page.waitForURL('**/dashboard/financeiro');
    const newTx = page.getByRole('button', { name: 'Novo Lançamento' });
    await page.getByText(FIN_MSG.needCashAccount).waitFor();
    expect(await newTx.isDisabled()).toBe(true);
    await expectNoA11yViolations(page, 'financial empty');
    await screenshot(page, 'finance-01-empty');

    // Caixa: the name is required; the balance starts at the initial balance.
    await page.getByRole('button', { name: 'Novo Caixa' }).click();
    let dialog = await fillDialog(page, 'Novo Caixa', {});
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText(FIN_MSG.cashAccountNameRequired).first().waitFor();
    await expectNoA11yViolations(page, 'cash account modal with error');
    dialog = await fillDialog(page, 'Novo Caixa', { 'Nome do caixa': 'Caixa Geral', 'Saldo inicial (R$)': '100.00' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saldo = page.getByLabel('Saldo de Caixa Geral');
    await expect.poll(() => saldo.textContent()).toMatch(brl('100,00'));
    await expect.poll(() => newTx.isEnabled()).toBe(true);

    // Goals: one of the club, one of Pedro.
    await page.getByRole('button', { name: 'Novo Cofre' }).click();
    dialog = await fillDialog(page, 'Novo Cofre / Meta', { 'Nome da meta': 'Acampamento', 'Valor da meta (R$)': '200' });
    // Dates typed dd/mm/aaaa; an end before the start is refused beside 'Fim'.
    await dialog.getByLabel('Início (opcional)').pressSequentially('10122026');
    await dialog.getByLabel('Fim (opcional)').pressSequentially('01122026');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText(FIN_MSG.goalDates).first().waitFor();
    expect(await dialog.getByLabel('Fim (opcional)').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Início (opcional)').fill('');
    await dialog.getByLabel('Fim (opcional)').fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Novo Cofre' }).click();
    dialog = await fillDialog(page, 'Novo Cofre / Meta', { 'Nome da meta': 'Uniforme do Pedro', 'Valor da meta (R$)': '100' }, { 'Dono do cofre': 'Pedro Almeida' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Filter: 'Cofres do Clube' shows the club's only; Pedro shows his plus the club's.
    const goals = page.locator('section[aria-labelledby="cofres-title"] li');
    await expect.poll(() => goals.count()).toBe(1);
    await page.getByLabel('Filtrar cofres por membro').selectOption({ label: 'Pedro Almeida' });
    await expect.poll(() => goals.count()).toBe(2);
    await page.getByRole('progressbar', { name: 'Progresso de Uniforme do Pedro' }).waitFor();
    await page.getByLabel('Filtrar cofres por membro').selectOption({ label: 'Cofres do Clube' });
    await expect.poll(() => goals.count()).toBe(1);

    // Income into the club goal.
    await newTx.click();
    dialog = await fillDialog(page, 'Novo Lançamento', {});
    expect(await dialog.getByLabel('Tipo').inputValue()).toBe('income');
    // The date reads dd/mm/aaaa, today by default.
    const txDate = dialog.getByLabel('Data');
    expect(await txDate.inputValue()).toBe(brDay(isoDay()));
    expect(await txDate.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    expect(await txDate.getAttribute('inputmode')).toBe('numeric');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog.getByText(FIN_MSG.transactionRequired).first().waitFor();
    await fillDialog(page, 'Novo Lançamento', { 'Valor (R$)': '50', 'Descrição': 'Rifa de junho' },
      { Caixa: 'Caixa Geral', 'Conta (plano de contas)': 'Eventos', 'Cofre (opcional)': 'Acampamento (Clube)' });
    // An impossible day is refused beside the field and nothing is saved.
    await txDate.fill('');
    await txDate.pressSequentially('31022026');
    expect(await txDate.inputValue()).toBe('31/02/2026');
    await dialog.getByText('Data inválida: use dd/mm/aaaa.').waitFor();
    expect(await txDate.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog.getByText('Data inválida: use dd/mm/aaaa.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    const rifaRows = `SELECT transaction_date::text AS day FROM transactions WHERE description = 'Rifa de junho'`;
    expect(await e2e.server.db.query(rifaRows)).toEqual([]);
    // Typed as a Brazilian types it, yesterday reaches the API as its ISO day.
    const yesterday = isoDay(1);
    await txDate.fill('');
    await txDate.pressSequentially(brDay(yesterday).replaceAll('/', ''));
    expect(await txDate.inputValue()).toBe(brDay(yesterday));
    expect(await dialog.getByText('Data inválida: use dd/mm/aaaa.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText(FIN_MSG.transactionSaved).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await e2e.server.db.query(rifaRows)).toEqual([{ day: yesterday }]);
    await page.locator('section[aria-labelledby="lancamentos-title"] li').filter({ hasText: 'Rifa de junho' }).getByText(brDay(yesterday)).waitFor();
    await expect.poll(() => saldo.textContent()).toMatch(brl('150,00'));

    // Expense from the goal; the chart choices follow the type.
    await newTx.click();
    dialog = await fillDialog(page, 'Novo Lançamento', {}, { Tipo: 'Despesa' });
    const chartOptions = await dialog.getByLabel('Conta (plano de contas)').locator('option').allTextContents();
    expect(chartOptions).toContain('Materiais');
    expect(chartOptions).not.toContain('Mensalidades');
    await fillDialog(page, 'Novo Lançamento', { 'Valor (R$)': '20.00', 'Descrição': 'Lonas' },
      { Caixa: 'Caixa Geral', 'Conta (plano de contas)': 'Materiais', 'Membro (opcional)': 'Pedro Almeida', 'Cofre (opcional)': 'Acampamento (Clube)' });
    await expectNoA11yViolations(page, 'transaction modal');
    await screenshot(page, 'finance-02-transaction-modal');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => saldo.textContent()).toMatch(brl('130,00'));
    await expect.poll(() => page.getByRole('group', { name: 'Saldo Total' }).textContent()).toMatch(brl('130,00'));
    await expect.poll(() => page.getByRole('progressbar', { name: 'Progresso de Acampamento' }).getAttribute('aria-valuenow')).toBe('15');
    await page.getByText(/R\$\s30,00 de R\$\s200,00/).waitFor();
    const expenseRow = page.locator('section[aria-labelledby="lancamentos-title"] li').filter({ hasText: 'Lonas' });
    expect(await expenseRow.textContent()).toMatch(/−\sR\$\s20,00/);
    expect(await expenseRow.textContent()).toContain('Pedro Almeida');
    await toastsGone(page);
    await expectNoA11yViolations(page, 'financial with data');
    await screenshot(page, 'finance-03-with-data');

    // Estornar the expense: balance and goal come back.
    await page.getByRole('button', { name: 'Estornar Lonas' }).click();
    dialog = page.getByRole('dialog', { name: 'Estornar lançamento' });
    await dialog.getByRole('button', { name: 'Estornar' }).click();
    await page.getByText(FIN_MSG.transactionReversed).waitFor();
    await expect.poll(() => saldo.textContent()).toMatch(brl('150,00'));
    await expect.poll(() => page.getByRole('progressbar', { name: 'Progresso de Acampamento' }).getAttribute('aria-valuenow')).toBe('25');
    await page.getByText('Estorno: Lonas').waitFor();
    expect(await page.getByRole('button', { name: 'Estornar Lonas' }).count()).toBe(0);

    // Delete the income: the confirmation says the balance follows and asks why; the caixa stays conciliated.
    await page.getByRole('button', { name: 'Excluir Rifa de junho' }).click();
    dialog = page.getByRole('dialog', { name: 'Excluir lançamento' });
    await dialog.getByText(/volta a ser o que era sem ele/).waitFor();
    await dialog.getByLabel('Motivo da exclusão').fill('Rifa lançada em duplicidade');
    await expectNoA11yViolations(page, 'delete transaction confirmation');
    await screenshot(page, 'finance-04-delete-warning');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText(FIN_MSG.transactionDeleted).waitFor();
    await expect.poll(() => page.locator('section[aria-labelledby="lancamentos-title"] li').count()).toBe(2);
    await expect.poll(() => saldo.textContent()).toMatch(brl('100,00'));
    expect(await page.getByText(/Divergência de/).count()).toBe(0);
    await screenshot(page, 'finance-05-after-delete');

    // Plano de contas: defaults exist; create and deactivate one.
    await page.getByRole('tab', { name: 'Plano de contas' }).click();
    await page.getByText('Mensalidades').waitFor();
    await page.getByRole('button', { name: 'Nova conta' }).click();
    dialog = await fillDialog(page, 'Nova conta', { 'Nome da conta': 'Rifas' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Desativar Rifas' }).click();
    await page.getByRole('button', { name: 'Reativar Rifas' }).waitFor();
    await toastsGone(page);
    await expectNoA11yViolations(page, 'plano de contas');
    await screenshot(page, 'finance-06-chart');

    // Relatórios, by keyboard: the arrow keys move between the tabs and select them.
    await page.getByRole('tab', { name: 'Plano de contas' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected') + ' ' + document.activeElement?.textContent)).toBe('true Relatórios');
    expect(await page.getByRole('tab', { name: 'Plano de contas' }).getAttribute('tabindex')).toBe('-1');
    await page.locator('.recharts-surface').first().waitFor();
    await page.getByText('Receitas x Despesas (últimos 12 meses)').waitFor();
    expect(await page.getByLabel('Até', { exact: true }).inputValue()).toBe(brDay(isoDay()));
    expect(await page.getByLabel('De', { exact: true }).inputValue()).toMatch(/^01\/\d{2}\/\d{4}$/);
    await page.getByLabel('De', { exact: true }).fill('');
    await page.getByLabel('De', { exact: true }).pressSequentially('01012026');
    await expect.poll(() => page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toMatch(new RegExp(`transactions\\.csv\\?from=2026-01-01&to=${isoDay()}$`));
    const href = await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href');
    const csv = await page.request.get(href ?? '');
    expect(csv.headers()['content-type']).toMatch(/text\/csv/);
    expect(await csv.text()).toContain(';Despesa;Lonas;-20,00;Caixa Geral;Materiais;Pedro Almeida;Acampamento;');
    await page.getByRole('cell', { name: 'Materiais' }).waitFor();
    await toastsGone(page);
    await expectNoA11yViolations(page, 'relatórios');
    await screenshot(page, 'finance-07-reports');

    // Soft delete of the goal after 'Esta ação é irreversível.'. Home goes back to the first tab.
    await page.getByRole('tab', { name: 'Relatórios' }).focus();
    await page.keyboard.press('Home');
    await page.getByRole('tab', { name: 'Visão geral', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Excluir Acampamento' }).click();
    dialog = page.getByRole('dialog', { name: 'Excluir cofre' });
    await dialog.getByText(FIN_MSG.confirmIrreversible).waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => page.locator('section[aria-labelledby="cofres-title"] li').count()).toBe(0);
    await page.context().close();
  });

  it("a member's own goals appear read-only under 'Meus Cofres' on their profile", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const { email, clubName } = await registerAndCreateClub(page, { clubName: 'Clube Perfil Cofres' });
    const [row] = await e2e.server.db.query<{ club_id: string; profile_id: string }>(
      `SELECT c.id AS club_id, p.id AS profile_id FROM clubs c, profiles p WHERE c.name = $1 AND p.email = $2`, [clubName, email]);
    await e2e.server.db.query(
      `INSERT INTO savings_goals (club_id, name, goal_amount, current_amount, profile_id) VALUES ($1, 'Minha Bíblia', 80, 20, $2)`,
      [row.club_id, row.profile_id]);
    await page.goto('/dashboard/perfil');
    await page.getByRole('heading', { name: 'Meus Cofres' }).waitFor();
    await page.getByText('Minha Bíblia').waitFor();
    await expectNoA11yViolations(page, 'profile with Meus Cofres');
    await screenshot(page, 'finance-profile-meus-cofres');
    await page.context().close();
  });

  it('works at 360 px wide', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await registerAndCreateClub(page, { clubName: 'Clube Estreito' });
    await page.goto('/dashboard/financeiro');
    await page.getByText(FIN_MSG.needCashAccount).waitFor();
    await expectNoA11yViolations(page, 'financial at 360px');
    await screenshot(page, 'finance-08-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });

  it('the transaction date reads and is typed dd/mm/aaaa in an English browser too, at 360 px', async () => {
    // A native date input would show mm/dd/yyyy here.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport: { width: 360, height: 740 }, locale: 'en-US', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube em Inglês' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    await e2e.server.db.query(`INSERT INTO cash_accounts (club_id, name) VALUES ($1, 'Caixa Geral')`, [club.id]);
    await page.goto('/dashboard/financeiro');
    await page.getByRole('button', { name: 'Novo Lançamento' }).click();
    const dialog = await fillDialog(page, 'Novo Lançamento', { 'Valor (R$)': '12,50', 'Descrição': 'Cantina' }, { Caixa: 'Caixa Geral' });
    const date = dialog.getByLabel('Data');
    expect(await date.inputValue()).toBe(brDay(isoDay()));
    expect(await date.getAttribute('type')).toBe('text');
    await date.fill('');
    await date.pressSequentially('00132026');
    expect(await date.inputValue()).toBe('00/13/2026');
    await dialog.getByText('Data inválida: use dd/mm/aaaa.').waitFor();
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await e2e.server.db.query(`SELECT 1 FROM transactions WHERE club_id = $1`, [club.id])).toEqual([]);
    // Pasting the ISO form works as well.
    await date.fill('2026-11-23');
    expect(await date.inputValue()).toBe('23/11/2026');
    // The day retyped in the middle of the text; a day and month typed with one digit are written in full on leaving.
    await date.press('Home');
    await date.press('Shift+ArrowRight');
    await date.press('Shift+ArrowRight');
    await date.pressSequentially('25');
    expect(await date.inputValue()).toBe('25/11/2026');
    await date.fill('');
    await date.pressSequentially('1/2/2026');
    await date.blur();
    expect(await date.inputValue()).toBe('01/02/2026');
    await date.fill('');
    await date.pressSequentially(brDay(isoDay(2)).replaceAll('/', ''));
    await expectNoA11yViolations(page, 'transaction modal in English at 360px');
    await screenshot(page, 'finance-11-date-field-360');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText(FIN_MSG.transactionSaved).waitFor();
    expect(await e2e.server.db.query(`SELECT transaction_date::text AS day FROM transactions WHERE club_id = $1`, [club.id])).toEqual([{ day: isoDay(2) }]);
    await context.close();
  });

  it('shows the last 20 transactions with a count, then Carregar mais the next ones', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube dos Lançamentos' });
    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube dos Lançamentos'`);
    const [cash] = await e2e.server.db.query<{ id: string }>(`INSERT INTO cash_accounts (club_id, name) VALUES ($1, 'Caixa Geral') RETURNING id`, [club.id]);
    await e2e.server.db.query(
      `INSERT INTO transactions (club_id, cash_account_id, type, amount, description, transaction_date)
       SELECT $1, $2, 'income', g, 'Mensalidade ' || lpad(g::text, 2, '0'), date '2026-01-01' + g FROM generate_series(1, 27) g`,
      [club.id, cash.id],
    );
    await page.goto('/dashboard/financeiro');
    const list = page.getByRole('region', { name: 'Lançamentos Recentes' }).getByRole('listitem');
    await page.getByText('Mostrando 20 de 27 lançamentos').waitFor();
    expect(await list.count()).toBe(20);
    await page.getByText('Mensalidade 27', { exact: true }).waitFor();
    expect(await page.getByText('Mensalidade 01', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await page.getByText('Mostrando 27 de 27 lançamentos').waitFor();
    await page.getByText('Mensalidade 01', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);
    await toastsGone(page);
    await expectNoA11yViolations(page, 'transactions paged');
    await page.context().close();
  });
});

describe('money typed the Brazilian way (issue 18)', () => {
  /**
   * Taps into a field and types key by key, as a person does, without clearing it first: what a
   * field shows ('0,00', a goal being edited) must give way to what is typed (issue 31). Every money
   * field of the app (Saldo inicial, Valor, Valor da meta) goes through here.
   */
  async function typeInto(dialog: ReturnType<Page['getByRole']>, label: string, text: string) {
    const field = dialog.getByLabel(label);
    await field.blur();
    await field.click();
    await field.pressSequentially(text);
  }

  it("'1234,56' and '1.234,56' in Saldo inicial and Valor save exactly R$ 1.234,56; letters save nothing", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await registerAndCreateClub(page, { clubName: 'Clube Vírgula' });
    await page.goto('/dashboard/financeiro');
    await page.getByText(FIN_MSG.needCashAccount).waitFor();
    // The three section tabs show whole at 360 px (no 'Relatór…' cut behind a scroll).
    const tabs = page.getByRole('tablist', { name: 'Seções do financeiro' });
    expect(await tabs.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    for (const name of ['Visão geral', 'Plano de contas', 'Relatórios']) {
      expect(await page.getByRole('tab', { name }).evaluate((e) => e.scrollWidth <= e.clientWidth), name).toBe(true);
    }

    // Saldo inicial: letters are refused beside the field; the modal stays; no caixa, no toast.
    await page.getByRole('button', { name: 'Novo Caixa' }).click();
    let dialog = page.getByRole('dialog', { name: 'Novo Caixa' });
    await dialog.getByLabel('Nome do caixa').fill('Caixa Letras');
    expect(await dialog.getByLabel('Saldo inicial (R$)').inputValue()).toBe('0,00');
    await typeInto(dialog, 'Saldo inicial (R$)', 'cem reais');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.locator('[id$="-error"]').getByText(FIN_MSG.amountInvalid).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByText(FIN_MSG.cashAccountSaved).count()).toBe(0);
    expect(await e2e.server.db.query(`SELECT 1 FROM cash_accounts WHERE name = 'Caixa Letras'`)).toHaveLength(0);

    // '1.234,56' typed key by key: the field shows it, the caixa starts at exactly R$ 1.234,56.
    await typeInto(dialog, 'Saldo inicial (R$)', '1.234,56');
    await screenshot(page, 'money-01-typing-360');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const letras = page.getByLabel('Saldo de Caixa Letras');
    await expect.poll(() => letras.textContent()).toMatch(brl('1.234,56'));

    // '1234,56' in another caixa: formatted on blur, the same amount.
    await page.getByRole('button', { name: 'Novo Caixa' }).click();
    dialog = page.getByRole('dialog', { name: 'Novo Caixa' });
    await dialog.getByLabel('Nome do caixa').fill('Caixa Vírgula');
    await typeInto(dialog, 'Saldo inicial (R$)', '1234,56');
    await dialog.getByLabel('Nome do caixa').click();
    expect(await dialog.getByLabel('Saldo inicial (R$)').inputValue()).toBe('1.234,56');
    await screenshot(page, 'money-02-formatted-on-blur-360');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const virgula = page.getByLabel('Saldo de Caixa Vírgula');
    await expect.poll(() => virgula.textContent()).toMatch(brl('1.234,56'));
    const balances = await e2e.server.db.query<{ name: string; current_balance: string }>(
      `SELECT name, current_balance::text FROM cash_accounts WHERE name IN ('Caixa Letras', 'Caixa Vírgula') ORDER BY name`);
    expect(balances.map((b) => b.current_balance)).toEqual(['1234.56', '1234.56']);

    // Valor: '1234,56' then '1.234,56' each add exactly R$ 1.234,56.
    const newTx = page.getByRole('button', { name: 'Novo Lançamento' });
    for (const [typed, total] of [['1234,56', '2.469,12'], ['1.234,56', '3.703,68']]) {
      await newTx.click();
      dialog = page.getByRole('dialog', { name: 'Novo Lançamento' });
      await dialog.getByLabel('Caixa', { exact: true }).selectOption({ label: 'Caixa Vírgula' });
      await dialog.getByLabel('Descrição').fill(`Rifa ${typed}`);
      await typeInto(dialog, 'Valor (R$)', typed);
      await dialog.getByRole('button', { name: 'Registrar' }).click();
      await page.getByText(FIN_MSG.transactionSaved).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => virgula.textContent()).toMatch(brl(total));
      await toastsGone(page);
    }
    const amounts = await e2e.server.db.query<{ amount: string }>(`SELECT amount::text FROM transactions WHERE description IN ('Rifa 1234,56', 'Rifa 1.234,56')`);
    expect(amounts.map((a) => a.amount)).toEqual(['1234.56', '1234.56']);

    // Letters in Valor: refused beside the field, nothing sent, no toast, the balance unchanged.
    await newTx.click();
    dialog = page.getByRole('dialog', { name: 'Novo Lançamento' });
    await dialog.getByLabel('Caixa', { exact: true }).selectOption({ label: 'Caixa Vírgula' });
    await dialog.getByLabel('Descrição').fill('Doação');
    await typeInto(dialog, 'Valor (R$)', 'doze');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog.locator('[id$="-error"]').getByText(FIN_MSG.amountInvalid).waitFor();
    await screenshot(page, 'money-03-letters-refused-360');
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByText(FIN_MSG.transactionSaved).count()).toBe(0);
    expect(await e2e.server.db.query(`SELECT 1 FROM transactions WHERE description = 'Doação'`)).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await virgula.textContent()).toMatch(brl('3.703,68'));

    // Meta: letters refused; '1.500' is one thousand five hundred, shown back as 1.500,00 when editing.
    await page.getByRole('button', { name: 'Novo Cofre' }).click();
    dialog = page.getByRole('dialog', { name: 'Novo Cofre / Meta' });
    await dialog.getByLabel('Nome da meta').fill('Barraca nova');
    await typeInto(dialog, 'Valor da meta (R$)', 'mil e quinhentos');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.locator('[id$="-error"]').getByText(FIN_MSG.amountInvalid).waitFor();
    expect(await e2e.server.db.query(`SELECT 1 FROM savings_goals WHERE name = 'Barraca nova'`)).toHaveLength(0);
    await typeInto(dialog, 'Valor da meta (R$)', '1.500');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [goal] = await e2e.server.db.query<{ goal_amount: string }>(`SELECT goal_amount::text FROM savings_goals WHERE name = 'Barraca nova'`);
    expect(goal.goal_amount).toBe('1500.00');
    await page.getByRole('button', { name: 'Editar Barraca nova' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Cofre' });
    expect(await dialog.getByLabel('Valor da meta (R$)').inputValue()).toBe('1.500,00');
    await typeInto(dialog, 'Valor da meta (R$)', '2.000');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await e2e.server.db.query<{ goal_amount: string }>(`SELECT goal_amount::text FROM savings_goals WHERE name = 'Barraca nova'`))[0]?.goal_amount).toBe('2000.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});

describe("a member's view", () => {
  it("shows only their own cofres, read-only ('Meus Cofres')", async () => {
    const admin = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(admin, { clubName: 'Clube dos Cofres' });
    await admin.context().close();
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const member = await signUp(page, { name: 'Júlia Membro' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [julia] = await e2e.server.db.query<{ id: string }>('SELECT id FROM profiles WHERE email = $1', [member.email]);
    await e2e.server.db.query('INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2)', [club.id, julia.id]);
    await e2e.server.db.query(
      `INSERT INTO savings_goals (club_id, name, goal_amount, current_amount, profile_id) VALUES
         ($1, 'Camporee da Júlia', 400, 100, $2), ($1, 'Cofre do clube', 1000, 0, NULL)`,
      [club.id, julia.id],
    );
    await page.goto('/dashboard/financeiro');
    await page.getByRole('heading', { name: 'Meus Cofres' }).waitFor();
    await page.getByText('Camporee da Júlia').waitFor();
    await page.getByText(/R\$\s100,00 de R\$\s400,00/).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Progresso de Camporee da Júlia' }).getAttribute('aria-valuenow')).toBe('25');
    expect(await page.getByText('Cofre do clube').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Novo Lançamento' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Excluir|Editar/ }).count()).toBe(0);
    await expectNoA11yViolations(page, 'member cofres');
    await screenshot(page, 'finance-11-member-cofres');
    await page.context().close();
  });
});

describe('financial reports on the demo club', () => {
  it('the demo seed fills the 12-month chart and the totals', async () => {
    const { seedDemoClub, DEMO_ADMIN } = await import('../src/server/demo/base.js');
    const { seedFinance } = await import('../src/server/finance/demo-seed.js');
    await seedFinance(await seedDemoClub(e2e.server.db));
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/dashboard/financeiro');
    await page.getByLabel('Saldo de Caixa Geral').waitFor();
    await screenshot(page, 'finance-09-demo-overview');
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(12);
    await page.getByRole('cell', { name: 'Mensalidades' }).waitFor();
    await expectNoA11yViolations(page, 'demo reports');
    await screenshot(page, 'finance-10-demo-reports');
    await page.context().close();
  });
});
