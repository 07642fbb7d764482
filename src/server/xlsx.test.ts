import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { XlsxError, readFirstSheet, type XlsxProblem } from './xlsx.js';
import { buildXlsx, buildXlsxBomb } from '../../test/xlsx.js';

const limits = { maxRows: 501, maxColumns: 30, maxUnzippedBytes: 8 * 1024 * 1024 };
const problemOf = (bytes: Uint8Array, l = limits): XlsxProblem | 'read' => {
  try {
    readFirstSheet(bytes, l);
    return 'read';
  } catch (err) {
    if (err instanceof XlsxError) return err.problem;
    throw err;
  }
};

describe('readFirstSheet (issue 43: members from Excel)', () => {
  it('reads shared strings, numbers and date-formatted serials as dd/mm/aaaa, skipping empty rows and keeping Excel row numbers', () => {
    const bytes = buildXlsx([
      ['Nome', 'E-mail', 'Nascimento'],
      ['Érica & Cia <x>', null, { date: '2014-03-09' }],
      [],
      ['João', 'joao@teste.com', '31/12/2012', 42],
    ]);
    expect(readFirstSheet(bytes, limits)).toEqual([
      { line: 1, cells: ['Nome', 'E-mail', 'Nascimento'] },
      { line: 2, cells: ['Érica & Cia <x>', '', '09/03/2014'] },
      { line: 4, cells: ['João', 'joao@teste.com', '31/12/2012', '42'] },
    ]);
  });

  it('reads inline strings, built-in date formats, the 1904 date system and prefixed XML', () => {
    const sheet = '<x:worksheet xmlns:x="m"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>nome</x:t></x:is></x:c><x:c r="C1" s="1"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>';
    const bytes = zipSync({
      'xl/workbook.xml': strToU8('<workbook><workbookPr date1904="1"/><sheets><sheet name="A" r:id="rId7"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId7" Target="/xl/worksheets/folha.xml"/></Relationships>'),
      'xl/styles.xml': strToU8('<styleSheet><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>'),
      'xl/worksheets/folha.xml': strToU8(sheet),
    });
    expect(readFirstSheet(bytes, limits)).toEqual([{ line: 1, cells: ['nome', '', '02/01/1904'] }]);
  });

  it('refuses what is not a workbook, an old .xls, a zip bomb, and too many rows or columns, with bounded work', () => {
    expect(problemOf(strToU8('nome;email\nAna;'))).toBe('not_xlsx');
    expect(problemOf(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('old_xls');
    expect(problemOf(zipSync({ 'foto.txt': strToU8('oi') }))).toBe('not_xlsx');
    const truncated = buildXlsx([['nome'], ['Ana']]);
    expect(problemOf(truncated.subarray(0, Math.floor(truncated.length * 0.6)))).not.toBe('read');

    const bomb = buildXlsxBomb(40);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    expect(problemOf(bomb)).toBe('too_big');
    expect(performance.now() - started).toBeLessThan(1000);

    const many = buildXlsx([['nome'], ...Array.from({ length: 501 }, (_, i) => [`Pessoa ${i}`])]);
    expect(problemOf(many)).toBe('too_many_rows');
    expect(problemOf(buildXlsx([['nome'], ...Array.from({ length: 500 }, (_, i) => [`Pessoa ${i}`])]))).toBe('read');
    const wide = buildXlsx([['nome', ...Array.from({ length: 30 }, (_, i) => `c${i}`)]]);
    expect(problemOf(wide)).toBe('too_many_columns');
  });
});
