import { createHash } from 'node:crypto';
import type Papa from 'papaparse';
import { requireLazily } from '../lazy-module.js';
import { isIsoDate } from '../../shared/finance.js';
import { centsToMoney, moneyToCents } from '../../shared/money.js';
import {
  STATEMENT_MAX_CHARS, STATEMENT_MAX_FIELDS, STATEMENT_MAX_LINE_CHARS, STATEMENT_MAX_LINES, STATEMENT_MAX_OFX_TRANSACTION_CHARS, STATEMENT_MSG,
} from '../../shared/statement.js';

/**
 * Bank statements as the big Brazilian banks export them (issue 35), read into plain lines. Pure: no
 * database, no clock. OFX 1.x (SGML: leaf tags are never closed, a header of KEY:VALUE lines) and OFX
 * 2.x (XML) share the <STMTTRN> aggregate; CSV has one header line (after any preamble the bank adds)
 * naming the date, the text and the amount (one signed column, or Crédito and Débito).
 *
 * Bounded work (issue 43): every CSV line, CSV row and OFX transaction has a size limit checked before
 * it is parsed, so no input costs more than a pass over its 5 MB; and the reading hands the event loop
 * back every few milliseconds, so the server keeps answering while a file is read.
 */

export interface StatementLine {
  /** The line in the file (CSV) or the transaction's order in the file (OFX), from 1. */
  line: number;
  /** yyyy-mm-dd. */
  date: string;
  /** Signed, two decimals: '150.00', '-20.50'. */
  amount: string;
  memo: string;
  /** The bank's own id of the transaction (OFX FITID, Nubank's 'Identificador'). */
  fitid: string | null;
  /** sha-256 hex of the FITID (or of date, amount and text) and its occurrence in the file. */
  fingerprint: string;
}

export interface ParsedStatement {
  format: 'ofx' | 'csv';
  lines: StatementLine[];
}

/** A file refused as a whole: its pt-BR message, nothing read. */
export class StatementError extends Error {}

/** A spreadsheet would run it: =, +, @, or - followed by something other than a digit. */
const FORMULA = /^(?:[=+@]|-(?!\d))/;

function checkText(text: string, line: number): string {
  if (FORMULA.test(text)) throw new StatementError(STATEMENT_MSG.formula(line));
  return text;
}

/** Gives the event loop back once `sliceMs` of work have passed since the last time. */
export class EventLoopYielder {
  private since = performance.now();
  constructor(private readonly sliceMs = 8) {}
  async tick(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

/**
 * An amount as banks write it: '1.234,56', '-50,00', '50.00', '1234.5', 'R$ 10,00', '(10,00)', '10,00 D'.
 * `dotIsDecimal`: OFX writes '.' as the decimal point; in a CSV a '.' followed by exactly three digits
 * groups thousands. Null when it is not an amount of at most two decimals.
 */
export function parseStatementAmount(raw: string, dotIsDecimal: boolean): string | null {
  let s = raw.replace(/\s+|R\$/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) { negative = true; s = s.slice(1, -1); }
  if (/[Dd]$/.test(s)) { negative = true; s = s.slice(0, -1); } else if (/[Cc]$/.test(s)) s = s.slice(0, -1);
  if (s.startsWith('-')) { negative = !negative; s = s.slice(1); } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) { negative = !negative; s = s.slice(0, -1); }
  let normal: string;
  if (s.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(s)) return null;
    normal = s.replace(/\./g, '').replace(',', '.');
  } else if (!dotIsDecimal && /^\d{1,3}(\.\d{3})+$/.test(s)) {
    normal = s.replace(/\./g, '');
  } else {
    if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
    normal = s;
  }
  if (normal.replace('.', '').replace(/^0+/, '').length > 14) return null;
  const c = moneyToCents(normal);
  return centsToMoney(negative ? -c : c);
}

