import { describe, expect, it } from 'vitest';
import { decodeCsvFile } from '../../shared/csv-file.js';
import { STATEMENT_MSG } from '../../shared/statement.js';
import { parseStatement, parseStatementAmount, parseStatementDate, StatementError } from './statement.js';
import { matchStatement, type MatchCharge } from './statement-match.js';
import { threadCpuMs } from '../../../test/thread-cpu.js';

/** OFX 1.x SGML as Itaú and Bradesco export it: KEY:VALUE header, leaf tags never closed, CHARSET 1252. */
const OFX_SGML = [
  'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252',
  'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '',
  '<OFX>', '<SIGNONMSGSRSV1>', '<SONRS>', '<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>',
  '<DTSERVER>20261031120000[-03:EST]', '<LANGUAGE>POR', '</SONRS>', '</SIGNONMSGSRSV1>',
  '<BANKMSGSRSV1>', '<STMTTRNRS>', '<TRNUID>1001', '<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>',
  '<STMTRS>', '<CURDEF>BRL', '<BANKACCTFROM>', '<BANKID>0341', '<ACCTID>12345-6', '<ACCTTYPE>CHECKING', '</BANKACCTFROM>',
  '<BANKTRANLIST>', '<DTSTART>20261001000000[-03:EST]', '<DTEND>20261031000000[-03:EST]',
  '<STMTTRN>', '<TRNTYPE>CREDIT', '<DTPOSTED>20261005000000[-03:EST]', '<TRNAMT>85.50', '<FITID>20261005001',
  '<CHECKNUM>000001', '<MEMO>PIX TRANSF  MARIA S 05/10 K7M2QX9P', '</STMTTRN>',
  '<STMTTRN>', '<TRNTYPE>DEBIT', '<DTPOSTED>20261006000000[-03:EST]', '<TRNAMT>-12.90', '<FITID>20261006002',
  '<MEMO>TAR PACOTE ITAU', '</STMTTRN>',
  '<STMTTRN>', '<TRNTYPE>CREDIT', '<DTPOSTED>20261008', '<TRNAMT>60,00', '<FITID>20261008003',
  '<NAME>JOAO PEREIRA', '<MEMO>PIX RECEBIDO', '</STMTTRN>',
  '</BANKTRANLIST>', '<LEDGERBAL>', '<BALAMT>1532.60', '<DTASOF>20261031', '</LEDGERBAL>',
  '</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>',
].join('\r\n');

/** OFX 2.x XML as Nubank and Inter export it. */
const OFX_XML = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>
<BANKACCTFROM><BANKID>0260</BANKID><ACCTID>9876543-2</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001000000[-3:BRT]</DTSTART><DTEND>20261031000000[-3:BRT]</DTEND>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261012000000[-3:BRT]</DTPOSTED><TRNAMT>150.00</TRNAMT>
<FITID>6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2b</FITID><MEMO>Transferência recebida pelo Pix - ANA &amp; FILHOS LTDA - •••.123.456-•• - NU PAGAMENTOS</MEMO></STMTTRN>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261013000000[-3:BRT]</DTPOSTED><TRNAMT>-40.00</TRNAMT>
<FITID>6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2c</FITID><MEMO>Compra no débito - Mercado</MEMO></STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

/** Itaú's CSV: no header of its own in the download, so the treasurer's spreadsheet adds one; ';' and '1.234,56'. */
const ITAU_CSV = [
  'data;lançamento;ag./origem;valor (R$);saldos (R$)',
  '01/10/2026;SALDO ANTERIOR;;;1.000,00',
  '05/10/2026;PIX TRANSF MARIA S05/10;;85,50;',
  '06/10/2026;TAR PACOTE;;-12,90;',
  '08/10/2026;PIX TRANSF JOAO P08/10;;1.234,56;',
  '08/10/2026;SALDO DO DIA;;;2.307,16',
].join('\r\n');

