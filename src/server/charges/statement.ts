import { createHash } from 'node:crypto';
import type Papa from 'papaparse';
import { requireLazily } from '../lazy-module.js';
import { isIsoDate } from '../../shared/finance.js';
import { STATEMENT_MAX_CHARS, STATEMENT_MAX_LINES, STATEMENT_MSG } from '../../shared/statement.js';

/**
 * Bank statements as the big Brazilian banks export them (issue 35), read into plain lines. Pure: no
 * database, no clock. OFX 1.x (SGML: leaf tags are never closed, a header of KEY:VALUE lines) and OFX
 * 2.x (XML) share the <STMTTRN> aggregate; CSV has one header line (after any preamble the bank adds)
 * naming the date, the text and the amount (one signed column, or Crédito and Débito).
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

function cents(text: string): number {
  return Math.round(Number(text) * 100);
}

function centsToText(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
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
  const c = cents(normal);
  return centsToText(negative ? -c : c);
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
function withFingerprints(lines: Omit<StatementLine, 'fingerprint'>[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = l.fitid ? `fitid|${l.fitid}|${l.date}|${l.amount}` : `line|${l.date}|${l.amount}|${l.memo.toUpperCase().replace(/\s+/g, ' ')}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { ...l, fingerprint: createHash('sha256').update(`${key}|${n}`).digest('hex') };
  });
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

function parseOfx(text: string): StatementLine[] {
  const blocks = text.split(/<STMTTRN>/i).slice(1);
  if (blocks.length > STATEMENT_MAX_LINES) throw new StatementError(STATEMENT_MSG.tooManyLines);
  const lines = blocks.map((raw, i) => {
    const line = i + 1;
    // Up to its closing tag, or to whatever follows the list when a bank leaves it open.
    const block = raw.split(/<\/STMTTRN>|<\/BANKTRANLIST>/i)[0];
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
    return { line, date, amount, memo, fitid };
  });
  return withFingerprints(lines);
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

function parseCsv(text: string): StatementLine[] | null {
  const rows = text.split(/\r\n|\n|\r/);
  if (rows.length > STATEMENT_MAX_LINES + 50) throw new StatementError(STATEMENT_MSG.tooManyLines);
  // The header: among the first lines, one naming a date and an amount (banks put account data above it).
  let headerAt = -1;
  let delimiter = ';';
  let columns: (Column | null)[] = [];
  const papa = requireLazily('papaparse') as typeof Papa;
  for (let i = 0; i < Math.min(rows.length, 30); i++) {
    const d = detectDelimiter(rows[i]);
    const cells = papa.parse<string[]>(rows[i], { delimiter: d }).data[0] ?? [];
    const cols = cells.map(columnOf);
    if (cols.includes('date') && (cols.includes('amount') || cols.includes('credit'))) {
      headerAt = i;
      delimiter = d;
      columns = cols;
      break;
    }
  }
  if (headerAt === -1) return null;
  const body = rows.slice(headerAt + 1).join('\n');
  const data = papa.parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy' }).data;
  if (data.length > STATEMENT_MAX_LINES + 20) throw new StatementError(STATEMENT_MSG.tooManyLines);
  const idx = (c: Column) => columns.indexOf(c);
  const memoCols = columns.flatMap((c, i) => (c === 'memo' ? [i] : []));
  const lines: Omit<StatementLine, 'fingerprint'>[] = [];
  // Line numbers as the file shows them (quoted line breaks are rare in statements; approximate then).
  data.forEach((cells, i) => {
    const line = headerAt + 2 + i;
    const cell = (j: number) => (j >= 0 ? (cells[j] ?? '').trim() : '');
    const texts = memoCols.map(cell).filter(Boolean).map((t) => checkText(t, line));
    const memo = texts.join(' · ').slice(0, 500);
    const rawDate = cell(idx('date'));
    // Footers, balances and blank dates ('Saldo anterior', 'SALDO DO DIA', 'Total') are not transactions.
    if (!rawDate || /^saldo\b|^s a l d o|^total\b/i.test(fold(memo))) return;
    const date = parseStatementDate(rawDate);
    if (!date) {
      if (/\d/.test(rawDate)) throw new StatementError(STATEMENT_MSG.badDate(line));
      return;
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
      } else return;
    }
    if (amount === null) throw new StatementError(STATEMENT_MSG.badAmount(line));
    const fitid = cell(idx('fitid')) || null;
    if (fitid) checkText(fitid, line);
    lines.push({ line, date, amount, memo, fitid });
  });
  if (lines.length > STATEMENT_MAX_LINES) throw new StatementError(STATEMENT_MSG.tooManyLines);
  return withFingerprints(lines);
}

/** Reads a statement file's text; throws StatementError with the pt-BR reason when it cannot. */
export function parseStatement(text: string): ParsedStatement {
  if (text.length > STATEMENT_MAX_CHARS) throw new StatementError(STATEMENT_MSG.tooBig);
  const clean = text.replace(/^\uFEFF/, '');
  if (!clean.trim()) throw new StatementError(STATEMENT_MSG.empty);
  const parsed: ParsedStatement | null = looksLikeOfx(clean)
    ? { format: 'ofx', lines: parseOfx(clean) }
    : (() => {
        const lines = parseCsv(clean);
        return lines ? { format: 'csv' as const, lines } : null;
      })();
  if (!parsed) throw new StatementError(STATEMENT_MSG.unknownFormat);
  if (parsed.lines.length === 0) throw new StatementError(STATEMENT_MSG.empty);
  return parsed;
}
