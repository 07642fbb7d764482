import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { PROGRESS_MSG } from '../../src/shared/progress.js';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';
import { insertTask } from '../gamification.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, member, club } = await setUpClubWithMember(ctx, 'Comprovações'));
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/clubs/${club.id}${path}`;

async function submit(name: string, bytes: Buffer) {
  const taskId = await insertTask(ctx.db, club.id, { title: `Envio ${name}`, type: 'submission' });
  const boundary = '----trilha-evidence';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST', url: url(`/my-tasks/${taskId}/submissions`), payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: member.cookie, 'x-trilha-client': 'web' },
  });
}

/** A minimal zip (deflated entries, local headers and central directory). */
function zip(entries: Record<string, string>, opts: { store?: string[] } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const stored = opts.store?.includes(name) ?? false;
    const data = stored ? raw : deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(raw.length, 22); local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16); central.writeUInt32LE(data.length, 20); central.writeUInt32LE(raw.length, 24); central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(centrals.length / 2, 8); end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// A Windows installer (.msi) is a Compound File Binary, the same container as an old .doc.
const MSI = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(16), Buffer.from('3e000300feff0900', 'hex'), Buffer.alloc(4096)]);
// A Windows executable: 'MZ' header pointing at a 'PE' signature.
const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0); b.writeUInt32LE(0x80, 0x3c); b.write('PE\0\0', 0x80, 'binary'); b.writeUInt16LE(0x14c, 0x84);
  return b;
})();
const CONTENT_TYPES = (main: string) => `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;
const DOCX = zip({ '[Content_Types].xml': CONTENT_TYPES('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'), 'word/document.xml': '<w:document/>' });
const DOCM = zip({ '[Content_Types].xml': CONTENT_TYPES('application/vnd.ms-word.document.macroEnabled.main+xml'), 'word/document.xml': '<w:document/>' });
const ODT = zip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document-content/>' }, { store: ['mimetype'] });
const PLAIN_ZIP = zip({ 'setup.exe': 'MZ' });

describe(`evidence types on ${engineName()}`, () => {
  it.each([
    ['an installer (.msi)', 'instalador.msi', MSI],
    ['an installer renamed .doc', 'trabalho.doc', MSI],
    ['an executable renamed .pdf', 'relatorio.pdf', EXE],
    ['an executable', 'jogo.exe', EXE],
    ['a plain zip renamed .docx', 'trabalho.docx', PLAIN_ZIP],
    ['a macro document renamed .docx', 'trabalho.docx', DOCM],
    ['a PNG named .pdf', 'relatorio.pdf', PNG],
    ['a PDF named .exe', 'relatorio.exe', PDF],
    ['an SVG', 'desenho.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an HTML page', 'pagina.html', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
  ])('refuses %s with the list of accepted types', async (_what, name, bytes) => {
    const res = await submit(name, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PROGRESS_MSG.evidenceType);
    expect(PROGRESS_MSG.evidenceType).toContain('PDF');
  });

  it('accepts a real PDF, image and Office/OpenDocument files; only images open inline', async () => {
    for (const [name, bytes, mime] of [
      ['relatorio.pdf', PDF, 'application/pdf'],
      ['FOTO.PNG', PNG, 'image/png'],
      ['trabalho.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['trabalho.odt', ODT, 'application/vnd.oasis.opendocument.text'],
    ] as const) {
      const res = await submit(name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json().evidence_mime).toBe(mime);
      const served = await call(ctx.app, 'GET', url(`/submissions/${res.json().id}/evidence`), { as: admin });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition']).toMatch(mime.startsWith('image/') ? /^inline;/ : /^attachment;/);
    }
  });
});
