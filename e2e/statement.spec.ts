import { describe, expect, it } from 'vitest';
import { STATEMENT_MSG } from '../src/shared/statement.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/** An OFX 1.x (SGML) as Itaú exports it, in Windows-1252 bytes like the bank's download. */
function itauOfx(lines: Array<{ date: string; amount: string; memo: string; fitid: string }>): Buffer {
  const trn = lines.map((l) => [
    '<STMTTRN>', `<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}`, `<DTPOSTED>${l.date.replace(/-/g, '')}000000[-03:EST]`,
    `<TRNAMT>${l.amount}`, `<FITID>${l.fitid}`, `<MEMO>${l.memo}`, '</STMTTRN>',
  ].join('\r\n'));
  const text = [
    'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252', 'COMPRESSION:NONE',
    'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '', '<OFX>', '<BANKMSGSRSV1>', '<STMTTRNRS>', '<STMTRS>', '<CURDEF>BRL',
    '<BANKACCTFROM>', '<BANKID>0341', '<ACCTID>12345-6', '<ACCTTYPE>CHECKING', '</BANKACCTFROM>', '<BANKTRANLIST>',
    ...trn, '</BANKTRANLIST>', '</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '',
  ].join('\r\n');
  return Buffer.from(text, 'latin1');
}

describe('statement reconciliation (treasurer)', () => {
  it('imports an OFX: a txid and a name match, a credit matched by hand, a fee posted as an expense; all confirmed at once; the same file again proposes nothing', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 1280, height: 900 });
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube Extrato' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [joana] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Joana Conceição') RETURNING id`);
    const [davi] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Davi Souza') RETURNING id`);
    for (const p of [joana, davi]) await e2e.server.db.query('INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2)', [club.id, p.id]);
    await e2e.server.db.query(`INSERT INTO cash_accounts (club_id, name) VALUES ($1, 'Conta Itaú')`, [club.id]);
    const [dues] = await e2e.server.db.query<{ id: string; short_code: string }>(
      `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin) VALUES ($1, $2, 'Acampamento', 85.50, '2026-10-10', 'evento') RETURNING id, short_code`,
      [club.id, joana.id]);
    const [camp] = await e2e.server.db.query<{ id: string; short_code: string }>(
      `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin) VALUES ($1, $2, 'Uniforme', 120.00, '2026-10-20', 'avulsa') RETURNING id, short_code`,
      [club.id, davi.id]);
    // Due two months after the credit and no name in it: nothing proposes it, the treasurer picks it.
    const [scarf] = await e2e.server.db.query<{ id: string; short_code: string }>(
      `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin) VALUES ($1, $2, 'Lenço', 40.00, '2026-12-20', 'avulsa') RETURNING id, short_code`,
      [club.id, joana.id]);
    const file = {
      name: 'extrato-itau.ofx', mimeType: 'application/x-ofx',
      buffer: itauOfx([
        { date: '2026-10-05', amount: '85.50', memo: `PIX TRANSF JOANA CONCEIÇÃO ${dues.short_code}`, fitid: '20261005001' },
        { date: '2026-10-06', amount: '-12.90', memo: 'TAR PACOTE ITAU', fitid: '20261006002' },
        { date: '2026-10-18', amount: '120.00', memo: 'PIX TRANSF DAVI SOUZA', fitid: '20261018003' },
        { date: '2026-10-19', amount: '40.00', memo: 'PIX RECEBIDO 00012345', fitid: '20261019004' },
      ]),
    };

    await page.goto('/dashboard/cobrancas');
    await page.getByRole('tab', { name: 'Conciliar extrato' }).click();
    await page.getByText('Escolher extrato (OFX ou CSV)').waitFor();
    await screenshot(page, 'statement-01-start-1280');

    // A file that is no statement: a pt-BR message, nothing read.
    await page.locator('#statement-file').setInputFiles({ name: 'membros.csv', mimeType: 'text/csv', buffer: Buffer.from('nome;e-mail\nAna;ana@x.org\n') });
    await page.getByRole('alert').getByText(STATEMENT_MSG.unknownFormat).waitFor();
    await screenshot(page, 'statement-02-unknown-format-1280');

    await page.locator('#statement-file').setInputFiles(file);
    const lines = page.getByTestId('statement-line');
    await expect.poll(() => lines.count()).toBe(4);
    // Windows-1252 read right: the accents of the bank's text survive.
    await page.getByText(`PIX TRANSF JOANA CONCEIÇÃO ${dues.short_code}`).waitFor();
    await page.getByText('Pagamento encontrado pelo código do PIX').waitFor();
    await page.getByText('Pagamento encontrado pelo nome Davi Souza: confira').waitFor();
    await page.getByText('Sem cobrança correspondente').waitFor();
    await page.getByText('Saída (não é recebimento)').waitFor();
    // The txid match is ticked; the amount-and-date one waits for the treasurer.
    const byTxid = page.getByRole('checkbox', { name: /Joana Conceição/ });
    const byAmount = page.getByRole('checkbox', { name: /Davi Souza/ });
    expect(await byTxid.isChecked()).toBe(true);
    expect(await byAmount.isChecked()).toBe(false);
    const confirm = page.getByRole('button', { name: /^Confirmar/ });
    expect(await confirm.textContent()).toContain('Confirmar 1 pagamento');
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoA11yViolations(page, 'statement preview');
    await screenshot(page, 'statement-03-preview-1280');

    await page.setViewportSize({ width: 360, height: 780 });
    await byAmount.check();
    expect(await confirm.textContent()).toContain('Confirmar 2 pagamentos');

    // The credit nobody proposed: picked by hand, searching without the accent.
    await page.getByRole('button', { name: 'Escolher cobrança', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Escolher cobrança' });
    await picker.getByLabel('Buscar por membro, descrição ou código').fill('lenco');
    await picker.getByRole('button', { name: /Joana Conceição · Lenço/ }).click();
    await page.getByText('Cobrança escolhida por você').waitFor();
    expect(await page.getByRole('checkbox', { name: /Lenço/ }).isChecked()).toBe(true);
    expect(await confirm.textContent()).toContain('Confirmar 3 pagamentos');

    // The bank's fee: posted as an expense of a category of the plano de contas.
    await page.getByRole('checkbox', { name: 'Lançar como despesa no caixa' }).check();
    expect(await confirm.textContent()).toContain('Confirmar 3 pagamentos e 1 despesa');
    await page.getByLabel('Caixa do extrato').selectOption({ label: 'Conta Itaú' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Categoria (plano de contas)').selectOption({ label: 'Outras despesas' });
    await screenshot(page, 'statement-04-preview-360');
    expect(await confirm.isDisabled()).toBe(false);
    await expectNoA11yViolations(page, 'statement preview with a pick and an expense');
    await confirm.click();
    await page.getByRole('tabpanel').getByText('3 pagamentos registrados e 1 despesa lançada!').waitFor();
    await page.getByText(/no caixa Conta Itaú/).waitFor();
    await screenshot(page, 'statement-05-done-360');

    const charges = await e2e.server.db.query<{ id: string; paid_amount: string }>(
      'SELECT id, paid_amount::text FROM charges WHERE id = ANY($1) ORDER BY amount', [[dues.id, camp.id, scarf.id]]);
    expect(charges).toEqual([{ id: scarf.id, paid_amount: '40.00' }, { id: dues.id, paid_amount: '85.50' }, { id: camp.id, paid_amount: '120.00' }]);
    const [fee] = await e2e.server.db.query<{ type: string; amount: string; name: string }>(
      `SELECT t.type, t.amount::text, ca.name FROM transactions t JOIN chart_of_accounts ca ON ca.id = t.chart_account_id WHERE t.club_id = $1 AND t.type = 'expense'`, [club.id]);
    expect(fee).toEqual({ type: 'expense', amount: '12.90', name: 'Outras despesas' });

    // The charges list shows both paid; the caixa went up by 205,50.
    await page.getByRole('tab', { name: 'Cobranças' }).click();
    await page.getByText('Acampamento').first().waitFor();
    await expect.poll(() => page.getByText('Paga', { exact: true }).count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'statement-06-charges-paid-360');
    await page.goto('/dashboard/financeiro');
    await page.getByLabel('Saldo de Conta Itaú').getByText(/R\$\s232,60/).waitFor();
    await screenshot(page, 'statement-07-caixa-360');

    // The same file again: both lines already reconciled, nothing to confirm.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/cobrancas');
    await page.getByRole('tab', { name: 'Conciliar extrato' }).click();
    await page.locator('#statement-file').setInputFiles(file);
    await expect.poll(() => page.getByText('Já conciliada antes').count()).toBe(4);
    await page.getByText('Nenhum recebimento do extrato corresponde a uma cobrança em aberto.').waitFor();
    expect(await page.getByRole('button', { name: /^Confirmar/ }).count()).toBe(0);
    await screenshot(page, 'statement-08-reimport-1280');
    const [payments] = await e2e.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charge_payments WHERE club_id = $1', [club.id]);
    expect(payments.n).toBe(3);
  });
});
