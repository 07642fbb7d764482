import { describe, expect, it } from 'vitest';
import { decodeCsvFile } from '../../shared/csv-file.js';
import { STATEMENT_MSG } from '../../shared/statement.js';
import { parseStatement, parseStatementAmount, parseStatementDate, StatementError } from './statement.js';
import { matchStatement, type MatchCharge } from './statement-match.js';

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

function refusal(text: string): string {
  try {
    parseStatement(text);
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
  it('1.x SGML (Itaú, Bradesco, BB, Caixa): every transaction, signed, with its FITID', () => {
    const { format, lines } = parseStatement(OFX_SGML);
    expect(format).toBe('ofx');
    expect(lines.map(({ line, date, amount, memo, fitid }) => ({ line, date, amount, memo, fitid }))).toEqual([
      { line: 1, date: '2026-10-05', amount: '85.50', memo: 'PIX TRANSF  MARIA S 05/10 K7M2QX9P', fitid: '20261005001' },
      { line: 2, date: '2026-10-06', amount: '-12.90', memo: 'TAR PACOTE ITAU', fitid: '20261006002' },
      { line: 3, date: '2026-10-08', amount: '60.00', memo: 'JOAO PEREIRA · PIX RECEBIDO', fitid: '20261008003' },
    ]);
    expect(new Set(lines.map((l) => l.fingerprint)).size).toBe(3);
    expect(lines[0].fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('1.x in Windows-1252 bytes keeps the accents', () => {
    const text = OFX_SGML.replace('PIX RECEBIDO', 'PIX RECEBIDO JOÃO CONCEIÇÃO');
    const bytes = Uint8Array.from([...text].map((ch) => ({ Ã: 0xc3, Ç: 0xc7 } as Record<string, number>)[ch] ?? ch.charCodeAt(0)));
    expect(parseStatement(decodeCsvFile(bytes)).lines[2].memo).toBe('JOAO PEREIRA · PIX RECEBIDO JOÃO CONCEIÇÃO');
  });

  it('2.x XML (Nubank, Inter): entities decoded', () => {
    const { lines } = parseStatement(OFX_XML);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ date: '2026-10-12', amount: '150.00', fitid: '6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2b' });
    expect(lines[0].memo).toContain('ANA & FILHOS LTDA');
    expect(lines[1].amount).toBe('-40.00');
  });

  it('the same file read twice gives the same fingerprints', () => {
    expect(parseStatement(OFX_SGML).lines.map((l) => l.fingerprint)).toEqual(parseStatement(OFX_SGML).lines.map((l) => l.fingerprint));
  });

  it('refuses a formula in a text, an unreadable date or amount', () => {
    expect(refusal(OFX_SGML.replace('<MEMO>TAR PACOTE ITAU', '<MEMO>=HYPERLINK("http://x")'))).toBe(STATEMENT_MSG.formula(2));
    expect(refusal(OFX_SGML.replace('<NAME>JOAO PEREIRA', '<NAME>@SUM(A1)'))).toBe(STATEMENT_MSG.formula(3));
    expect(refusal(OFX_SGML.replace('<DTPOSTED>20261008', '<DTPOSTED>20261308'))).toBe(STATEMENT_MSG.badDate(3));
    expect(refusal(OFX_SGML.replace('<TRNAMT>60,00', '<TRNAMT>sessenta'))).toBe(STATEMENT_MSG.badAmount(3));
  });
});

describe('CSV', () => {
  it("Itaú ('; ', '1.234,56'): balance lines skipped", () => {
    const { format, lines } = parseStatement(ITAU_CSV);
    expect(format).toBe('csv');
    expect(lines.map(({ line, date, amount, memo }) => ({ line, date, amount, memo }))).toEqual([
      { line: 3, date: '2026-10-05', amount: '85.50', memo: 'PIX TRANSF MARIA S05/10' },
      { line: 4, date: '2026-10-06', amount: '-12.90', memo: 'TAR PACOTE' },
      { line: 5, date: '2026-10-08', amount: '1234.56', memo: 'PIX TRANSF JOAO P08/10' },
    ]);
  });

  it('BB (quoted, ",", Lançamento and Detalhes)', () => {
    const { lines } = parseStatement(BB_CSV);
    expect(lines.map((l) => [l.date, l.amount, l.memo])).toEqual([
      ['2026-10-05', '85.50', 'Pix - Recebido · 05/10 10:15 00012345678 MARIA SILVA'],
      ['2026-10-06', '-20.00', 'Pix - Enviado · 06/10 09:00 PADARIA'],
    ]);
  });

  it('Nubank: the Identificador is the FITID', () => {
    const { lines } = parseStatement(NUBANK_CSV);
    expect(lines.map((l) => [l.date, l.amount, l.fitid])).toEqual([
      ['2026-10-12', '150.00', '6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2b'],
      ['2026-10-13', '-40.00', '6720a1b2-0c1d-4e5f-9a8b-7c6d5e4f3a2c'],
    ]);
  });

  it('Crédito and Débito columns, preamble lines above the header, Windows-1252 bytes', () => {
    const text = [
      'Extrato de conta corrente', 'Agência: 1234 Conta: 56789-0', '',
      'Data;Histórico;Docto.;Crédito (R$);Débito (R$);Saldo (R$)',
      '05/10/2026;PIX RECEBIDO - JOSÉ;123;85,50;;',
      '06/10/2026;TARIFA;124;;12,90;',
    ].join('\r\n');
    const bytes = Uint8Array.from([...text].map((ch) => ({ É: 0xc9, ó: 0xf3, é: 0xe9 } as Record<string, number>)[ch] ?? ch.charCodeAt(0)));
    const { lines } = parseStatement(decodeCsvFile(bytes));
    expect(lines.map((l) => [l.line, l.amount, l.memo])).toEqual([[5, '85.50', 'PIX RECEBIDO - JOSÉ'], [6, '-12.90', 'TARIFA']]);
  });

  it('two equal lines (same day, amount and text) get different fingerprints', () => {
    const text = 'Data;Descrição;Valor\n05/10/2026;PIX RECEBIDO;50,00\n05/10/2026;PIX RECEBIDO;50,00\n';
    const [a, b] = parseStatement(text).lines;
    expect(a.fingerprint).not.toBe(b.fingerprint);
  });

  it('refuses a formula, an unknown layout, an empty or too long file', () => {
    expect(refusal('Data;Descrição;Valor\n05/10/2026;=1+1;50,00\n')).toBe(STATEMENT_MSG.formula(2));
    expect(refusal('Data;Descrição;Valor\n05/10/2026;+55 11 99999;50,00\n')).toBe(STATEMENT_MSG.formula(2));
    expect(refusal('Data;Descrição;Valor\n05/10/2026;-cmd|calc;50,00\n')).toBe(STATEMENT_MSG.formula(2));
    expect(refusal('Data;Descrição;Valor\n05/10/2026;PIX;-50,00\n')).toBe('accepted');
    expect(refusal('Data;Descrição;Valor\n32/10/2026;PIX;50,00\n')).toBe(STATEMENT_MSG.badDate(2));
    expect(refusal('Data;Descrição;Valor\n05/10/2026;PIX;cinquenta\n')).toBe(STATEMENT_MSG.badAmount(2));
    expect(refusal('nome;e-mail\nAna;ana@x.org\n')).toBe(STATEMENT_MSG.unknownFormat);
    expect(refusal('%PDF-1.7 binary')).toBe(STATEMENT_MSG.unknownFormat);
    expect(refusal('   \n')).toBe(STATEMENT_MSG.empty);
    expect(refusal('Data;Descrição;Valor\n')).toBe(STATEMENT_MSG.empty);
    expect(refusal(`Data;Descrição;Valor\n${'05/10/2026;PIX;1,00\n'.repeat(5_001)}`)).toBe(STATEMENT_MSG.tooManyLines);
    expect(refusal(`OFXHEADER:100\n<OFX>${'<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261005<TRNAMT>1.00</STMTTRN>'.repeat(5_001)}`)).toBe(STATEMENT_MSG.tooManyLines);
    expect(refusal('x'.repeat(5_000_001))).toBe(STATEMENT_MSG.tooBig);
  });
});

describe('matching', () => {
  const charge = (id: string, code: string, open: string, due: string): MatchCharge => ({
    id, short_code: code, member_name: `Membro ${id}`, description: 'Mensalidade', open_amount: open, due_date: due,
  });
  const line = (n: number, date: string, amount: string, memo: string) => ({ line: n, date, amount, memo, fitid: null, fingerprint: `f${n}`.padEnd(64, '0') });

  it('txid first, then a unique amount due within 30 days; outgoing and imported lines get none', () => {
    const charges = [charge('a', 'K7M2QX9P', '85.50', '2026-10-10'), charge('b', 'ZZZZ2222', '60.00', '2026-10-10'), charge('c', 'YYYY3333', '60.00', '2026-12-10')];
    const out = matchStatement([
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

  it('never proposes a charge for more than it owes, and two equal candidates propose nothing', () => {
    const charges = [charge('a', 'K7M2QX9P', '50.00', '2026-10-10'), charge('b', 'B2B2B2B2', '30.00', '2026-10-01'), charge('c', 'C3C3C3C3', '30.00', '2026-10-02')];
    const out = matchStatement([
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
});