/** 'dd/mm/aaaa', 'dd/mm/aa', 'dd-mm-aaaa' or 'aaaa-mm-dd' (a time after it is ignored) → yyyy-mm-dd. */
export function parseStatementDate(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(s);
  if (m) {
    const year = m[3].length === 2 ? `20${m[3]}` : m[3];
    const iso = `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
    return isIsoDate(iso) ? iso : null;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s].*)?$/.exec(s);
  if (m) {
    const iso = `${m[1]}-${m[2]}-${m[3]}`;
    return isIsoDate(iso) ? iso : null;
  }
  return null;
}

/** Gives each line its fingerprint: the same file read twice gives the same ones; two equal lines differ. */
async function withFingerprints(lines: Omit<StatementLine, 'fingerprint'>[], loop: EventLoopYielder): Promise<StatementLine[]> {
  const seen = new Map<string, number>();
  const result: StatementLine[] = [];
  for (const l of lines) {
    const key = l.fitid ? `fitid|${l.fitid}|${l.date}|${l.amount}` : `line|${l.date}|${l.amount}|${l.memo.toUpperCase().replace(/\s+/g, ' ')}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    result.push({ ...l, fingerprint: createHash('sha256').update(`${key}|${n}`).digest('hex') });
    await loop.tick();
  }
  return result;
}

// ——— OFX ———

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

/** A leaf element of an aggregate: its value runs to the next tag or line break (SGML leaves are not closed). */
function ofxField(block: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? decodeEntities(m[1]).trim() : null;
}

export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 4000);
  return /^\s*OFXHEADER\s*:/i.test(head) || /<\?OFX\s/i.test(head) || /<OFX>/i.test(head);
}

/**
 * Each <STMTTRN> aggregate, up to its closing tag (or whatever follows the list when a bank leaves it
 * open), refused when it is longer than any real transaction before anything in it is read.
 */
function* ofxTransactions(text: string): Generator<string> {
  const open = /<STMTTRN>/gi;
  let m = open.exec(text);
  let n = 0;
  while (m) {
    n += 1;
    if (n > STATEMENT_MAX_LINES) throw new StatementError(STATEMENT_MSG.tooManyLines);
    const start = m.index + m[0].length;
    m = open.exec(text);
    const end = m ? m.index : text.length;
    // Looked at only as far as the limit: a 5 MB memo costs one bounded search, not a pass per field.
    const window = text.slice(start, Math.min(end, start + STATEMENT_MAX_OFX_TRANSACTION_CHARS + 1));
    const close = /<\/STMTTRN>|<\/BANKTRANLIST>/i.exec(window);
    if (close) yield window.slice(0, close.index);
    else if (end - start > STATEMENT_MAX_OFX_TRANSACTION_CHARS) throw new StatementError(STATEMENT_MSG.ofxTransactionTooBig(n));
    else yield window;
  }
}

async function parseOfx(text: string, loop: EventLoopYielder): Promise<StatementLine[]> {
  const lines: Omit<StatementLine, 'fingerprint'>[] = [];
  for (const block of ofxTransactions(text)) {
    const line = lines.length + 1;
    const posted = ofxField(block, 'DTPOSTED') ?? '';
    const dm = /^(\d{4})(\d{2})(\d{2})/.exec(posted);
    const date = dm && isIsoDate(`${dm[1]}-${dm[2]}-${dm[3]}`) ? `${dm[1]}-${dm[2]}-${dm[3]}` : null;
    if (!date) throw new StatementError(STATEMENT_MSG.badDate(line));
    const amount = parseStatementAmount(ofxField(block, 'TRNAMT') ?? '', true);
    if (amount === null) throw new StatementError(STATEMENT_MSG.badAmount(line));
    const texts = [ofxField(block, 'NAME'), ofxField(block, 'MEMO')].filter((t): t is string => !!t).map((t) => checkText(t, line));
    const memo = [...new Set(texts)].join(' · ').slice(0, 500);
    const fitid = ofxField(block, 'FITID') || null;
    if (fitid) checkText(fitid, line);
    lines.push({ line, date, amount, memo, fitid });
    await loop.tick();
  }
  return withFingerprints(lines, loop);
}

// ——— CSV ———

