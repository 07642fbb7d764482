import { describe, expect, it } from 'vitest';
import { readZip } from '../../../test/zip.js';
import { zipStream, type ZipFile } from '../families/zip.js';
import { documentEntryNames, pastaZipName, readMeText } from './pasta-export.js';

const doc = (file_name: string, over: Partial<{ kind: 'rg' | 'comprovante_residencia' | 'foto'; uploaded_at: string; file_mime: string }> = {}) =>
  ({ kind: 'rg' as const, uploaded_at: '2026-03-07T15:00:00.000Z', file_mime: 'image/png', file_name, ...over });

describe("the pasta export's layout (issue 47)", () => {
  it('names each document <kind>-<day>-<name>.<ext>: ASCII, no folder, the day in the club time zone, the extension from the checked type', () => {
    const names = documentEntryNames([
      doc('../../etc/passwd'),
      doc('Certidão de Nascimento — João.PDF', { kind: 'comprovante_residencia', file_mime: 'application/pdf' }),
      // 01:30 UTC is still the evening before in Brasília.
      doc('foto 3×4.jpeg', { kind: 'foto', file_mime: 'image/jpeg', uploaded_at: '2026-03-08T01:30:00.000Z' }),
      doc('..\\..\\x.png'),
      doc('😀.png'),
    ], 'America/Sao_Paulo');
    expect(names).toEqual([
      'documentos/rg-2026-03-07-etc-passwd.png',
      'documentos/comprovante-residencia-2026-03-07-certidao-de-nascimento-joao.pdf',
      'documentos/foto-2026-03-07-foto-3-4.jpg',
      'documentos/rg-2026-03-07-x.png',
      'documentos/rg-2026-03-07-documento.png',
    ]);
  });

  it('two documents of the same kind, day and name get -2, -3; a long name is cut', () => {
    const names = documentEntryNames([doc('rg.png'), doc('RG.png'), doc('rg.png'), doc(`${'a'.repeat(300)}.png`)], 'America/Sao_Paulo');
    expect(names.slice(0, 3)).toEqual(['documentos/rg-2026-03-07-rg.png', 'documentos/rg-2026-03-07-rg-2.png', 'documentos/rg-2026-03-07-rg-3.png']);
    expect(names[3]).toBe(`documentos/rg-2026-03-07-${'a'.repeat(40)}.png`);
  });

  it("the archive is pasta-<member's name>.zip, or the id when the name has no letter", () => {
    expect(pastaZipName({ id: 'abc', full_name: 'Pedro Criança' })).toBe('pasta-pedro-crianca.zip');
    expect(pastaZipName({ id: '7f3e', full_name: '李' })).toBe('pasta-7f3e.zip');
  });

  it('LEIA-ME.txt says in pt-BR what the archive holds, when (club time) and by whom', () => {
    const text = readMeText({
      memberName: 'Ana', clubName: 'Clube Águia', exportedBy: 'Sérgio', exportedAt: new Date('2026-03-08T01:30:00Z'), timeZone: 'America/Sao_Paulo',
      documents: [
        { entry: 'documentos/rg-2026-03-07-rg.png', doc: { kind: 'rg', description: 'frente e verso', file_name: 'rg.png' }, missing: false },
        { entry: 'documentos/foto-2026-03-07-f.png', doc: { kind: 'foto', description: '', file_name: 'f.png' }, missing: true },
      ],
      removed: 2,
    });
    expect(text).toContain('Exportada em 07/03/2026 às 22:30 (horário do clube) por Sérgio');
    expect(text).toContain('- documentos/: o documento guardado na pasta');
    expect(text).toContain('  - documentos/rg-2026-03-07-rg.png: RG (frente e verso)');
    expect(text).toMatch(/não foi encontrado[^]*- f\.png: Foto\r\n/);
    expect(text).toContain('2 documentos retirados da pasta aparecem no histórico de pasta.json');
    expect(text.split('\r\n').every((l) => l.length <= 110)).toBe(true);
  });
});

describe('zipStream from an async source', () => {
  it('asks for the next file only once the reader took the last one, and the archive reads back whole', async () => {
    const big = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
    let pulled = 0;
    async function* files(): AsyncGenerator<ZipFile> {
      for (let i = 0; i < 5; i += 1) {
        pulled += 1;
        yield { name: `f${i}.bin`, content: big, stored: true };
      }
    }
    const out = zipStream(files());
    await new Promise((r) => setTimeout(r, 50));
    // Nobody read yet: one file was taken in, not the five.
    expect(pulled).toBe(1);
    const chunks: Buffer[] = [];
    for await (const c of out) chunks.push(c as Buffer);
    expect(pulled).toBe(5);
    const back = readZip(Buffer.concat(chunks));
    expect([...back.keys()]).toEqual(['f0.bin', 'f1.bin', 'f2.bin', 'f3.bin', 'f4.bin']);
    expect(back.get('f4.bin')?.equals(Buffer.from(big))).toBe(true);
  });

  it('a source that fails ends the stream with its error; a reader that leaves stops the source', async () => {
    async function* failing(): AsyncGenerator<ZipFile> {
      yield { name: 'a.txt', content: 'a' };
      throw new Error('storage down');
    }
    await expect((async () => { for await (const c of zipStream(failing())) void c; })()).rejects.toThrow('storage down');

    let closed = false;
    async function* endless(): AsyncGenerator<ZipFile> {
      try {
        for (let i = 0; ; i += 1) yield { name: `f${i}`, content: new Uint8Array(1024 * 1024), stored: true };
      } finally {
        closed = true;
      }
    }
    const out = zipStream(endless());
    await new Promise((r) => setTimeout(r, 20));
    out.destroy();
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(true);
  });
});
