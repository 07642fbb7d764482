import type * as Fflate from 'fflate';
import { requireLazily } from './lazy-module.js';

/**
 * The first sheet of an Excel workbook (.xlsx) as rows of text, read with bounded work whatever the file
 * holds (ADR 070): the archive is inflated in small steps and given up past `maxUnzippedBytes` (a zip
 * bomb stops there, not in memory), only the parts a sheet needs are inflated, and rows and columns
 * past the limits stop the reading. Dates come out as 'dd/mm/aaaa', as a Brazilian typed them.
 */
export interface XlsxLimits {
  maxRows: number;
  maxColumns: number;
  /** Every part inflated, added up. */
  maxUnzippedBytes: number;
}

export type XlsxProblem = 'not_xlsx' | 'old_xls' | 'too_big' | 'too_many_rows' | 'too_many_columns';

export class XlsxError extends Error {
  constructor(readonly problem: XlsxProblem) {
    super(`xlsx: ${problem}`);
  }
}

/** A row of the sheet: its number as Excel shows it and its cells, '' where empty. */
export interface XlsxRow {
  line: number;
  cells: string[];
}

const PARTS = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets\/[^/]+\.xml)$/;
const STEP = 16 * 1024;
const MAX_ENTRIES = 2000;

/** The parts of the archive a sheet needs, inflated within the byte budget. */
function unzipParts(bytes: Uint8Array, maxBytes: number): Map<string, string> {
  const fflate = requireLazily('fflate') as typeof Fflate;
  const chunks = new Map<string, Uint8Array[]>();
  let total = 0;
  let entries = 0;
  let problem: XlsxProblem | null = null;
  // A part cut off before its end (a truncated download) is not read as if it were whole.
  const unfinished = new Set<string>();
  const unzip = new fflate.Unzip((file) => {
    if (++entries > MAX_ENTRIES) problem ??= 'too_big';
    if (problem || !PARTS.test(file.name)) return;
    if (file.originalSize !== undefined && file.originalSize > maxBytes) {
      problem = 'too_big';
      return;
    }
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    unfinished.add(file.name);
    file.ondata = (err, data, final) => {
      if (problem) return;
      if (err) {
        problem = 'not_xlsx';
        return;
      }
      total += data.length;
      if (total > maxBytes) {
        problem = 'too_big';
        file.terminate();
        return;
      }
      parts.push(data);
      if (final) unfinished.delete(file.name);
    };
    try {
      file.start();
    } catch {
      problem = 'not_xlsx';
    }
  });
  unzip.register(fflate.UnzipInflate);
  try {
    // Small steps: each one inflates at most about STEP × 1032 bytes before the budget is checked again.
    for (let at = 0; at < bytes.length && !problem; at += STEP) unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  } catch {
    problem ??= 'not_xlsx';
  }
  if (!problem && unfinished.size > 0) problem = 'not_xlsx';
  if (problem) throw new XlsxError(problem);
  const decoder = new TextDecoder('utf-8');
  const texts = new Map<string, string>();
  for (const [name, parts] of chunks) {
    const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      whole.set(p, at);
      at += p.length;
    }
    texts.set(name, decoder.decode(whole));
  }
  return texts;
}

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text → the characters it stands for; Excel's own _xHHHH_ escapes too. */
function xmlText(raw: string): string {
  return raw
    .replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      const code = hex ? parseInt(hex, 16) : dec ? Number(dec) : -1;
      if (name) return NAMED[name.toLowerCase()] ?? '';
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const attr = (attrs: string, name: string): string | undefined => new RegExp(`(?:^|\\s)${name}=["']([^"']*)["']`).exec(attrs)?.[1];

/** The text runs of a string item (<t>), leaving out the phonetic guides (<rPh>). */
function runsText(xml: string): string {
  const body = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let text = '';
  for (const m of body.matchAll(/<(?:\w+:)?t\b[^>]*>([\s\S]*?)<\/(?:\w+:)?t>/g)) text += m[1] ?? '';
  return xmlText(text);
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g)].map((m) => runsText(m[1] ?? ''));
}

/** Built-in number formats that show a date (ECMA-376 18.8.30, with the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);

/** A custom format code shows a date when, quoted text and [colours] aside, it has a day or a year. */
function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '');
  return /[dy]/i.test(bare);
}

