import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MSG } from '../../shared/money.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { STATEMENT_MSG, type TStatementLine, type TStatementPreview } from '../../shared/statement.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let member: Session;
let stranger: Session;
let base: string;
let cash: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, treasurer, secretary, members: [member], stranger, base, cash } = await setUpStaffedClub(ctx, 'Clube Extrato', { members: ['Bruno Membro'], cashAccount: 'Conta Itaú' }));
});
afterAll(() => ctx.close());

async function newCharge(description: string, amount: string, due: string): Promise<{ id: string; short_code: string }> {
  const res = await call(ctx.app, 'POST', `${base}/charges`, {
    as: treasurer, body: { profile_id: member.profile.id, description, amount, due_date: due, origin: 'avulsa' },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

function ofx(lines: Array<{ date: string; amount: string; memo: string; fitid: string }>): string {
  const trn = lines.map((l) => `<STMTTRN>\n<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date.replace(/-/g, '')}120000[-03:EST]\n<TRNAMT>${l.amount}\n<FITID>${l.fitid}\n<MEMO>${l.memo}\n</STMTTRN>`);
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKTRANLIST>\n${trn.join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`;
}

const preview = (content: unknown, as: Session = treasurer) => call(ctx.app, 'POST', `${base}/charges/statement/preview`, { as, body: { content } });
const confirm = (body: Record<string, unknown>, as: Session = treasurer) => call(ctx.app, 'POST', `${base}/charges/statement/confirm`, { as, body });
function pairOf(l: TStatementLine) {
  if (!l.charge) throw new Error(`line ${l.line} has no proposal`);
  return { fingerprint: l.fingerprint, charge_id: l.charge.id, amount: l.amount, date: l.date };
}

async function money(): Promise<{ balance: string; payments: number; lines: number; paid: string }> {
  const [row] = await ctx.db.query<{ balance: string; payments: number; lines: number; paid: string }>(
    `SELECT (SELECT current_balance FROM cash_accounts WHERE id = $1) AS balance,
            (SELECT count(*)::int FROM charge_payments) AS payments, (SELECT count(*)::int FROM statement_lines) AS lines,
            (SELECT coalesce(sum(paid_amount), 0)::text FROM charges) AS paid`,
    [cash],
  );
  return row;
}

describe(`statement reconciliation on ${engineName()}`, () => {
  it('two matching lines, one by txid and one by amount and date, are confirmed; the same file again proposes nothing', async () => {
    const dues = await newCharge('Mensalidade de outubro', '85,50', '2026-10-10');
    const camp = await newCharge('Acampamento', '120,00', '2026-10-20');
    const file = ofx([
      { date: '2026-10-05', amount: '85.50', memo: `PIX RECEBIDO MARIA S ${dues.short_code}`, fitid: 'A1' },
      { date: '2026-10-06', amount: '-12.90', memo: 'TAR PACOTE', fitid: 'A2' },
      { date: '2026-10-18', amount: '120.00', memo: 'PIX RECEBIDO JOAO P', fitid: 'A3' },
      { date: '2026-10-19', amount: '7.00', memo: 'PIX RECEBIDO', fitid: 'A4' },
    ]);
    const before = await money();
    const res = await preview(file);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TStatementPreview;
    expect(body.format).toBe('ofx');
    expect(body.lines.map((l) => [l.date, l.amount, l.status, l.match, l.charge?.short_code ?? null])).toEqual([
      ['2026-10-05', '85.50', 'proposta', 'txid', dues.short_code],
      ['2026-10-06', '-12.90', 'saida', null, null],
      ['2026-10-18', '120.00', 'proposta', 'valor_data', camp.short_code],
      ['2026-10-19', '7.00', 'sem_par', null, null],
    ]);
    expect(body.lines[0].charge).toMatchObject({ member_name: 'Bruno Membro', open_amount: '85.50', description: 'Mensalidade de outubro' });
    // The preview writes nothing.
    expect(await money()).toEqual(before);

    const ok = await confirm({ pairs: [pairOf(body.lines[0]), pairOf(body.lines[2])], account_id: cash, method: 'pix' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ recorded: 2, total: '205.50' });
    const after = await money();
    expect(after).toMatchObject({ balance: '205.50', payments: before.payments + 2, lines: before.lines + 2 });
    for (const c of [dues, camp]) {
      const detail = (await call(ctx.app, 'GET', `${base}/charges/${c.id}`, { as: treasurer })).json();
      expect(detail.status).toBe('paga');
      expect(detail.payments[0]).toMatchObject({ method: 'pix', cash_account_id: cash });
    }
    const paidOn = await ctx.db.query<{ paid_on: string }>(`SELECT paid_on::text FROM charge_payments WHERE charge_id = $1`, [dues.id]);
    expect(paidOn).toEqual([{ paid_on: '2026-10-05' }]);

    const again = (await preview(file)).json() as TStatementPreview;
    expect(again.lines.map((l) => l.status)).toEqual(['importada', 'saida', 'importada', 'sem_par']);
    const twice = await confirm({ pairs: [pairOf(body.lines[0])], account_id: cash, method: 'pix' });
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, STATEMENT_MSG.alreadyImportedBy('Lançamento de 05/10/2026 (R$\u00a085,50)', 'Tesoureira')]);
    expect(await money()).toEqual(after);
  });

  it('a confirm whose second payment passes what is owed writes nothing: balances unchanged', async () => {
    const a = await newCharge('Uniforme', '40,00', '2026-09-01');
    const b = await newCharge('Lenço', '15,00', '2026-09-01');
    const before = await money();
    const fp = (n: number) => n.toString(16).padStart(64, 'a');
    const res = await confirm({
      pairs: [
        { fingerprint: fp(1), charge_id: a.id, amount: '40.00', date: '2026-09-02' },
        { fingerprint: fp(2), charge_id: b.id, amount: '15.01', date: '2026-09-02' },
      ],
      account_id: cash, method: 'transferencia',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Lançamento de 02/09/2026 (R$\u00a015,01): O valor passa do que falta pagar (R$ 15,00). Nada foi gravado.');
    expect(await money()).toEqual(before);
    const statuses = await ctx.db.query<{ paid_amount: string }>(`SELECT paid_amount FROM charges WHERE id = ANY($1) ORDER BY amount`, [[a.id, b.id]]);
    expect(statuses).toEqual([{ paid_amount: '0.00' }, { paid_amount: '0.00' }]);
    // An unknown charge or caixa: 404, nothing written either.
    const unknown = await confirm({ pairs: [{ fingerprint: fp(3), charge_id: '00000000-0000-4000-8000-000000000000', amount: '1', date: '2026-09-02' }], account_id: cash });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'Lançamento de 02/09/2026 (R$\u00a01,00): Cobrança não encontrada. Nada foi gravado.']);
    const noCash = await confirm({ pairs: [{ fingerprint: fp(4), charge_id: a.id, amount: '1', date: '2026-09-02' }], account_id: '00000000-0000-4000-8000-000000000000' });
    expect(noCash.statusCode).toBe(404);
    expect(await money()).toEqual(before);
  });

  it('every bad file or body gets its pt-BR message and writes nothing', async () => {
    const before = await money();
    const files: Array<[unknown, string]> = [
      ['', STATEMENT_MSG.fileRequired],
      [undefined, STATEMENT_MSG.fileRequired],
      ['nome;e-mail\nAna;ana@x.org\n', STATEMENT_MSG.unknownFormat],
      ['Data;Histórico;Valor\n05/10/2026;=HYPERLINK("http://x");50,00\n', STATEMENT_MSG.formula(2)],
      ['Data;Histórico;Valor\n', STATEMENT_MSG.empty],
      [`Data;Histórico;Valor\n${'05/10/2026;PIX;1,00\n'.repeat(5_001)}`, STATEMENT_MSG.tooManyLines],
      ['x'.repeat(5_000_001), STATEMENT_MSG.tooBig],
    ];
    for (const [content, message] of files) {
      const res = await preview(content);
      expect([res.statusCode, res.json().error.message], String(content).slice(0, 40)).toEqual([400, message]);
    }
    const pair = { fingerprint: 'b'.repeat(64), charge_id: '00000000-0000-4000-8000-000000000000', amount: '10,00', date: '2026-10-05' };
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{ pairs: [], account_id: cash }, STATEMENT_MSG.pairsRequired],
      [{ account_id: cash }, STATEMENT_MSG.pairsRequired],
      [{ pairs: [pair, pair], account_id: cash }, STATEMENT_MSG.duplicateLine],
      [{ pairs: [{ ...pair, fingerprint: 'xyz' }], account_id: cash }, STATEMENT_MSG.fingerprintInvalid],
      [{ pairs: [{ ...pair, charge_id: 'abc' }], account_id: cash }, STATEMENT_MSG.chargeRequired],
      [{ pairs: [{ ...pair, amount: '' }], account_id: cash }, STATEMENT_MSG.amountRequired],
      [{ pairs: [{ ...pair, amount: '10,555' }], account_id: cash }, MONEY_MSG.decimals],
      [{ pairs: [{ ...pair, date: '' }], account_id: cash }, STATEMENT_MSG.dateRequired],
      [{ pairs: [{ ...pair, date: '2026-02-31' }], account_id: cash }, STATEMENT_MSG.dateInvalid],
      [{ pairs: [pair] }, STATEMENT_MSG.cashAccountRequired],
      [{ pairs: [pair], account_id: cash, method: 'dinheiro' }, STATEMENT_MSG.methodRequired],
    ];
    for (const [body, message] of bodies) {
      const res = await confirm(body);
      expect([res.statusCode, res.json().error.message], JSON.stringify(body).slice(0, 80)).toEqual([400, message]);
    }
    expect(await money()).toEqual(before);
  });

  it('a bank CSV: cancelled and paid charges are never proposed; one line confirmed by two requests at once is recorded once', async () => {
    const open = await newCharge('Inscrição do campori', '47,30', '2026-11-03');
    const cancelled = await newCharge('Camiseta cancelada', '47,30', '2026-11-03');
    expect((await call(ctx.app, 'POST', `${base}/charges/${cancelled.id}/cancel`, { as: treasurer, body: { reason: 'Tamanho errado' } })).statusCode).toBe(200);
    const csv = `Data;Histórico;Docto.;Crédito (R$);Débito (R$)\r\n01/11/2026;PIX RECEBIDO ${cancelled.short_code};1;47,30;\r\n02/11/2026;PIX RECEBIDO - JOSÉ;2;47,30;\r\n`;
    const body = (await preview(csv)).json() as TStatementPreview;
    expect(body.format).toBe('csv');
    // The cancelled charge's code is in line 1, but only the open one can be proposed, and only once.
    expect(body.lines.map((l) => [l.status, l.match, l.charge?.id ?? null])).toEqual([['proposta', 'valor_data', open.id], ['sem_par', null, null]]);
    const before = await money();
    const input = { pairs: [pairOf(body.lines[0])], account_id: cash, method: 'transferencia' };
    const results = await Promise.all([confirm(input), confirm(input)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await money();
    expect(after).toMatchObject({ payments: before.payments + 1, lines: before.lines + 1, balance: (Number(before.balance) + 47.3).toFixed(2) });
    expect(((await preview(csv)).json() as TStatementPreview).lines.map((l) => l.status)).toEqual(['importada', 'sem_par']);
  });

  it('only the treasurer and the direction: a secretary and a member get 403, another club 404', async () => {
    const c = await newCharge('Camiseta', '30,00', '2026-10-01');
    const file = ofx([{ date: '2026-10-02', amount: '30.00', memo: `PIX ${c.short_code}`, fitid: 'P1' }]);
    expect((await preview(file, admin)).statusCode).toBe(200);
    const line = ((await preview(file)).json() as TStatementPreview).lines[0];
    const body = { pairs: [pairOf(line)], account_id: cash, method: 'pix' };
    const before = await money();
    for (const who of [secretary, member]) {
      for (const res of [await preview(file, who), await confirm(body, who)]) {
        expect([res.statusCode, res.json().error.message]).toEqual([403, PERMISSION_MSG.forbidden('charges.manage')]);
      }
    }
    expect((await preview(file, stranger)).statusCode).toBe(404);
    expect((await confirm(body, stranger)).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `${base}/charges/statement/preview`, { body: { content: file } })).statusCode).toBe(401);
    expect(await money()).toEqual(before);
    expect((await confirm(body, admin)).statusCode).toBe(201);
  });
});
