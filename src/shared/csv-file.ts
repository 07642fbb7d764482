/**
 * The text of a CSV file as its author saw it. Excel in Brazil saves "CSV (separado por vírgulas)" in
 * Windows-1252 with ';'; "CSV UTF-8" adds a BOM; other tools write UTF-8 without one. A file that is not
 * valid UTF-8 is read as Windows-1252 (every byte is a character there), so "Érica" never becomes "�rica".
 */
export function decodeCsvFile(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The model offered for download: the header the import recognises and two example rows. */
export const MEMBER_CSV_MODEL = [
  'nome;e-mail;função;unidade;nascimento',
  'Pedro Santos;;Desbravador(a);Águias;15/03/2014',
  'Érica Gonçalves;erica@exemplo.com;Conselheiro(a);Águias;',
].join('\r\n');

/** Bytes as base64, for a file sent inside JSON (an Excel workbook to import). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
