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
