import type Papa from 'papaparse';
import { requireLazily } from './lazy-module.js';
import { badRequest } from './core/errors.js';

/**
 * The one CSV writer behind every export (issue 21). Cells are typed:
 * - text (`string`, `null` → empty) is neutralised against formula injection: a value whose first
 *   character is = + - @ tab or CR gets a leading apostrophe, whatever follows (line breaks included),
 *   so a spreadsheet shows it as text and never runs it;
 * - numbers (`number`, or {@link csvNumber} for a decimal already formatted, such as '-12,50') are
 *   written as they are, so a negative amount stays a number the spreadsheet can sum.
 * Cells holding the delimiter, a quote or a line break are quoted (RFC 4180), so a multi-line value
 * stays one cell.
 */
export type CsvCell = string | number | null | undefined | CsvNumber;

/**
 * A numeric cell given as text (a pt-BR decimal). Only an optional minus, digits and one separator are
 * written raw; anything else is treated as text, so a mislabelled cell cannot carry a formula.
 */
export class CsvNumber {
  constructor(readonly text: string) {}
}
export const csvNumber = (text: string) => new CsvNumber(text);

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

/** A text cell as a spreadsheet may safely open it. */
export function neutraliseCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cellText(cell: CsvCell, delimiter: string): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (cell instanceof CsvNumber && PLAIN_NUMBER.test(cell.text)) return cell.text;
  const text = neutraliseCsvText(cell instanceof CsvNumber ? cell.text : cell);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as CSV the way pt-BR spreadsheets open it: ';' separator, CRLF, UTF-8 with a byte-order mark
 * (Excel and LibreOffice detect UTF-8 only with it), a final line break.
 */
export function toCsv(rows: CsvCell[][], opts: { delimiter?: string } = {}): string {
  const delimiter = opts.delimiter ?? ';';
  return `\uFEFF${rows.map((row) => row.map((c) => cellText(c, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}

/** A header cell as the importers compare it: accents, case, outer spaces and `_` folded ('Prova_Automática' → 'prova automatica'). */
export function foldHeader(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase().replace(/[\s_]+/g, ' ');
}

/** What a CSV import accepts: its header words, the columns it needs, its size, and its pt-BR refusals. */
export interface CsvTableRules<Col extends string> {
  /** Folded header text ({@link foldHeader}) → column. */
  header: Readonly<Record<string, Col>>;
  required: readonly NoInfer<Col>[];
  maxRows: number;
  /** A first line with more cells than this is refused as a wrong header (a file of something else). */
  maxColumns?: number;
  msg: { tooMany: string; header: string; unknownColumn: (name: string) => string };
}

/**
 * The one reader of the CSV files people import (the evaluation's items, the year's plan, the
 * requisitos): byte-order mark dropped, separator detected, blank lines skipped, each row with its line
 * in the file (the header is line 1). An unknown column, a missing required one or a file longer than
 * `maxRows` (counted before parsing, quoted line breaks included) is refused with the rules' message.
 */
export function readCsvTable<Col extends string>(content: string, rules: CsvTableRules<Col>): Array<{ line: number } & Partial<Record<Col, string>>> {
  const text = content.replace(/^\uFEFF/, '');
  let lines = 0;
  // Header + rows + a few blank lines; the parse counts exactly later.
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++lines > rules.maxRows * 2 + 1) throw badRequest(rules.msg.tooMany);
  if (rules.maxColumns !== undefined && (text.split(/\r?\n/, 1)[0] ?? '').split(/[;,\t]/).length > rules.maxColumns) throw badRequest(rules.msg.header);
  const unknown: string[] = [];
  const parsed = (requireLazily('papaparse') as typeof Papa).parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => {
      const col = rules.header[foldHeader(h)];
      if (!col && h.trim()) unknown.push(h.trim());
      return col ?? `?${h}`;
    },
  });
  if (unknown.length) throw badRequest(rules.msg.unknownColumn(unknown[0]));
  const fields = parsed.meta.fields ?? [];
  if (rules.required.some((c) => !fields.includes(c))) throw badRequest(rules.msg.header);
  return parsed.data.map((r, i) => ({ line: i + 2, ...(r as Partial<Record<Col, string>>) }));
}