type Column = 'date' | 'memo' | 'amount' | 'credit' | 'debit' | 'kind' | 'fitid';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/^\uFEFF/, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** What a header cell names, across Itaú, Bradesco, BB, Caixa, Santander, Nubank, Inter… */
function columnOf(header: string): Column | null {
  const h = fold(header).replace(/\s*\(r\$\)\s*$/, '').replace(/[:.]$/, '');
  if (/^(data|date|data (do )?lancamento|data lancamento|data (da )?movimentacao|dt lancamento|data mov)$/.test(h)) return 'date';
  if (/^(valor|amount|valor do lancamento|valor lancamento|quantia)$/.test(h)) return 'amount';
  if (/^(credito|creditos|entrada|entradas|valor credito)$/.test(h)) return 'credit';
  if (/^(debito|debitos|saida|saidas|valor debito)$/.test(h)) return 'debit';
  if (/^(tipo|tipo lancamento|tipo de lancamento|natureza|c\/d|d\/c)$/.test(h)) return 'kind';
  if (/^(identificador|id|id da transacao|fitid)$/.test(h)) return 'fitid';
  if (/^(lancamento|historico|descricao|memo|detalhes|descricao do lancamento|complemento|title|description|estabelecimento)$/.test(h)) return 'memo';
  return null;
}

function detectDelimiter(line: string): string {
  const count = (c: string) => line.split(c).length - 1;
  const semi = count(';');
  const comma = count(',');
  const tab = count('\t');
  return tab > semi && tab > comma ? '\t' : semi >= comma && semi > 0 ? ';' : ',';
}

/** A CSV record: the file's line where it starts and its text (more than one line when a quoted cell holds a break). */
interface CsvRecord { line: number; text: string }

/**
 * The file's records, read lazily: a record ends at a line break outside quotes (an even count of '"'
 * so far, which "" escapes keep). Each is refused past STATEMENT_MAX_LINE_CHARS and the file past
 * STATEMENT_MAX_LINES + 50 lines (a bank's preamble and footer) before anything else is done with it.
 */
function* csvRecords(text: string): Generator<CsvRecord> {
  const lineBreak = /\r\n|\n|\r/;
  let at = 0;
  let lineNo = 0;
  let pending: CsvRecord | null = null;
  let quotes = 0;
  for (;;) {
    lineNo += 1;
    if (lineNo > STATEMENT_MAX_LINES + 50) throw new StatementError(STATEMENT_MSG.tooManyLines);
    // The break is looked for only as far as a line may run: a 5 MB line costs one bounded search.
    const window = text.slice(at, at + STATEMENT_MAX_LINE_CHARS + 2);
    const b = lineBreak.exec(window);
    const record: CsvRecord = pending ?? { line: lineNo, text: '' };
    const piece = b ? window.slice(0, b.index) : window;
    const tooLong = b ? b.index > STATEMENT_MAX_LINE_CHARS : at + window.length < text.length || window.length > STATEMENT_MAX_LINE_CHARS;
    if (tooLong || record.text.length + piece.length > STATEMENT_MAX_LINE_CHARS) throw new StatementError(STATEMENT_MSG.lineTooLong(record.line));
    record.text = pending ? `${record.text}\n${piece}` : piece;
    for (let i = piece.indexOf('"'); i !== -1; i = piece.indexOf('"', i + 1)) quotes += 1;
    if (quotes % 2 === 0) {
      yield record;
      pending = null;
      quotes = 0;
    } else {
      pending = record;
    }
    if (!b) break;
    at += b.index + b[0].length;
  }
  if (pending) yield pending;
}

function cellsOf(papa: typeof Papa, record: CsvRecord, delimiter: string): string[] {
  const cells = papa.parse<string[]>(record.text, { delimiter }).data[0] ?? [];
  if (cells.length > STATEMENT_MAX_FIELDS) throw new StatementError(STATEMENT_MSG.tooManyFields(record.line));
  return cells;
}