/** Which cell styles (the `s` index) show a date. */
function dateStyles(xml: string | undefined): Set<number> {
  const dates = new Set<number>();
  if (!xml) return dates;
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b([^>]*)>/g)) {
    const id = Number(attr(m[1] ?? '', 'numFmtId'));
    custom.set(id, xmlText(attr(m[1] ?? '', 'formatCode') ?? ''));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  let index = 0;
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b([^>]*)>/g)) {
    const id = Number(attr(m[1] ?? '', 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormatCode(code) : DATE_FORMAT_IDS.has(id)) dates.add(index);
    index++;
  }
  return dates;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel date serial (days since 30/12/1899, or since 01/01/1904 in Mac workbooks) → 'dd/mm/aaaa'. */
function serialToBrDate(serial: number, date1904: boolean): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const d = new Date(epoch + Math.floor(serial) * 86_400_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** 'A' → 0, 'AB' → 27; -1 for no letters. */
function columnIndex(ref: string | undefined): number {
  const letters = /^[A-Z]+/i.exec(ref ?? '')?.[0];
  if (!letters || letters.length > 3) return letters ? Number.MAX_SAFE_INTEGER : -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The sheet's file: the first <sheet> of the workbook, through its relationship. */
function firstSheetPath(parts: Map<string, string>): string {
  const workbook = parts.get('xl/workbook.xml') ?? '';
  const rid = /<(?:\w+:)?sheet\b([^>]*)>/.exec(workbook)?.[1];
  const id = rid ? /\br:id=["']([^"']*)["']/.exec(rid)?.[1] ?? /\bid=["']([^"']*)["']/.exec(rid)?.[1] : undefined;
  const rels = parts.get('xl/_rels/workbook.xml.rels') ?? '';
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    if (attr(m[1] ?? '', 'Id') !== id) continue;
    const target = attr(m[1] ?? '', 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

/** The text a cell shows (dates as dd/mm/aaaa). */
function cellText(attrs: string, body: string, strings: string[], dates: Set<number>, date1904: boolean): string {
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return runsText(/<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/.exec(body)?.[1] ?? '');
  const v = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/.exec(body)?.[1];
  if (v === undefined) return '';
  if (type === 's') return strings[Number(v)] ?? '';
  if (type === 'd') {
    const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    return day ? `${day[3]}/${day[2]}/${day[1]}` : xmlText(v);
  }
  if (type === 'n' && dates.has(Number(attr(attrs, 's') ?? 0))) {
    const serial = Number(v);
    if (Number.isFinite(serial) && serial >= 1 && serial < 2_958_466) return serialToBrDate(serial, date1904);
  }
  return xmlText(v);
}

/**
 * Reads the first sheet. Throws {@link XlsxError}: 'old_xls' for an Excel 97–2003 (or encrypted) file,
 * 'not_xlsx' for anything else that is not a workbook, 'too_big' past the byte budget, and
 * 'too_many_rows' / 'too_many_columns' past the limits. Empty rows are left out.
 */
export function readFirstSheet(bytes: Uint8Array, limits: XlsxLimits): XlsxRow[] {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) throw new XlsxError('old_xls');
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw new XlsxError('not_xlsx');
  const parts = unzipParts(bytes, limits.maxUnzippedBytes);
  const sheet = parts.get(firstSheetPath(parts));
  if (sheet === undefined || !parts.has('xl/workbook.xml')) throw new XlsxError('not_xlsx');
  const strings = sharedStrings(parts.get('xl/sharedStrings.xml'));
  const dates = dateStyles(parts.get('xl/styles.xml'));
  const workbookPr = /<(?:\w+:)?workbookPr\b([^>]*)>/.exec(parts.get('xl/workbook.xml') ?? '')?.[1] ?? '';
  const date1904 = /^(1|true)$/.test(attr(workbookPr, 'date1904') ?? '');

  const rows: XlsxRow[] = [];
  let nextLine = 1;
  for (const r of sheet.matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const line = Number(attr(r[1] ?? '', 'r') ?? nextLine);
    nextLine = line + 1;
    const cells: string[] = [];
    let nextColumn = 0;
    for (const c of (r[2] ?? '').matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const attrs = c[1] ?? '';
      const at = columnIndex(attr(attrs, 'r'));
      const column = at >= 0 ? at : nextColumn;
      nextColumn = column + 1;
      const text = cellText(attrs, c[2] ?? '', strings, dates, date1904);
      if (text === '') continue;
      if (column >= limits.maxColumns) throw new XlsxError('too_many_columns');
      while (cells.length < column) cells.push('');
      cells[column] = text;
    }
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (rows.length >= limits.maxRows) throw new XlsxError('too_many_rows');
    rows.push({ line, cells });
  }
  return rows;
}
