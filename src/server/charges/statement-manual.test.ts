import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { STATEMENT_MSG, type TStatementCharge, type TStatementLine, type TStatementPreview } from '../../shared/statement.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/**
 * Issue 43, item 20: a credit matched by hand to an open charge, a match suggested by the member's or a
 * guardian's name, and an outgoing line posted as an expense of the caixa; each line once, audited, and
 * two treasurers on one line get one answer each.
 */
let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let pedro: Session;
let stranger: Session;
let base: string;
let clubId: string;
let expenseCategory: string;
let incomeCategory: string;

beforeAll(async () => {
  ctx = await createTestApp();
  let club;
  ({ admin, treasurer, secretary, members: [pedro], stranger, base, club } = await setUpStaffedClub(ctx, 'Clube Conciliação', { members: ['Pedro Conceição', 'Ana Lúcia Prado'] }));
  clubId = club.id;
  const [exp] = await ctx.db.query<{ id: string }>(`SELECT id FROM chart_of_accounts WHERE club_id = $1 AND type = 'expense' AND active ORDER BY name LIMIT 1`, [clubId]);
  const [inc] = await ctx.db.query<{ id: string }>(`SELECT id FROM chart_of_accounts WHERE club_id = $1 AND type = 'income' AND active ORDER BY name LIMIT 1`, [clubId]);
  expenseCategory = exp.id;
  incomeCategory = inc.id;
});
afterAll(() => ctx.close());

