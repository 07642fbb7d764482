import { strToU8, unzipSync, zipSync } from 'fflate';

/** A cell of a test workbook: text (a shared string), a number, or a day stored as Excel does (a serial with a date style). */
export type XlsxCell = string | number | { date: string } | null;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => (i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : '') + String.fromCharCode(65 + (i % 26));
const serial = (iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);

/**
 * A real .xlsx (the parts Excel writes: content types, workbook and its relationships, shared strings,
 * styles with a dd/mm/yyyy format, one sheet), built as Excel lays it out, for import tests.
 */
export function buildXlsx(rows: XlsxCell[][], opts: { sheetName?: string; extraParts?: Record<string, Uint8Array> } = {}): Uint8Array {
  const strings: string[] = [];
  const sheetRows = rows.map((row, r) => {
    const cells = row.map((cell, c) => {
      const ref = `${column(c)}${r + 1}`;
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      if (typeof cell === 'object') return `<c r="${ref}" s="1"><v>${serial(cell.date)}</v></c>`;
      strings.push(cell);
      return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
    });
    return `<row r="${r + 1}">${cells.join('')}</row>`;
  });
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    '[Content_Types].xml': strToU8(`${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`),
    '_rels/.rels': strToU8(`${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': strToU8(`${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="${esc(opts.sheetName ?? 'Membros')}" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`),
    'xl/styles.xml': strToU8(`${xml}<styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`),
    'xl/sharedStrings.xml': strToU8(`${xml}<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`),
    'xl/worksheets/sheet1.xml': strToU8(`${xml}<worksheet xmlns="${main}" xmlns:r="${rel}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`),
    ...opts.extraParts,
  });
}

/** A workbook whose sheet inflates to `megabytes` of blank XML from a few KB: a zip bomb. */
export function buildXlsxBomb(megabytes: number): Uint8Array {
  const base = buildXlsx([['nome'], ['Ana']]);
  const sheet = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  sheet.set(strToU8('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>nome</t></is></c></row>'));
  return zipSync({ ...unzipSync(base), 'xl/worksheets/sheet1.xml': [sheet, { level: 9 }] });
}

