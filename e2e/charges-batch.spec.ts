import { mkdir, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHARGE_BATCH_MSG } from '../src/shared/charge-batches.js';
import { PIX_MSG } from '../src/shared/pix.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

// Issue 43: a charge for a unit at once, the PIX form saying what the code carries, a receipt that
// names who paid with the amount in words, and 'Quem deve' following a payment made elsewhere.
const e2e = useServerAndBrowser();

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.cwd(), 'e2e', 'screenshots');
async function shot(page: Page, name: string) {
  const file = await screenshot(page, `charges-batch-${name}`);
  await mkdir(SHOTS, { recursive: true });
  if (path.resolve(SHOTS) !== path.dirname(path.resolve(file))) await copyFile(file, path.join(SHOTS, `${name}.png`));
}

interface Club { id: string; cookie: string; api: (method: 'POST' | 'PUT', url: string, payload: object) => Promise<{ id: string; payments: { id: string }[] }> }

async function clubWithKids(page: Page, clubName: string): Promise<Club & { units: Record<string, string>; kids: Record<string, string> }> {
  await registerAndCreateClub(page, { clubName });
  const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
  const units: Record<string, string> = {};
  for (const name of ['Águias', 'Falcões']) {
    units[name] = (await e2e.server.db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, $2) RETURNING id`, [club.id, name]))[0].id;
  }
  const kids: Record<string, string> = {};
  for (const [name, unit] of [['Ana Souza', 'Águias'], ['Bruno Souza', 'Águias'], ['Caio Lima', 'Falcões']]) {
    const [p] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
    const [m] = await e2e.server.db.query<{ id: string }>('INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id', [club.id, p.id, units[unit]]);
    kids[name] = p.id;
    if (name.endsWith('Souza')) {
      await e2e.server.db.query(
        `INSERT INTO member_guardians (club_id, member_id, full_name, email, phone, relationship) VALUES ($1, $2, 'Carla Souza', $3, '(11) 98765-4321', 'Mãe')`,
        [club.id, m.id, `carla.${name.split(' ')[0].toLowerCase()}@teste.com`]);
    }
  }
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await e2e.server.app.inject({ method, url, headers: { cookie, 'x-trilha-client': 'web' }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  return { id: club.id, cookie, api, units, kids };
}

describe('charges for many, PIX form, receipt, quem deve live', () => {
  it('Nova cobrança for a unit at once: its youth are charged once each, even with a double click', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const club = await clubWithKids(page, 'Clube Camiseta');
    await page.goto('/dashboard/cobrancas');
    await page.getByRole('tab', { name: 'Cobranças' }).click();
    await page.getByRole('button', { name: 'Nova cobrança' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova cobrança' });

    // A list with nobody picked: the pt-BR message, nothing written.
    await dialog.getByLabel('Membros escolhidos').check();
    await dialog.getByLabel('Descrição').fill('Camiseta do clube');
    await dialog.getByLabel('Valor por membro (R$)').fill('35,50');
    await dialog.getByRole('button', { name: 'Criar cobranças' }).click();
    await dialog.getByText(CHARGE_BATCH_MSG.membersRequired).waitFor();
    await dialog.getByLabel('Selecionar unidade Águias').check();
    await dialog.getByRole('button', { name: 'Criar 2 cobranças' }).waitFor();
    await expectNoA11yViolations(page, 'nova cobrança para vários');
    await shot(page, 'batch-members-360');

    await dialog.getByLabel('Uma unidade').check();
    await dialog.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Águias (2 desbravadores)' });
    await dialog.getByLabel('Descrição').fill('Camiseta do clube');
    await dialog.getByLabel('Valor por membro (R$)').fill('35,50');
    const create = dialog.getByRole('button', { name: 'Criar 2 cobranças' });
    await create.dblclick();
    await page.getByText(/2 cobranças criadas! Total: R\$\s71,00\./).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText(/2 cobranças criadas!/).count()).toBe(1);
    const rows = await e2e.server.db.query<{ full_name: string }>(
      `SELECT p.full_name FROM charges ch JOIN profiles p ON p.id = ch.profile_id WHERE ch.club_id = $1 ORDER BY 1`, [club.id]);
    expect(rows.map((r) => r.full_name)).toEqual(['Ana Souza', 'Bruno Souza']);
    await page.getByRole('list', { name: 'Cobranças' }).getByRole('button', { name: /Bruno Souza/ }).waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Nova cobrança' }).click();
    await dialog.getByLabel('O clube todo').check();
    await dialog.getByText(/Todos os desbravadores ativos do clube: 3 membros/).waitFor();
    await shot(page, 'batch-club-1280');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('PIX form shows what the code carries and refuses an emoji name; the receipt names the payer, in words, with the full city', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const club = await clubWithKids(page, 'Clube Recibo Claro');
    await page.goto('/dashboard/cobrancas');
    await page.getByRole('tab', { name: 'PIX' }).click();
    await page.getByLabel('Chave PIX').fill('tesouraria@clube.org');
    await page.getByLabel('Nome do beneficiário').fill('🦅🔥');
    await page.getByText(PIX_MSG.nameUnwritable).waitFor();
    await page.getByLabel('Nome do beneficiário').fill('Clube Órion de Desbravadores');
    await page.getByText('Clube Orion de Desbravado', { exact: true }).waitFor();
    await page.getByLabel('Cidade').fill('São José dos Campos');
    await page.getByText('Sao Jose dos Ca', { exact: true }).waitFor();
    await expectNoA11yViolations(page, 'pix form');
    await shot(page, 'pix-form-360');
    await page.getByRole('button', { name: 'Salvar PIX' }).click();
    await page.getByText(PIX_MSG.saved).first().waitFor();

    const cash = await club.api('POST', `/api/clubs/${club.id}/cash-accounts`, { name: 'Caixa Geral', initial_balance: '0' });
    const charge = await club.api('POST', `/api/clubs/${club.id}/charges`, {
      profile_id: club.kids['Ana Souza'], description: 'Mensalidade 11/2026', amount: '150,20', due_date: '2026-11-10', origin: 'mensalidade',
    });
    await page.getByRole('tab', { name: 'Cobranças' }).click();
    await page.getByRole('list', { name: 'Cobranças' }).getByRole('button', { name: /Ana Souza/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Mensalidade 11/2026' });
    const form = dialog.getByRole('form', { name: 'Registrar pagamento' });
    await form.getByLabel('Caixa').selectOption({ label: 'Caixa Geral' });
    await form.getByLabel('Quem pagou').fill('Carla Souza');
    await form.getByRole('button', { name: 'Registrar pagamento' }).click();
    await dialog.getByText(/pago por Carla Souza/).waitFor();
    const [payment] = await e2e.server.db.query<{ id: string }>('SELECT id FROM charge_payments WHERE charge_id = $1', [charge.id]);
    expect(cash.id).toBeTruthy();

    await page.goto(`/recibo/${club.id}/${payment.id}`);
    const receipt = page.getByRole('article', { name: 'Recibo' });
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? '';
    expect(text).toMatch(/Recebemos de Carla Souza a quantia de R\$\s150,20 \(cento e cinquenta reais e vinte centavos\), referente a Mensalidade 11\/2026 de Ana Souza/);
    expect(text).not.toContain('(Mensalidade)');
    expect(text).toContain('São José dos Campos, ');
    await expectNoA11yViolations(page, 'recibo');
    await shot(page, 'recibo-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'recibo-1280');
  });

  it('Quem deve follows a payment made on another device: by its poll, and when coming back to the window', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await page.clock.install();
    const club = await clubWithKids(page, 'Clube Ao Vivo');
    const cash = await club.api('POST', `/api/clubs/${club.id}/cash-accounts`, { name: 'Caixa Geral', initial_balance: '0' });
    const charge = (name: string) => club.api('POST', `/api/clubs/${club.id}/charges`, {
      profile_id: club.kids[name], description: 'Camiseta', amount: '40,00', due_date: '2026-11-10', origin: 'avulsa',
    });
    const ana = await charge('Ana Souza');
    const caio = await charge('Caio Lima');
    await page.goto('/dashboard/cobrancas');
    const list = page.getByRole('region', { name: 'Quem deve' });
    await list.getByText('Caio Lima').waitFor();
    await page.getByText(/Em aberto:\s*R\$\s80,00/).waitFor();

    // Another treasurer records Ana's payment: the list drops her on its next poll, no F5.
    await club.api('POST', `/api/clubs/${club.id}/charges/${ana.id}/payments`, { amount: '40,00', cash_account_id: cash.id, method: 'pix' });
    await page.clock.fastForward(31_000);
    await page.getByText(/Em aberto:\s*R\$\s40,00/).waitFor();
    expect(await list.getByText('Ana Souza').count()).toBe(0);

    // Caio's payment, then the treasurer comes back to the window before the next poll.
    await club.api('POST', `/api/clubs/${club.id}/charges/${caio.id}/payments`, { amount: '40,00', cash_account_id: cash.id, method: 'dinheiro' });
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.getByText('Ninguém deve nada.').waitFor({ timeout: 5_000 });
  });
});
