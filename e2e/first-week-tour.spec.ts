import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FAMILY_MSG } from '../src/shared/families.js';
import { expectNoA11yViolations, mailIn, newPage, registerAndCreateClub, screenshot, uniqueEmail, useServerAndBrowser } from './harness.js';

// A new club's first week, as its director meets it: an Excel file of members, and a guardian invited
// by e-mail on a club that never wrote a consent text. Screenshots: e2e/screenshots/tour-*.png.

const e2e = useServerAndBrowser();
let page: Page;
let clubId: string;
beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { account: { name: 'Diretor Paulo' }, clubName: 'Clube Primeira Semana' });
  [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Primeira Semana'`);
  await e2e.server.db.query(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9'), ($1, 'Órion', '#ec4899')`, [clubId]);
});

describe('first week tour', () => {
  it('an Excel (Windows-1252, ;) file: the preview shows the names, units and functions as saved', async () => {
    // What Excel writes on a Brazilian Windows: Windows-1252 bytes, ';' between columns, CRLF.
    const excel = Buffer.from('Nome;E-mail;FUNÇÃO;Unidade\r\nÉrica Araújo;;Conselheiro(a);aguias\r\nJoão Conceição;;Desbravador(a);ÓRION\r\n', 'latin1');
    await page.getByRole('link', { name: 'Membros' }).click();
    await page.getByRole('button', { name: 'Importar CSV ou Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar membros (CSV ou Excel)' });
    await dialog.locator('#csv-file').setInputFiles({ name: 'membros.csv', mimeType: 'text/csv', buffer: excel });
    await expect.poll(() => dialog.getByLabel('Conteúdo do CSV').inputValue()).toContain('Érica Araújo');
    await dialog.getByRole('button', { name: 'Pré-visualizar' }).click();
    await dialog.getByText('2 linhas prontas para importar.').waitFor();
    const erica = dialog.getByRole('row').filter({ hasText: 'Érica Araújo' });
    expect(await erica.getByText('Conselheiro(a)').count()).toBe(1);
    expect(await erica.getByText('Águias').count()).toBe(1);
    expect(await dialog.getByRole('row').filter({ hasText: 'João Conceição' }).getByText('Órion').count()).toBe(1);
    expect(await dialog.getByText('�').count()).toBe(0);
    await expectNoA11yViolations(page, 'excel preview');
    await screenshot(page, 'tour-01-excel-preview-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await dialog.getByRole('region', { name: 'Tabela da pré-visualização' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'tour-02-excel-preview-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Importar 2 membros' }).click();
    // The preview's own row also reads "Érica Araújo": wait for the dialog to close, then for the list.
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Érica Araújo' }).first().waitFor();
    const saved = await e2e.server.db.query<{ full_name: string; role: string; unit: string }>(
      `SELECT p.full_name, cm.role, u.name AS unit FROM club_members cm JOIN profiles p ON p.id = cm.profile_id JOIN units u ON u.id = cm.unit_id
        WHERE cm.club_id = $1 AND cm.role <> 'admin' ORDER BY cm.role`, [clubId]);
    expect(saved).toEqual([
      { full_name: 'Érica Araújo', role: 'counselor', unit: 'Águias' },
      { full_name: 'João Conceição', role: 'member', unit: 'Órion' },
    ]);
  });

  it('a guardian invited on a new club gets the e-mail, accepts the default term and lands on /familia', async () => {
    const guardianEmail = uniqueEmail('pai');
    const [{ profile_id: kid }] = await e2e.server.db.query<{ profile_id: string }>(
      `SELECT cm.profile_id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.full_name = 'João Conceição'`, [clubId]);
    await e2e.server.db.query(`UPDATE club_members SET birth_date = '2014-05-02' WHERE club_id = $1 AND profile_id = $2`, [clubId, kid]);
    await page.goto(`/dashboard/membros/${kid}`);
    await page.getByRole('button', { name: 'Convidar responsável' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar responsável' });
    await dialog.getByLabel('Nome do responsável').fill('Pedro Pai');
    await dialog.getByLabel('E-mail do responsável').fill(guardianEmail);
    await dialog.getByLabel('Parentesco').selectOption('Pai');
    await dialog.getByRole('button', { name: 'Criar convite' }).click();
    await page.getByRole('dialog', { name: 'Convite criado' }).getByRole('button', { name: 'Fechar' }).first().click();

    // The invitation leaves by e-mail: who invited, the club, the expiry and a link built from PUBLIC_URL.
    const mail = await mailIn(e2e.server, guardianEmail);
    expect(mail.text).toContain('Diretor Paulo (Clube Primeira Semana) convidou você');
    expect(mail.text).toMatch(/O link vale até \d{2}\/\d{2}\/\d{4}/);
    expect(mail.text).toContain('Clube Primeira Semana');
    expect(mail.text).not.toContain('Clube Clube');
    const link = new URL(/https?:\/\/\S+\/responsavel\/\S+/.exec(mail.text)?.[0] ?? 'http://sem-link.invalid/');
    expect(link.pathname).toMatch(/^\/responsavel\//);
    const inbox = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await inbox.setContent(mail.html || `<pre style="white-space:pre-wrap;font-family:sans-serif">${mail.text.replace(/</g, '&lt;')}</pre>`);
    await screenshot(inbox, 'tour-03-guardian-email-360');
    await inbox.context().close();

    await page.getByText(/Convite enviado/).first().waitFor({ timeout: 15_000 });
    const guardian = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await guardian.goto(link.pathname + link.search);
    await guardian.getByRole('heading', { name: 'Acompanhe João Conceição' }).waitFor();
    // The club wrote no consent text: the default term (LGPD art. 14) is there to be read and accepted.
    await guardian.getByText(/art\. 14/).first().waitFor();
    await guardian.getByLabel('Senha', { exact: true }).fill('segredo123');
    await guardian.getByLabel('Confirmar senha').fill('segredo123');
    await guardian.getByRole('button', { name: 'Aceitar' }).click();
    await guardian.getByText(FAMILY_MSG.mustAccept).waitFor();
    await guardian.getByLabel('Li e aceito').check();
    await screenshot(guardian, 'tour-04-guardian-accept-360');
    await guardian.getByRole('button', { name: 'Aceitar' }).click();
    await guardian.waitForURL('**/familia');
    await guardian.getByRole('heading', { name: 'João Conceição' }).waitFor();
    await screenshot(guardian, 'tour-05-familia-360');
    await guardian.context().close();
  });
});