async function parseCsv(text: string, loop: EventLoopYielder): Promise<StatementLine[] | null> {
  const papa = requireLazily('papaparse') as typeof Papa;
  const records = csvRecords(text);
  // The header: among the first lines, one naming a date and an amount (banks put account data above it).
  let delimiter = ';';
  let columns: (Column | null)[] = [];
  let found = false;
  for (let next = records.next(); !next.done; next = records.next()) {
    const record = next.value;
    if (record.line > 30) return null;
    const d = detectDelimiter(record.text);
    const cols = cellsOf(papa, record, d).map(columnOf);
    await loop.tick();
    if (cols.includes('date') && (cols.includes('amount') || cols.includes('credit'))) {
      delimiter = d;
      columns = cols;
      found = true;
      break;
    }
  }
  if (!found) return null;
  const idx = (c: Column) => columns.indexOf(c);
  const memoCols = columns.flatMap((c, i) => (c === 'memo' ? [i] : []));
  const lines: Omit<StatementLine, 'fingerprint'>[] = [];
  for (const record of records) {
    await loop.tick();
    const cells = cellsOf(papa, record, delimiter);
    if (cells.every((c) => !c.trim())) continue;
    const line = record.line;
    const cell = (j: number) => (j >= 0 ? (cells[j] ?? '').trim() : '');
    const texts = memoCols.map(cell).filter(Boolean).map((t) => checkText(t, line));
    const memo = texts.join(' · ').slice(0, 500);
    const rawDate = cell(idx('date'));
    // Footers, balances and blank dates ('Saldo anterior', 'SALDO DO DIA', 'Total') are not transactions.
    if (!rawDate || /^saldo\b|^s a l d o|^total\b/i.test(fold(memo))) continue;
    const date = parseStatementDate(rawDate);
    if (!date) {
      if (/\d/.test(rawDate)) throw new StatementError(STATEMENT_MSG.badDate(line));
      continue;
    }
    let amount: string | null;
    if (idx('amount') >= 0 && cell(idx('amount'))) {
      amount = parseStatementAmount(cell(idx('amount')), false);
      const kind = fold(cell(idx('kind')));
      if (amount && !amount.startsWith('-') && /^(d|debito|saida)\b/.test(kind)) amount = `-${amount}`;
    } else {
      const credit = cell(idx('credit'));
      const debit = cell(idx('debit'));
      if (credit) amount = parseStatementAmount(credit, false);
      else if (debit) {
        const d = parseStatementAmount(debit, false);
        amount = d === null ? null : d.startsWith('-') ? d : `-${d}`;
      } else continue;
    }
    if (amount === null) throw new StatementError(STATEMENT_MSG.badAmount(line));
    const fitid = cell(idx('fitid')) || null;
    if (fitid) checkText(fitid, line);
    lines.push({ line, date, amount, memo, fitid });
  }
  if (lines.length > STATEMENT_MAX_LINES) throw new StatementError(STATEMENT_MSG.tooManyLines);
  return withFingerprints(lines, loop);
}

/**
 * Reads a statement file's text; rejects with StatementError and the pt-BR reason when it cannot.
 * Asynchronous only to give the event loop back while it reads (`sliceMs` of work at a time).
 */
export async function parseStatement(text: string, sliceMs = 8): Promise<ParsedStatement> {
  if (text.length > STATEMENT_MAX_CHARS) throw new StatementError(STATEMENT_MSG.tooBig);
  const clean = text.replace(/^\uFEFF/, '');
  if (!/\S/.test(clean)) throw new StatementError(STATEMENT_MSG.empty);
  const loop = new EventLoopYielder(sliceMs);
  let parsed: ParsedStatement | null;
  if (looksLikeOfx(clean)) parsed = { format: 'ofx', lines: await parseOfx(clean, loop) };
  else {
    const lines = await parseCsv(clean, loop);
    parsed = lines ? { format: 'csv', lines } : null;
  }
  if (!parsed) throw new StatementError(STATEMENT_MSG.unknownFormat);
  if (parsed.lines.length === 0) throw new StatementError(STATEMENT_MSG.empty);
  return parsed;
}