/** BB's CSV: quoted, ',' separator, 'Detalhes' beside 'Lançamento', signed values with '.' decimals. */
const BB_CSV = [
  '"Data","Lançamento","Detalhes","N° documento","Valor","Tipo Lançamento"',
  '"30/09/2026","Saldo Anterior","","","1000.00",""',
  '"05/10/2026","Pix - Recebido","05/10 10:15 00012345678 MARIA SILVA","51005","85.50","Entrada"',
  '"06/10/2026","Pix - Enviado","06/10 09:00 PADARIA","61006","-20.00","Saída"',
].join('\n');

/** Nubank's CSV: 'Data,Valor,Identificador,Descrição', ISO-like dd/mm/aaaa, '.' decimals, a UUID per line. */
const NUBANK_CSV = [
  'Data,Valor,Identificador,Descrição',
  '12/10/2026,150.00,6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2b,Transferência recebida pelo Pix - ANA PAULA - •••.123.456-••',
  '13/10/2026,-40.00,6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2c,Compra no débito - Mercado',
].join('\n');

async function refusal(text: string): Promise<string> {
  try {
    await parseStatement(text);
  } catch (err) {
    if (err instanceof StatementError) return err.message;
    throw err;
  }
  return 'accepted';
}

describe('statement amounts and dates', () => {
  it('reads the ways banks write money', () => {
    expect(parseStatementAmount('1.234,56', false)).toBe('1234.56');
    expect(parseStatementAmount('-50,00', false)).toBe('-50.00');
    expect(parseStatementAmount('50.5', true)).toBe('50.50');
    expect(parseStatementAmount('1.234', false)).toBe('1234.00');
    expect(parseStatementAmount('R$ 10,00', false)).toBe('10.00');
    expect(parseStatementAmount('10,00 D', false)).toBe('-10.00');
    expect(parseStatementAmount('(7,10)', false)).toBe('-7.10');
    expect(parseStatementAmount('10,555', false)).toBeNull();
    expect(parseStatementAmount('dez', false)).toBeNull();
    expect(parseStatementAmount('', true)).toBeNull();
  });
  it('reads dd/mm/aaaa and refuses impossible days', () => {
    expect(parseStatementDate('05/10/2026')).toBe('2026-10-05');
    expect(parseStatementDate('5/10/26')).toBe('2026-10-05');
    expect(parseStatementDate('2026-10-05')).toBe('2026-10-05');
    expect(parseStatementDate('31/02/2026')).toBeNull();
  });
});