async function newCashAccount(name: string): Promise<string> {
  const res = await call(ctx.app, 'POST', `${base}/cash-accounts`, { as: admin, body: { name, initial_balance: '0' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function newCharge(profileId: string, description: string, amount: string, due: string): Promise<{ id: string; short_code: string }> {
  const res = await call(ctx.app, 'POST', `${base}/charges`, { as: treasurer, body: { profile_id: profileId, description, amount, due_date: due, origin: 'avulsa' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const csv = (rows: string[]) => `Data;Histórico;Valor\n${rows.join('\n')}\n`;
const preview = async (content: string, as: Session = treasurer) => {
  const res = await call(ctx.app, 'POST', `${base}/charges/statement/preview`, { as, body: { content } });
  expect(res.statusCode).toBe(200);
  return (res.json() as TStatementPreview).lines;
};
const confirm = (body: Record<string, unknown>, as: Session = treasurer) => call(ctx.app, 'POST', `${base}/charges/statement/confirm`, { as, body });
const search = (q: string, as: Session = treasurer) => call(ctx.app, 'GET', `${base}/charges/statement/charges?q=${encodeURIComponent(q)}`, { as });

async function state(cash: string) {
  const [row] = await ctx.db.query<{ balance: string; payments: number; lines: number; transactions: number }>(
    `SELECT (SELECT current_balance FROM cash_accounts WHERE id = $1) AS balance,
            (SELECT count(*)::int FROM charge_payments) AS payments, (SELECT count(*)::int FROM statement_lines) AS lines,
            (SELECT count(*)::int FROM transactions) AS transactions`,
    [cash],
  );
  return row;
}

const expenseOf = (l: TStatementLine, category = expenseCategory, description = l.memo) =>
  ({ fingerprint: l.fingerprint, amount: l.amount.replace('-', ''), date: l.date, description, chart_account_id: category });

describe(`statement: by hand, by name, and outflows on ${engineName()}`, () => {
  it('a credit with no proposal is matched by hand to a charge found by search; recorded once, audited as manual', async () => {
    const cash = await newCashAccount('Caixa manual');
    const camp = await newCharge(pedro.profile.id, 'Acampamento de verão', '25,00', '2026-10-10');
    const [ana] = await ctx.db.query<{ profile_id: string }>(`SELECT p.id AS profile_id FROM profiles p WHERE p.full_name = 'Ana Lúcia Prado'`);
    await newCharge(ana.profile_id, 'Uniforme', '25,00', '2026-10-10');
    const lines = await preview(csv(['09/10/2026;PIX RECEBIDO P C;25,00']));
    // Two charges of 25,00 and no name: nothing proposed, the treasurer picks.
    expect(lines.map((l) => l.status)).toEqual(['sem_par']);

    const found = await search('conceicao acamp');
    expect(found.statusCode).toBe(200);
    expect((found.json() as TStatementCharge[]).map((c) => [c.id, c.member_name, c.open_amount])).toEqual([[camp.id, 'Pedro Conceição', '25.00']]);
    expect(((await search(camp.short_code.toLowerCase())).json() as TStatementCharge[]).map((c) => c.id)).toEqual([camp.id]);
    expect(((await search('ninguém')).json() as TStatementCharge[])).toEqual([]);

    const before = await state(cash);
    const ok = await confirm({ pairs: [{ fingerprint: lines[0].fingerprint, charge_id: camp.id, amount: lines[0].amount, date: lines[0].date, how: 'manual' }], account_id: cash });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ recorded: 1, total: '25.00', expenses: 0, expenses_total: '0.00' });
    expect(await state(cash)).toMatchObject({ balance: '25.00', payments: before.payments + 1, lines: before.lines + 1 });
    const [line] = await ctx.db.query<{ how: string; created_by: string }>(`SELECT how, created_by FROM statement_lines WHERE fingerprint = $1`, [lines[0].fingerprint]);
    expect(line).toEqual({ how: 'manual', created_by: treasurer.profile.id });
    const [audit] = await ctx.db.query<{ after: { lines: Array<{ how: string; charge_id: string }> } }>(
      `SELECT after FROM audit_log WHERE club_id = $1 AND action = 'charge.statement_import' ORDER BY at DESC LIMIT 1`, [clubId]);
    expect(audit.after.lines).toEqual([expect.objectContaining({ how: 'manual', charge_id: camp.id, fingerprint: lines[0].fingerprint })]);
    // The paid charge is no longer offered.
    expect(((await search('acampamento')).json() as TStatementCharge[])).toEqual([]);
  });

  it("the member's or a guardian's name in the text proposes their charge, accents and case aside", async () => {
    const dues = await newCharge(pedro.profile.id, 'Mensalidade de novembro', '30,00', '2026-11-10');
    const [cm] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, pedro.profile.id]);
    await ctx.db.query(
      `INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship) VALUES ($1, $2, 'Márcia Helena Conceição', 'marcia@example.org', 'Mãe')`,
      [clubId, cm.id],
    );
    const lines = await preview(csv(['02/11/2026;PIX RECEBIDO PEDRO CONCEICAO;30,00', '03/11/2026;pix transf MARCIA HELENA C;30,00']));
    expect(lines.map((l) => [l.status, l.match, l.charge?.id ?? null, l.payer])).toEqual([
      ['proposta', 'nome', dues.id, { name: 'Pedro Conceição', guardian: false }],
      // Pedro's 30,00 is taken by the first line: his mother's transfer finds nothing left to pay.
      ['sem_par', null, null, null],
    ]);
    const second = await newCharge(pedro.profile.id, 'Lenço', '30,00', '2026-11-20');
    const again = await preview(csv(['02/11/2026;PIX RECEBIDO PEDRO CONCEICAO;30,00', '03/11/2026;pix transf MARCIA HELENA C;30,00']));
    expect(again.map((l) => [l.match, l.charge?.id ?? null, l.payer?.guardian ?? null])).toEqual([['nome', dues.id, false], ['nome', second.id, true]]);
  });

  it('an outgoing line is posted as an expense of its category in the caixa, beside a payment, and only once', async () => {
    const cash = await newCashAccount('Caixa saídas');
    const charge = await newCharge(pedro.profile.id, 'Inscrição', '100,00', '2026-12-01');
    const lines = await preview(csv([`01/12/2026;PIX ${charge.short_code};100,00`, '02/12/2026;TAR PACOTE ITAU;-12,90', '03/12/2026;BOLETO ENERGIA;-40,00']));
    expect(lines.map((l) => l.status)).toEqual(['proposta', 'saida', 'saida']);

    // Alone on an empty caixa the expense would leave it below zero: refused, nothing written.
    const before = await state(cash);
    const alone = await confirm({ expenses: [expenseOf(lines[1])], account_id: cash });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.message).toMatch(/^Saída de 02\/12\/2026 \(R\$\s12,90\): Saldo insuficiente no caixa "Caixa saídas".* Nada foi gravado\.$/);
    // An income category for an expense: refused, nothing written.
    const wrongType = await confirm({ pairs: [{ fingerprint: lines[0].fingerprint, charge_id: charge.id, amount: '100.00', date: lines[0].date }], expenses: [expenseOf(lines[1], incomeCategory)], account_id: cash });
    expect([wrongType.statusCode, wrongType.json().error.message]).toEqual([409, 'Saída de 02/12/2026 (R$\u00a012,90): A conta do plano de contas escolhida não é do tipo deste lançamento. Nada foi gravado.']);
    expect(await state(cash)).toEqual(before);

    const ok = await confirm({
      pairs: [{ fingerprint: lines[0].fingerprint, charge_id: charge.id, amount: '100.00', date: lines[0].date, how: 'txid' }],
      expenses: [expenseOf(lines[1], expenseCategory, 'Tarifa do pacote'), expenseOf(lines[2])],
      account_id: cash,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ recorded: 1, total: '100.00', expenses: 2, expenses_total: '52.90' });
    expect(await state(cash)).toMatchObject({ balance: '47.10', lines: before.lines + 3, transactions: before.transactions + 3 });
    const posted = await ctx.db.query<{ type: string; amount: string; description: string; chart_account_id: string; transaction_date: string }>(
      `SELECT type, amount, description, chart_account_id, transaction_date::text FROM transactions WHERE id = ANY($1) ORDER BY amount`, [ok.json().transaction_ids]);
    expect(posted).toEqual([
      { type: 'expense', amount: '12.90', description: 'Tarifa do pacote', chart_account_id: expenseCategory, transaction_date: '2026-12-02' },
      { type: 'expense', amount: '40.00', description: 'BOLETO ENERGIA', chart_account_id: expenseCategory, transaction_date: '2026-12-03' },
    ]);
    const stored = await ctx.db.query<{ amount: string; how: string | null }>(`SELECT amount, how FROM statement_lines WHERE fingerprint = ANY($1) ORDER BY amount`, [lines.map((l) => l.fingerprint)]);
    expect(stored).toEqual([{ amount: '-40.00', how: null }, { amount: '-12.90', how: null }, { amount: '100.00', how: 'txid' }]);
    // register_transaction audited each expense; the import audited the lines.
    const audits = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND entity_id = ANY($2::text[])`, [clubId, ok.json().transaction_ids]);
    expect(audits[0].n).toBe(2);

    // The same file again: every line already done; posting an outflow again names who did it.
    expect((await preview(csv([`01/12/2026;PIX ${charge.short_code};100,00`, '02/12/2026;TAR PACOTE ITAU;-12,90', '03/12/2026;BOLETO ENERGIA;-40,00']))).map((l) => l.status))
      .toEqual(['importada', 'importada', 'importada']);
    const after = await state(cash);
    const twice = await confirm({ expenses: [expenseOf(lines[1])], account_id: cash }, admin);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, STATEMENT_MSG.alreadyImportedBy('Lançamento de 02/12/2026 (R$\u00a012,90)', 'Tesoureira')]);
    expect(await state(cash)).toEqual(after);
  });

  it('two treasurers matching the same line at once: one wins, the other gets a pt-BR conflict naming the winner', async () => {
    const cash = await newCashAccount('Caixa corrida');
    const charge = await newCharge(pedro.profile.id, 'Camiseta', '45,00', '2026-12-05');
    const other = await newCharge(pedro.profile.id, 'Boné', '45,00', '2026-12-05');
    const [line] = await preview(csv(['05/12/2026;PIX SEM NOME;45,00']));
    const before = await state(cash);
    const results = await Promise.all([
      confirm({ pairs: [{ fingerprint: line.fingerprint, charge_id: charge.id, amount: '45.00', date: line.date, how: 'manual' }], account_id: cash }, treasurer),
      confirm({ pairs: [{ fingerprint: line.fingerprint, charge_id: other.id, amount: '45.00', date: line.date, how: 'manual' }], account_id: cash }, admin),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [winner] = await ctx.db.query<{ full_name: string }>(`SELECT p.full_name FROM statement_lines sl JOIN profiles p ON p.id = sl.created_by WHERE sl.fingerprint = $1`, [line.fingerprint]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error.message).toBe(STATEMENT_MSG.alreadyImportedBy('Lançamento de 05/12/2026 (R$\u00a045,00)', winner.full_name));
    expect(await state(cash)).toMatchObject({ balance: '45.00', payments: before.payments + 1, lines: before.lines + 1 });
    const paid = await ctx.db.query<{ paid_amount: string }>(`SELECT paid_amount FROM charges WHERE id = ANY($1)`, [[charge.id, other.id]]);
    expect(paid.map((p) => p.paid_amount).sort()).toEqual(['0.00', '45.00']);
  });

  it('bad bodies get their pt-BR message; only the treasurer and the direction may search or post', async () => {
    const cash = await newCashAccount('Caixa regras');
    const fp = 'c'.repeat(64);
    const expense = { fingerprint: fp, amount: '10,00', date: '2026-12-01', description: 'Tarifa', chart_account_id: expenseCategory };
    const pair = { fingerprint: fp, charge_id: '00000000-0000-4000-8000-000000000000', amount: '10,00', date: '2026-12-01' };
    const before = await state(cash);
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{ pairs: [], expenses: [], account_id: cash }, STATEMENT_MSG.pairsRequired],
      [{ expenses: [{ ...expense, chart_account_id: '' }], account_id: cash }, STATEMENT_MSG.categoryRequired],
      [{ expenses: [{ ...expense, chart_account_id: 'x' }], account_id: cash }, STATEMENT_MSG.categoryRequired],
      [{ expenses: [{ ...expense, description: '   ' }], account_id: cash }, STATEMENT_MSG.expenseDescriptionRequired],
      [{ expenses: [{ ...expense, description: 'x'.repeat(501) }], account_id: cash }, STATEMENT_MSG.expenseDescriptionTooLong],
      [{ expenses: [{ ...expense, amount: '-10,00' }], account_id: cash }, STATEMENT_MSG.amountRequired],
      [{ pairs: [pair], expenses: [expense], account_id: cash }, STATEMENT_MSG.duplicateLine],
      [{ pairs: [{ ...pair, how: 'adivinhado' }], account_id: cash }, STATEMENT_MSG.chargeRequired],
      [{ expenses: 'todas', account_id: cash }, STATEMENT_MSG.pairsRequired],
    ];
    for (const [body, message] of bodies) {
      const res = await confirm(body);
      expect([res.statusCode, res.json().error.message], JSON.stringify(body).slice(0, 90)).toEqual([400, message]);
    }
    const long = await search('x'.repeat(101));
    expect([long.statusCode, long.json().error.message]).toEqual([400, STATEMENT_MSG.searchTooLong]);
    for (const res of [await search('pedro', secretary), await confirm({ expenses: [expense], account_id: cash }, secretary)]) {
      expect([res.statusCode, res.json().error.message]).toEqual([403, PERMISSION_MSG.forbidden('charges.manage')]);
    }
    expect((await search('pedro', stranger)).statusCode).toBe(404);
    expect((await confirm({ expenses: [expense], account_id: cash }, stranger)).statusCode).toBe(404);
    expect((await search('pedro', pedro)).statusCode).toBe(403);
    expect(await state(cash)).toEqual(before);
  });
});
