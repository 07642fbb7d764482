import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHARGE_MSG } from '../src/shared/charges.js';
import { DUES_MSG } from '../src/shared/dues.js';
import { PIX_MSG } from '../src/shared/pix.js';
import { localDateString } from '../src/server/recurring/schedule.js';
import {
  expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot,
  useServerAndBrowser,
} from './harness.js';

const e2e = useServerAndBrowser();

const DOCS = path.join(process.cwd(), 'docs', 'screenshots', 'charges');
/** A screenshot kept for the e2e run and copied to docs/screenshots/charges. */
async function shot(page: Page, name: string) {
  const file = await screenshot(page, `charges-${name}`);
  await mkdir(DOCS, { recursive: true });
  await copyFile(file, path.join(DOCS, `${name}.png`));
}
const brl = (s: string) => new RegExp(`R\\$\\s${s.replace('.', '\\.')}`);
const isoDay = (daysAgo = 0) => localDateString(new Date(Date.now() - daysAgo * 86_400_000), 'America/Sao_Paulo');
const brDay = (iso: string) => iso.split('-').reverse().join('/');

describe('treasurer journey (charges)', () => {
  it('new charge typed 1.234,56, partial payment into a caixa, reversal, cancel with a reason, quem deve, WhatsApp', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube Cobrança' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [unit] = await e2e.server.db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias') RETURNING id`, [club.id]);
    const [pedro] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Pedro Almeida') RETURNING id`);
    const [member] = await e2e.server.db.query<{ id: string }>(
      'INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id', [club.id, pedro.id, unit.id]);
    await e2e.server.db.query(
      `INSERT INTO member_guardians (club_id, member_id, full_name, email, phone, relationship) VALUES ($1, $2, 'Marta Almeida', 'marta@teste.com', '(11) 98765-4321', 'Mãe')`,
      [club.id, member.id]);
    await e2e.server.db.query(`INSERT INTO cash_accounts (club_id, name) VALUES ($1, 'Caixa Geral')`, [club.id]);

    await page.goto('/dashboard/cobrancas');
    await page.getByRole('heading', { name: 'Cobranças', level: 1 }).waitFor();
    await page.getByText('Ninguém deve nada.').waitFor();

    // PIX of the club: a CPF with a bad check digit is refused beside the field.
    await page.getByRole('tab', { name: 'PIX' }).click();
    await page.getByLabel('Chave PIX').fill('529.982.247-24');
    await page.getByText(PIX_MSG.cpfInvalid).first().waitFor();
    await page.getByLabel('Chave PIX').fill('11.222.333/0001-81');
    await page.getByLabel('Nome do beneficiário').fill('Clube Cobranca');
    await page.getByLabel('Cidade').fill('Sao Paulo');
    await page.getByRole('button', { name: 'Salvar PIX' }).click();
    await page.getByText(PIX_MSG.saved).first().waitFor();

    // Nova cobrança: every field empty gets its pt-BR message; then 1.234,56 typed the Brazilian way.
    await page.getByRole('tab', { name: 'Cobranças' }).click();
    await page.getByRole('button', { name: 'Nova cobrança' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nova cobrança' });
    await dialog.getByLabel('Vencimento').fill('');
    await dialog.getByRole('button', { name: 'Criar cobrança' }).click();
    await dialog.getByText(CHARGE_MSG.memberRequired).waitFor();
    await dialog.getByText(CHARGE_MSG.descriptionRequired).waitFor();
    await dialog.getByText(CHARGE_MSG.amountRequired).waitFor();
    await expectNoA11yViolations(page, 'new charge with errors');
    await dialog.getByLabel('Membro', { exact: true }).selectOption({ label: 'Pedro Almeida' });
    await dialog.getByLabel('Descrição').fill('Acampamento de verão');
    await dialog.getByLabel('Valor (R$)').fill('1.234,56');
    await dialog.getByLabel('Vencimento').pressSequentially(brDay(isoDay(40)).replaceAll('/', ''));
    await dialog.getByLabel('Origem').selectOption({ label: 'Evento' });
    await shot(page, 'new-charge-360');
    await dialog.getByRole('button', { name: 'Criar cobrança' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('list', { name: 'Cobranças' }).getByRole('button', { name: /Pedro Almeida/ });
    await expect.poll(() => row.textContent()).toMatch(brl('1.234,56'));
    await row.getByText('Vencida').waitFor();

    // Partial payment: R$ 234,56 by PIX into Caixa Geral; the charge owes R$ 1.000,00 and its PIX says so.
    await row.click();
    dialog = page.getByRole('dialog', { name: 'Acampamento de verão' });
    await dialog.getByLabel('PIX copia e cola').waitFor();
    await dialog.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    expect(await dialog.getByLabel('PIX copia e cola').inputValue()).toContain('54071234.56');
    const form = dialog.getByRole('form', { name: 'Registrar pagamento' });
    expect(await form.getByLabel('Valor recebido (R$)').inputValue()).toBe('1.234,56');
    await form.getByRole('button', { name: 'Registrar pagamento' }).click();
    await form.getByText(CHARGE_MSG.cashAccountRequired).waitFor();
    await form.getByLabel('Valor recebido (R$)').fill('234,56');
    await form.getByLabel('Caixa').selectOption({ label: 'Caixa Geral' });
    await form.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' });
    await form.getByRole('button', { name: 'Registrar pagamento' }).click();
    await dialog.getByText(/Em aberto R\$\s1\.000,00/).waitFor();
    expect(await dialog.getByLabel('PIX copia e cola').inputValue()).toContain('54071000.00');
    const [cash] = await e2e.server.db.query<{ current_balance: string }>(`SELECT current_balance::text FROM cash_accounts WHERE club_id = $1`, [club.id]);
    expect(cash.current_balance).toBe('234.56');
    await expectNoA11yViolations(page, 'charge detail after a partial payment');
    await shot(page, 'charge-detail-360');

    // More than what is owed: the server's pt-BR message, nothing written.
    await form.getByLabel('Valor recebido (R$)').fill('1.000,01');
    await form.getByLabel('Caixa').selectOption({ label: 'Caixa Geral' });
    await form.getByRole('button', { name: 'Registrar pagamento' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').textContent()).toContain('O valor passa do que falta pagar (R$ 1.000,00).');

    // Reverse it through the app's own dialog: the caixa goes back to zero.
    await dialog.getByRole('button', { name: 'Estornar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Estornar pagamento' });
    await confirm.getByRole('button', { name: 'Estornar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await dialog.getByText(/Em aberto R\$\s1\.234,56/).waitFor();
    await dialog.getByText('Estornado', { exact: true }).waitFor();
    const [back] = await e2e.server.db.query<{ current_balance: string }>(`SELECT current_balance::text FROM cash_accounts WHERE club_id = $1`, [club.id]);
    expect(back.current_balance).toBe('0.00');
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();

    // Quem deve: the total, the 31–60 bucket, filters by unit; 'Cobrar via WhatsApp' opens wa.me with the text.
    await page.getByRole('tab', { name: 'Quem deve' }).click();
    const card = page.getByRole('region', { name: 'Quem deve' });
    await card.getByText('Pedro Almeida').waitFor();
    await card.getByText(/31–60 dias: R\$\s1\.234,56/).waitFor();
    await page.getByLabel('Unidade').selectOption({ label: 'Águias' });
    await card.getByText('Pedro Almeida').waitFor();
    await expectNoA11yViolations(page, 'quem deve 360');
    await shot(page, 'quem-deve-360');
    // No network here: the wa.me request is answered locally and its URL kept.
    let waUrl = '';
    await page.context().route('https://wa.me/**', (route) => {
      waUrl = route.request().url();
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
    });
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Cobrar via WhatsApp' }).click();
    const wa = await popup;
    await expect.poll(() => waUrl, { timeout: 10_000 }).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    const text = new URL(waUrl).searchParams.get('text') ?? '';
    expect(text).toContain('Olá, Marta Almeida!');
    expect(text).toContain('Total: R$ 1.234,56');
    expect(text).toMatch(/000201\S+/);
    await wa.close();

    // Cancel with a reason in the app's dialog: an empty reason is refused in pt-BR.
    await page.getByRole('tab', { name: 'Cobranças' }).click();
    await row.click();
    dialog = page.getByRole('dialog', { name: 'Acampamento de verão' });
    await dialog.getByRole('button', { name: 'Cancelar cobrança' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar cobrança' });
    await cancel.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await cancel.getByText(CHARGE_MSG.reasonRequired).waitFor();
    await cancel.getByLabel('Motivo').fill('Pedro não irá ao acampamento');
    await cancel.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await cancel.waitFor({ state: 'hidden' });
    await dialog.getByText('Motivo do cancelamento: Pedro não irá ao acampamento').waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await page.getByRole('tab', { name: 'Quem deve' }).click();
    await page.getByText('Ninguém deve nada.').waitFor();

    // The same screens at 1280 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Cobranças' }).click();
    await row.waitFor();
    await shot(page, 'charges-list-1280');
  });

  it('dues: plan with its pt-BR messages, a sibling discount, generating the month once, quem deve', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube Mensalidade' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    for (const name of ['Lia Costa', 'Téo Costa']) {
      const [p] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, created_at) VALUES ($1, $2, now() - interval '90 days')`, [club.id, p.id]);
    }
    await page.goto('/dashboard/cobrancas');
    await page.getByRole('tab', { name: 'Mensalidades' }).click();
    const form = page.getByRole('form', { name: 'Plano de mensalidades' });
    await form.getByLabel('Dia de vencimento').fill('31');
    for (const m of ['fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro']) await form.getByLabel(m).uncheck();
    await form.getByRole('button', { name: 'Salvar plano' }).click();
    await form.getByText(DUES_MSG.amountRequired).waitFor();
    await form.getByText(DUES_MSG.dueDayInvalid).waitFor();
    await form.getByText(DUES_MSG.monthsRequired).waitFor();
    await expectNoA11yViolations(page, 'dues plan with errors');
    for (const m of ['fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro']) await form.getByLabel(m).check();
    await form.getByLabel('Valor (R$)').fill('85,50');
    await form.getByLabel('Dia de vencimento').fill('10');
    await form.getByRole('button', { name: 'Salvar plano' }).click();
    await page.getByText(DUES_MSG.saved).first().waitFor();

    // Téo: 'irmãos: 2º com 50 %'.
    await page.getByLabel('Membro').selectOption({ label: 'Téo Costa' });
    await page.getByLabel('Exceção').selectOption({ label: 'Desconto (%)' });
    await page.getByLabel('Desconto (%)').fill('0');
    await page.getByRole('button', { name: 'Salvar exceção' }).click();
    await page.getByText(DUES_MSG.percentInvalid).waitFor();
    await page.getByLabel('Desconto (%)').fill('50');
    await page.getByLabel('Motivo (opcional)').fill('irmãos: 2º com 50 %');
    await page.getByRole('button', { name: 'Salvar exceção' }).click();
    await page.getByRole('list', { name: 'Exceções' }).getByText(/Desconto de 50 % \(R\$\s42,75\)/).waitFor();

    // This month, twice: two dues the first time, none the second.
    await page.getByRole('button', { name: 'Gerar mensalidades' }).click();
    await page.getByText('2 mensalidades geradas!').waitFor();
    await page.getByRole('button', { name: 'Gerar mensalidades' }).click();
    await page.getByText('Nenhuma mensalidade nova: este mês já estava gerado.').waitFor();
    await expectNoA11yViolations(page, 'dues tab');
    await shot(page, 'dues-360');
    const rows = await e2e.server.db.query<{ amount: string }>(`SELECT amount::text FROM charges WHERE club_id = $1 AND origin = 'mensalidade' ORDER BY amount`, [club.id]);
    expect(rows.map((r) => r.amount)).toEqual(['42.75', '85.50']);

    await page.getByRole('tab', { name: 'Quem deve' }).click();
    await page.getByText(/Em aberto:\s*R\$\s128,25/).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Mensalidades' }).click();
    await page.getByRole('form', { name: 'Plano de mensalidades' }).waitFor();
    await shot(page, 'dues-1280');
  });

  it('/familia: the guardian sees the child\'s open charge with its PIX and prints the receipt of a payment; the member sees theirs', async () => {
    const treasurerPage = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(treasurerPage, { clubName: 'Clube Família' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const cookie = (await treasurerPage.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await e2e.server.app.inject({ method, url, headers: { cookie, 'x-trilha-client': 'web' }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    // The child has an account; the guardian registers and is linked, with consent, to the child's membership.
    const childPage = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await signUp(childPage, { name: 'Nina Prado' });
    const guardianPage = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await signUp(guardianPage, { name: 'Paula Prado' });
    const [nina] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Nina Prado'`);
    const [paula] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Paula Prado'`);
    const [member] = await e2e.server.db.query<{ id: string }>('INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2) RETURNING id', [club.id, nina.id]);
    const [g] = await e2e.server.db.query<{ id: string }>(
      `INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at)
       VALUES ($1, $2, 'Paula Prado', 'paula@teste.com', 'Mãe', $3, now()) RETURNING id`, [club.id, member.id, paula.id]);
    const [text] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM consent_texts WHERE club_id = $1 AND version = 1`, [club.id]);
    await e2e.server.db.query(
      `INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version) VALUES ($1, $2, $3, $4, $5, 1)`,
      [club.id, member.id, g.id, paula.id, text.id]);
    const cash = await api('POST', `/api/clubs/${club.id}/cash-accounts`, { name: 'Caixa Geral', initial_balance: '0' });
    await api('PUT', `/api/clubs/${club.id}/pix-settings`, { pix_key: 'tesouraria@clube.org', beneficiary_name: 'Clube Familia', city: 'Curitiba' });
    const charge = await api('POST', `/api/clubs/${club.id}/charges`, { profile_id: nina.id, description: 'Acampamento de inverno', amount: '250,00', due_date: isoDay(-10), origin: 'evento' });
    const paid = await api('POST', `/api/clubs/${club.id}/charges/${charge.id}/payments`, { amount: '100,00', cash_account_id: cash.id, method: 'dinheiro', paid_on: isoDay(1) });

    await guardianPage.goto('/familia');
    const charges = guardianPage.getByRole('heading', { name: 'Cobranças' }).locator('..');
    await charges.getByRole('heading', { name: 'Acampamento de inverno' }).waitFor();
    await charges.getByText(brl('150,00')).first().waitFor();
    expect(await charges.getByLabel('PIX copia e cola').inputValue()).toContain('5406150.00');
    await charges.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await expectNoA11yViolations(guardianPage, 'familia with charges');
    await shot(guardianPage, 'familia-360');
    const receiptPopup = guardianPage.waitForEvent('popup');
    await charges.getByRole('link', { name: 'Recibo' }).click();
    const receipt = await receiptPopup;
    await receipt.getByRole('heading', { name: /Recibo nº [A-Z2-9]{8}-1/ }).waitFor();
    await receipt.getByText('Clube Família').first().waitFor();
    // No payer recorded: the receipt names nobody as payer, Nina as whom it was for, the amount in words.
    expect(await receipt.getByRole('article', { name: 'Recibo' }).textContent())
      .toMatch(/Recebemos a quantia de R\$\s100,00 \(cem reais\), referente a Acampamento de inverno \(Evento\) de Nina Prado/);
    await shot(receipt, 'recibo-360');

    // The member: their open charge with its PIX, and the same receipt through their own route.
    await childPage.goto('/dashboard/cobrancas');
    await childPage.getByRole('heading', { name: 'Minhas cobranças' }).waitFor();
    await childPage.getByRole('heading', { name: 'Acampamento de inverno' }).waitFor();
    await childPage.getByRole('link', { name: 'Recibo' }).waitFor();
    await childPage.goto(`/recibo/${club.id}/${paid.payments[0].id}`);
    await childPage.getByRole('button', { name: 'Imprimir recibo' }).waitFor();
    await shot(childPage, 'my-charges-receipt-360');
  });
});