describe('OFX', () => {
  it('1.x SGML (Itaú, Bradesco, BB, Caixa): every transaction, signed, with its FITID', async () => {
    const { format, lines } = await parseStatement(OFX_SGML);
    expect(format).toBe('ofx');
    expect(lines.map(({ line, date, amount, memo, fitid }) => ({ line, date, amount, memo, fitid }))).toEqual([
      { line: 1, date: '2026-10-05', amount: '85.50', memo: 'PIX TRANSF  MARIA S 05/10 K7M2QX9P', fitid: '20261005001' },
      { line: 2, date: '2026-10-06', amount: '-12.90', memo: 'TAR PACOTE ITAU', fitid: '20261006002' },
      { line: 3, date: '2026-10-08', amount: '60.00', memo: 'JOAO PEREIRA · PIX RECEBIDO', fitid: '20261008003' },
    ]);
    expect(new Set(lines.map((l) => l.fingerprint)).size).toBe(3);
    expect(lines[0].fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('1.x in Windows-1252 bytes keeps the accents', async () => {
    const text = OFX_SGML.replace('PIX RECEBIDO', 'PIX RECEBIDO JOÃO CONCEIÇÃO');
    const bytes = Uint8Array.from([...text].map((ch) => ({ Ã: 0xc3, Ç: 0xc7 } as Record<string, number>)[ch] ?? ch.charCodeAt(0)));
    expect((await parseStatement(decodeCsvFile(bytes))).lines[2].memo).toBe('JOAO PEREIRA · PIX RECEBIDO JOÃO CONCEIÇÃO');
  });

  it('2.x XML (Nubank, Inter): entities decoded', async () => {
    const { lines } = await parseStatement(OFX_XML);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ date: '2026-10-12', amount: '150.00', fitid: '6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2b' });
    expect(lines[0].memo).toContain('ANA & FILHOS LTDA');
    expect(lines[1].amount).toBe('-40.00');
  });

  it('the same file read twice gives the same fingerprints', async () => {
    expect((await parseStatement(OFX_SGML)).lines.map((l) => l.fingerprint)).toEqual((await parseStatement(OFX_SGML)).lines.map((l) => l.fingerprint));
  });

  it('refuses a formula in a text, an unreadable date or amount', async () => {
    expect(await refusal(OFX_SGML.replace('<MEMO>TAR PACOTE ITAU', '<MEMO>=HYPERLINK("http://x")'))).toBe(STATEMENT_MSG.formula(2));
    expect(await refusal(OFX_SGML.replace('<NAME>JOAO PEREIRA', '<NAME>@SUM(A1)'))).toBe(STATEMENT_MSG.formula(3));
    expect(await refusal(OFX_SGML.replace('<DTPOSTED>20261008', '<DTPOSTED>20261308'))).toBe(STATEMENT_MSG.badDate(3));
    expect(await refusal(OFX_SGML.replace('<TRNAMT>60,00', '<TRNAMT>sessenta'))).toBe(STATEMENT_MSG.badAmount(3));
  });
});

describe('CSV', () => {
  it("Itaú ('; ', '1.234,56'): balance lines skipped", async () => {
    const { format, lines } = await parseStatement(ITAU_CSV);
    expect(format).toBe('csv');
    expect(lines.map(({ line, date, amount, memo }) => ({ line, date, amount, memo }))).toEqual([
      { line: 3, date: '2026-10-05', amount: '85.50', memo: 'PIX TRANSF MARIA S05/10' },
      { line: 4, date: '2026-10-06', amount: '-12.90', memo: 'TAR PACOTE' },
      { line: 5, date: '2026-10-08', amount: '1234.56', memo: 'PIX TRANSF JOAO P08/10' },
    ]);
  });

  it('BB (quoted, ",", Lançamento and Detalhes)', async () => {
    const { lines } = await parseStatement(BB_CSV);
    expect(lines.map((l) => [l.date, l.amount, l.memo])).toEqual([
      ['2026-10-05', '85.50', 'Pix - Recebido · 05/10 10:15 00012345678 MARIA SILVA'],
      ['2026-10-06', '-20.00', 'Pix - Enviado · 06/10 09:00 PADARIA'],
    ]);
  });

  it('Nubank: the Identificador is the FITID', async () => {
    const { lines } = await parseStatement(NUBANK_CSV);
    expect(lines.map((l) => [l.date, l.amount, l.fitid])).toEqual([
      ['2026-10-12', '150.00', '6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2b'],
      ['2026-10-13', '-40.00', '6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2c'],
    ]);
  });

  it('Crédito and Débito columns, preamble lines above the header, Windows-1252 bytes', async () => {
    const text = [
      'Extrato de conta corrente', 'Agência: 1234 Conta: 56789-0', '',
      'Data;Histórico;Docto.;Crédito (R$);Débito (R$);Saldo (R$)',
      '05/10/2026;PIX RECEBIDO - JOSÉ;123;85,50;;',
      '06/10/2026;TARIFA;124;;12,90;',
    ].join('\r\n');
    const bytes = Uint8Array.from([...text].map((ch) => ({ É: 0xc9, ó: 0xf3, é: 0xe9 } as Record<string, number>)[ch] ?? ch.charCodeAt(0)));
    const { lines } = await parseStatement(decodeCsvFile(bytes));
    expect(lines.map((l) => [l.line, l.amount, l.memo])).toEqual([[5, '85.50', 'PIX RECEBIDO - JOSÉ'], [6, '-12.90', 'TARIFA']]);
  });

  it('two equal lines (same day, amount and text) get different fingerprints', async () => {
    const text = 'Data;Descrição;Valor\n05/10/2026;PIX RECEBIDO;50,00\n05/10/2026;PIX RECEBIDO;50,00\n';
    const [a, b] = (await parseStatement(text)).lines;
    expect(a.fingerprint).not.toBe(b.fingerprint);
  });

  it('refuses a formula, an unknown layout, an empty or too long file', async () => {
    expect(await refusal('Data;Descrição;Valor\n05/10/2026;=1+1;50,00\n')).toBe(STATEMENT_MSG.formula(2));
    expect(await refusal('Data;Descrição;Valor\n05/10/2026;+55 11 99999;50,00\n')).toBe(STATEMENT_MSG.formula(2));
    expect(await refusal('Data;Descrição;Valor\n05/10/2026;-cmd|calc;50,00\n')).toBe(STATEMENT_MSG.formula(2));
    expect(await refusal('Data;Descrição;Valor\n05/10/2026;PIX;-50,00\n')).toBe('accepted');
    expect(await refusal('Data;Descrição;Valor\n32/10/2026;PIX;50,00\n')).toBe(STATEMENT_MSG.badDate(2));
    expect(await refusal('Data;Descrição;Valor\n05/10/2026;PIX;cinquenta\n')).toBe(STATEMENT_MSG.badAmount(2));
    expect(await refusal('nome;e-mail\nAna;ana@x.org\n')).toBe(STATEMENT_MSG.unknownFormat);
    expect(await refusal('%PDF-1.7 binary')).toBe(STATEMENT_MSG.unknownFormat);
    expect(await refusal('   \n')).toBe(STATEMENT_MSG.empty);
    expect(await refusal('Data;Descrição;Valor\n')).toBe(STATEMENT_MSG.empty);
    expect(await refusal(`Data;Descrição;Valor\n${'05/10/2026;PIX;1,00\n'.repeat(5_001)}`)).toBe(STATEMENT_MSG.tooManyLines);
    expect(await refusal(`OFXHEADER:100\n<OFX>${'<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261005<TRNAMT>1.00</STMTTRN>'.repeat(5_001)}`)).toBe(STATEMENT_MSG.tooManyLines);
    expect(await refusal('x'.repeat(5_000_001))).toBe(STATEMENT_MSG.tooBig);
  });
});

describe('hostile files (issue 43): bounded work, refused in pt-BR, the event loop never held', () => {
  const OFX_HEAD = 'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKTRANLIST>\n';
  /** The most CPU time (ms, of this thread) the event loop spent between two turns of a 1 ms timer while `work` ran. */
  async function longestBlock(work: () => Promise<unknown>): Promise<number> {
    let last = threadCpuMs();
    let worst = 0;
    const timer = setInterval(() => {
      const now = threadCpuMs();
      worst = Math.max(worst, now - last);
      last = now;
    }, 1);
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
    return Math.max(worst, threadCpuMs() - last);
  }

  it.each([
    ['a 5 MB line of separators', ';'.repeat(4_999_000), STATEMENT_MSG.lineTooLong(1)],
    ['30 lines of 160,000 commas', Array.from({ length: 30 }, () => ','.repeat(160_000)).join('\n'), STATEMENT_MSG.lineTooLong(1)],
    ['a header, then a line of 160,000 commas', `Data;Histórico;Valor\n${','.repeat(160_000)}`, STATEMENT_MSG.lineTooLong(2)],
    ['a row of 51 cells', `Data;Histórico;Valor\n05/10/2026;PIX;1,00${';'.repeat(48)}`, STATEMENT_MSG.tooManyFields(2)],
    ['a quoted cell running over 2,000 characters across lines', `Data;Histórico;Valor\n05/10/2026;"${'PIX\n'.repeat(600)}";1,00`, STATEMENT_MSG.lineTooLong(2)],
    ['an OFX memo of 900,000 &amp;', `${OFX_HEAD}<STMTTRN>\n<DTPOSTED>20261005\n<TRNAMT>10.00\n<FITID>1\n<MEMO>${'&amp;'.repeat(900_000)}\n</STMTTRN>\n</BANKTRANLIST></OFX>`, STATEMENT_MSG.ofxTransactionTooBig(1)],
    ['an OFX transaction left open with 5 MB after it', `${OFX_HEAD}<STMTTRN>\n<DTPOSTED>20261005\n<TRNAMT>10.00\n<MEMO>${'A'.repeat(4_900_000)}`, STATEMENT_MSG.ofxTransactionTooBig(1)],
  ])('%s: refused at once', async (_name, text, message) => {
    const started = threadCpuMs();
    expect(await refusal(text)).toBe(message);
    // The old reader spent 0.4 to 2.2 s of CPU here; bounded, it is a few milliseconds.
    expect(threadCpuMs() - started).toBeLessThan(200);
  });

  it('a quoted cell with a line break is one record, numbered by the line it starts on', async () => {
    const { lines } = await parseStatement('Data;Histórico;Valor\n05/10/2026;"PIX RECEBIDO\nMARIA";1,00\n06/10/2026;TARIFA;-2,00\n');
    expect(lines.map((l) => [l.line, l.memo, l.amount])).toEqual([[2, 'PIX RECEBIDO\nMARIA', '1.00'], [4, 'TARIFA', '-2.00']]);
  });

  it('a real 5,000-line file is read a few milliseconds at a time', async () => {
    const csv = `Data;Histórico;Valor\n${Array.from({ length: 5_000 }, (_, i) => `05/10/2026;PIX RECEBIDO ${'M'.repeat(900)} ${i};1,00`).join('\n')}`;
    const ofxText = OFX_HEAD + Array.from({ length: 5_000 }, (_, i) => `<STMTTRN>\n<DTPOSTED>20261005\n<TRNAMT>${i + 1}.00\n<FITID>${i}\n<MEMO>PIX ${'x'.repeat(800)}\n</STMTTRN>\n`).join('') + '</BANKTRANLIST></OFX>';
    for (const text of [csv, ofxText]) {
      let count = 0;
      // A 2 ms slice: the loop must come back between slices (the old reader held it for the whole file).
      const block = await longestBlock(async () => { count = (await parseStatement(text, 2)).lines.length; });
      expect(count).toBe(5_000);
      expect(block, 'longest event-loop block (ms of CPU)').toBeLessThan(100);
    }
  });
});

describe('matching', () => {
  const charge = (id: string, code: string, open: string, due: string, profile = `p-${id}`): MatchCharge => ({
    id, profile_id: profile, short_code: code, member_name: `Membro ${id}`, description: 'Mensalidade', open_amount: open, due_date: due,
  });
  const line = (n: number, date: string, amount: string, memo: string) => ({ line: n, date, amount, memo, fitid: null, fingerprint: `f${n}`.padEnd(64, '0') });

  it('txid first, then a unique amount due within 30 days; outgoing and imported lines get none', async () => {
    const charges = [charge('a', 'K7M2QX9P', '85.50', '2026-10-10'), charge('b', 'ZZZZ2222', '60.00', '2026-10-10'), charge('c', 'YYYY3333', '60.00', '2026-12-10')];
    const out = await matchStatement([
      line(1, '2026-10-05', '85.50', 'PIX TRANSF MARIA K7M2QX9P'),
      line(2, '2026-10-08', '60.00', 'PIX RECEBIDO'),
      line(3, '2026-10-06', '-12.90', 'TARIFA'),
      line(4, '2026-10-09', '60.00', 'PIX RECEBIDO DE NOVO'),
      line(5, '2026-10-09', '85.50', 'OUTRO'),
    ], charges, new Set([`f5`.padEnd(64, '0')]));
    expect(out.map((r) => [r.status, r.match, r.charge?.id ?? null])).toEqual([
      ['proposta', 'txid', 'a'],
      ['proposta', 'valor_data', 'b'],
      ['saida', null, null],
      // 'b' is spent by line 2 and 'c' is due two months later.
      ['sem_par', null, null],
      ['importada', null, null],
    ]);
  });

  it('never proposes a charge for more than it owes, and two equal candidates propose nothing', async () => {
    const charges = [charge('a', 'K7M2QX9P', '50.00', '2026-10-10'), charge('b', 'B2B2B2B2', '30.00', '2026-10-01'), charge('c', 'C3C3C3C3', '30.00', '2026-10-02')];
    const out = await matchStatement([
      line(1, '2026-10-05', '30.00', 'K7M2QX9P parte 1'),
      line(2, '2026-10-05', '30.00', 'K7M2QX9P parte 2'),
      line(3, '2026-10-05', '20.00', 'K7M2QX9P resto'),
    ], charges, new Set());
    expect(out.map((r) => [r.status, r.charge?.id ?? null, r.charge?.open_amount ?? null])).toEqual([
      ['proposta', 'a', '50.00'],
      // 30 more would pass the 20 left; by amount two charges of 30 fit: none proposed.
      ['sem_par', null, null],
      ['proposta', 'a', '20.00'],
    ]);
  });

  it('by the member\'s or a guardian\'s name in the text, accents and case ignored, before amount and date', async () => {
    const charges = [
      charge('a', 'AAAA1111', '30.00', '2026-10-10', 'pedro'),
      charge('b', 'BBBB2222', '25.00', '2026-11-10', 'pedro'),
      charge('c', 'CCCC3333', '25.00', '2026-10-10', 'lia'),
      charge('d', 'DDDD4444', '40.00', '2026-10-10', 'rui'),
      charge('e', 'EEEE5555', '40.00', '2026-10-10', 'ana'),
    ];
    const payers = [
      { profile_id: 'pedro', name: 'Pedro Henrique Conceição', guardian: false },
      { profile_id: 'lia', name: 'Lia Souza', guardian: false },
      { profile_id: 'rui', name: 'Rui Lima', guardian: false },
      { profile_id: 'ana', name: 'Ana Lima', guardian: false },
      // One guardian of two children who both owe 40,00.
      { profile_id: 'rui', name: 'Marta da Silva Lima', guardian: true },
      { profile_id: 'ana', name: 'Marta da Silva Lima', guardian: true },
      { profile_id: 'lia', name: 'Joana Souza', guardian: true },
    ];
    const out = await matchStatement([
      // Pedro owes 30 (due Oct) and 25 (due Nov): the one of that amount, though Lia's 25 is due nearer.
      line(1, '2026-10-09', '25.00', 'PIX RECEBIDO PEDRO CONCEIÇÃO'),
      // Lia's mother pays 10 of Lia's 25: partial, by the guardian's name.
      line(2, '2026-10-09', '10.00', 'pix transf joana souza'),
      // Marta's name points at two children with 40 each: no guess.
      line(3, '2026-10-09', '40.00', 'PIX MARTA LIMA'),
      // A first name alone points at nobody.
      line(4, '2026-10-09', '30.00', 'PIX PEDRO'),
      // Pedro again for 30: the oldest that can take it.
      line(5, '2026-10-09', '30.00', 'TED PEDRO H CONCEICAO'),
    ], charges, new Set(), { payers });
    expect(out.map((r) => [r.status, r.match, r.charge?.id ?? null, r.payer?.name ?? null, r.payer?.guardian ?? null])).toEqual([
      ['proposta', 'nome', 'b', 'Pedro Henrique Conceição', false],
      ['proposta', 'nome', 'c', 'Joana Souza', true],
      ['sem_par', null, null, null, null],
      ['sem_par', null, null, null, null],
      ['proposta', 'nome', 'a', 'Pedro Henrique Conceição', false],
    ]);
    expect(out[1].charge?.open_amount).toBe('25.00');
  });
});
