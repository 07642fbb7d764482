import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTA_MSG, RESTRICTED_AUDIENCE, LEADERS_AUDIENCE } from '../../shared/secretaria-pasta.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild, memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { readZip } from '../../../test/zip.js';
import type { ClubAccess } from '../core/access.js';
import type { Storage } from '../storage/storage.js';
import { uploadDocument } from './pasta.js';

let ctx: TestContext;
let admin: Session;
let secretary: Session;
let treasurer: Session;
let instructor: Session;
let ana: Session;
let stranger: Session;
let guardian: Session;
let otherGuardian: Session;
let clubId: string;
let base: string;
let strangerBase: string;
let childId: string;
let anaId: string;
let treasurerId: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query<{ n: number }>(sql, params))[0].n);
const documents = () => count('SELECT count(*)::int AS n FROM member_documents');
const reads = (docId: string) => count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pasta.document_read' AND entity_id = $1`, [docId]);

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (as: Session, memberId: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) => {
  const { payload, headers } = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: `${base}/secretaria/pastas/${memberId}/documentos`, payload, headers: { ...headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
};
const png = (name = 'rg.png') => ({ name, bytes: PNG, type: 'image/png' });
const fileUrl = (memberId: string, docId: string) => `${base}/secretaria/pastas/${memberId}/documentos/${docId}/arquivo`;

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, secretary, treasurer, members: [ana], stranger, club, base } = await setUpStaffedClub(ctx, 'Clube Pasta', { members: ['Ana Membro'] }));
  clubId = club.id;
  instructor = await signUp(ctx.app, { name: 'Instrutor' });
  await addMember(ctx.db, clubId, instructor.profile.id, 'instructor');
  anaId = await memberIdOf(ctx.db, clubId, ana.profile.id);
  treasurerId = await memberIdOf(ctx.db, clubId, treasurer.profile.id);
  await ctx.db.query(`UPDATE club_members SET birth_date = '1990-04-02' WHERE id = $1`, [treasurerId]);
  ({ memberId: childId, guardian } = await inviteChild(ctx, admin, clubId, { name: 'Pedro Criança', birthDate: '2014-05-10', guardianName: 'Carla Souza', relationship: 'Mãe' }));
  ({ guardian: otherGuardian } = await inviteChild(ctx, admin, clubId, { name: 'Outra Criança', birthDate: '2015-01-20', guardianName: 'Rui Lima', relationship: 'Pai' }));
  const [other] = await ctx.db.query<{ club_id: string }>(`SELECT club_id FROM club_members WHERE profile_id = $1`, [stranger.profile.id]);
  strangerBase = `/api/clubs/${other.club_id}`;
});
afterAll(() => ctx.close());

describe(`the member's pasta on ${engineName()}`, () => {
  let childDoc = '';

  it('the secretary keeps a minor\'s RG; the pasta shows it with who may see it; each read is audited', async () => {
    const res = await upload(secretary, childId, { kind: 'rg', description: 'RG frente e verso' }, png());
    expect(res.statusCode, res.body).toBe(201);
    childDoc = res.json().id;
    expect(res.json()).toMatchObject({ kind: 'rg', visibility: 'restrita', audience: RESTRICTED_AUDIENCE, file_name: 'rg.png', file_mime: 'image/png', uploaded_by_name: 'Secretário' });
    const pasta = (await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}`, { as: secretary })).json();
    expect(pasta.member).toMatchObject({ full_name: 'Pedro Criança', minor: true, birth_date: '2014-05-10' });
    expect(pasta.guardians).toEqual([expect.objectContaining({ full_name: 'Carla Souza', relationship: 'Mãe', accepted: true })]);
    expect(pasta.documents.map((d: { id: string }) => d.id)).toEqual([childDoc]);
    expect(pasta.can).toEqual({ manage: true, read_documents: true });

    expect(await reads(childDoc)).toBe(0);
    const file = await ctx.app.inject({ method: 'GET', url: fileUrl(childId, childDoc), headers: { cookie: secretary.cookie } });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(PNG)).toBe(true);
    expect(await reads(childDoc)).toBe(1);
    await call(ctx.app, 'GET', fileUrl(childId, childDoc), { as: admin });
    expect(await reads(childDoc)).toBe(2);
    const [line] = await ctx.db.query<{ actor_id: string; after: { as: string } }>(`SELECT actor_id, after FROM audit_log WHERE action = 'pasta.document_read' AND entity_id = $1 ORDER BY at DESC LIMIT 1`, [childDoc]);
    expect(line.actor_id).toBe(admin.profile.id);
  });

  it('the pasta gathers the history: diretoria terms, invested classes, events attended, roll calls and the acts about the member', async () => {
    const q = (sql: string, params: unknown[]) => ctx.db.query<{ id: string }>(sql, params);
    await q(`INSERT INTO diretoria_posts (club_id, post, member_id, starts_on, ends_on) VALUES ($1, 'treasurer', $2, '2025-01-01', '2026-12-31')`, [clubId, treasurerId]);
    await q(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind, completed_on, invested_on) VALUES ($1, $2, 'AMIGO', 'class', '2025-10-01', '2025-11-15')`, [clubId, treasurerId]);
    const [ev] = await q(`INSERT INTO events (club_id, title, kind, starts_on, ends_on, registration_deadline, place) VALUES ($1, 'Campori 2025', 'campori', '2025-07-10', '2025-07-12', '2025-07-01', 'Sítio') RETURNING id`, [clubId]);
    await q(`INSERT INTO event_registrations (club_id, event_id, member_id) VALUES ($1, $2, $3)`, [clubId, ev.id, treasurerId]);
    const [m] = await q(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, '2026-03-07', '2026-03-07T18:00:00Z', 'Reunião de março') RETURNING id`, [clubId]);
    await q(`INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status) VALUES ($1, $2, $3, 'late')`, [clubId, m.id, treasurerId]);
    const ato = await call(ctx.app, 'POST', `${base}/secretaria/atos`, { as: secretary, body: { kind: 'nomeacao', acted_on: '2026-01-05', member_id: treasurerId, role_title: 'Tesoureira', term_start: '2026-01-01', term_end: '2026-12-31', body: 'Nomeia a tesoureira.' } });
    expect(ato.statusCode, ato.body).toBe(201);
    const pasta = (await call(ctx.app, 'GET', `${base}/secretaria/pastas/${treasurerId}`, { as: secretary })).json();
    expect(pasta.terms).toEqual([expect.objectContaining({ post: 'treasurer', starts_on: '2025-01-01', ends_on: '2026-12-31' })]);
    expect(pasta.programme).toEqual([expect.objectContaining({ item_code: 'AMIGO', kind: 'class', invested_on: '2025-11-15' })]);
    expect(pasta.events).toEqual([expect.objectContaining({ title: 'Campori 2025' })]);
    expect(pasta.attendance).toMatchObject({ late: 1, present: 0, recent: [{ date: '2026-03-07', title: 'Reunião de março', status: 'late' }] });
    expect(pasta.atos).toEqual([expect.objectContaining({ kind: 'nomeacao', role_title: 'Tesoureira', label: ato.json().label })]);
    expect(pasta.member.minor).toBe(false);
  });

  it('a guardian reads their child\'s pasta and documents through /familia (audited); another child\'s guardian gets 404', async () => {
    const pasta = await call(ctx.app, 'GET', `/api/family/children/${childId}/pasta`, { as: guardian });
    expect(pasta.statusCode, pasta.body).toBe(200);
    expect(pasta.json().documents.map((d: { id: string }) => d.id)).toEqual([childDoc]);
    expect(pasta.json().guardians[0]).toMatchObject({ email: null, phone: null });
    const before = await reads(childDoc);
    const file = await call(ctx.app, 'GET', `/api/family/children/${childId}/pasta/documentos/${childDoc}/arquivo`, { as: guardian });
    expect(file.statusCode).toBe(200);
    expect(await reads(childDoc)).toBe(before + 1);

    expect((await call(ctx.app, 'GET', `/api/family/children/${childId}/pasta`, { as: otherGuardian })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/family/children/${childId}/pasta/documentos/${childDoc}/arquivo`, { as: otherGuardian })).statusCode).toBe(404);
    expect(await reads(childDoc)).toBe(before + 1);
  });

  it('an instructor reads a minor\'s pasta without its documents (404 for the file, nothing audited); an adult\'s only those marked for the leaders', async () => {
    const pasta = (await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}`, { as: instructor })).json();
    expect(pasta.documents).toBeNull();
    expect(pasta.member.sgc).toBeNull();
    expect(pasta.can).toEqual({ manage: false, read_documents: false });
    const before = await reads(childDoc);
    const denied = await call(ctx.app, 'GET', fileUrl(childId, childDoc), { as: instructor });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().error.message).toBe(PASTA_MSG.documentNotFound);
    expect(await reads(childDoc)).toBe(before);
    // A minor's document marked for the leaders is still the restricted audience's.
    const forLeaders = (await upload(secretary, childId, { kind: 'foto', visibility: 'lideres' }, png('foto.png'))).json();
    expect(forLeaders.audience).toBe(RESTRICTED_AUDIENCE);
    expect((await call(ctx.app, 'GET', fileUrl(childId, forLeaders.id), { as: instructor })).statusCode).toBe(404);

    const open = (await upload(secretary, treasurerId, { kind: 'termo_adesao', visibility: 'lideres' }, { name: 'termo.pdf', bytes: PDF, type: 'application/pdf' })).json();
    const restricted = (await upload(secretary, treasurerId, { kind: 'rg' }, png())).json();
    expect(open.audience).toBe(LEADERS_AUDIENCE);
    const adult = (await call(ctx.app, 'GET', `${base}/secretaria/pastas/${treasurerId}`, { as: instructor })).json();
    expect(adult.documents.map((d: { id: string }) => d.id)).toEqual([open.id]);
    const pdf = await call(ctx.app, 'GET', fileUrl(treasurerId, open.id), { as: instructor });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect((await call(ctx.app, 'GET', fileUrl(treasurerId, restricted.id), { as: instructor })).statusCode).toBe(404);
  });

  it('a member reads their own pasta and documents; not another member\'s; they do not write', async () => {
    const own = (await upload(secretary, anaId, { kind: 'certidao' }, png('certidao.png'))).json();
    const mine = await call(ctx.app, 'GET', `${base}/secretaria/pastas/${anaId}`, { as: ana });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().documents.map((d: { id: string }) => d.id)).toEqual([own.id]);
    expect((await call(ctx.app, 'GET', fileUrl(anaId, own.id), { as: ana })).statusCode).toBe(200);
    expect(await reads(own.id)).toBe(1);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}`, { as: ana })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', fileUrl(childId, childDoc), { as: ana })).statusCode).toBe(404);
    const write = await upload(ana, anaId, { kind: 'rg' }, png());
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe(PERMISSION_MSG.forbidden('secretaria.manage'));
    expect((await call(ctx.app, 'GET', `${base}/secretaria/pastas`, { as: ana })).statusCode).toBe(403);
  });

  it('another club gets 404 for the pasta, its documents and the upload', async () => {
    expect((await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', fileUrl(childId, childDoc), { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${strangerBase}/secretaria/pastas/${childId}`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${strangerBase}/secretaria/pastas/${childId}/documentos/${childDoc}/arquivo`, { as: stranger })).statusCode).toBe(404);
    const n = await documents();
    expect((await upload(stranger, childId, { kind: 'rg' }, png())).statusCode).toBe(404);
    expect(await documents()).toBe(n);
  });

  it('bad uploads get their pt-BR message and write nothing (no row, no file)', async () => {
    const n = await documents();
    const files = async () => (await import('node:fs/promises')).readdir(`${ctx.dataDir}/uploads/evidence/${clubId}`).then((f) => f.length, () => 0);
    const kept = await files();
    const cases: Array<[Record<string, string>, { name: string; bytes: Buffer; type: string } | undefined, number, string]> = [
      [{ kind: 'rg' }, undefined, 400, PASTA_MSG.fileRequired],
      [{ kind: 'rg' }, { name: 'rg.pdf', bytes: Buffer.from('só texto, não é PDF'), type: 'application/pdf' }, 400, PASTA_MSG.fileType],
      [{ kind: 'rg' }, { name: 'rg.png', bytes: PDF, type: 'image/png' }, 400, PASTA_MSG.fileType],
      [{ kind: 'rg' }, { name: 'grande.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]), type: 'application/pdf' }, 413, PASTA_MSG.fileTooBig],
      [{ kind: 'rg' }, { name: 'rg\u0000.png', bytes: PNG, type: 'image/png' }, 400, PASTA_MSG.fileNameInvalid],
      [{}, png(), 400, PASTA_MSG.kindRequired],
      [{ kind: 'passaporte' }, png(), 400, PASTA_MSG.kindRequired],
      [{ kind: 'rg', visibility: 'todos' }, png(), 400, PASTA_MSG.visibilityInvalid],
      [{ kind: 'rg', description: 'x'.repeat(201) }, png(), 400, PASTA_MSG.descriptionTooLong],
      [{ kind: 'rg', description: 'x'.repeat(200 * 1024) }, png(), 400, PASTA_MSG.descriptionTooLong],
      [{ kind: 'rg', description: 'a\u0000b' }, png(), 400, PASTA_MSG.textInvalid],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(secretary, childId, fields, file);
      expect(res.statusCode, `${JSON.stringify(fields).slice(0, 80)} ${file?.name}`).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const json = await call(ctx.app, 'POST', `${base}/secretaria/pastas/${childId}/documentos`, { as: secretary, body: { kind: 'rg' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe(PASTA_MSG.fileRequired);
    expect(await documents()).toBe(n);
    expect(await files()).toBe(kept);
  });

  it('an upload that fails after the file was written leaves nothing: no row, the file removed again', async () => {
    const written: string[] = [];
    const real = ctx.app.storage;
    const spy: Storage = { ...real, put: async (key, bytes) => { written.push(key); return real.put(key, bytes); }, get: (k) => real.get(k), remove: (k) => real.remove(k), keyFromUrl: (u) => real.keyFromUrl(u) };
    const access: ClubAccess = { clubId, profileId: secretary.profile.id, role: 'secretary', isAdmin: false, viaSuperAdmin: false };
    const n = await documents();
    // A type the table refuses: the insert fails inside the transaction, after the file is in storage.
    const broken = { kind: 'passaporte', description: '', visibility: 'restrita' } as unknown as Parameters<typeof uploadDocument>[4];
    await expect(uploadDocument(ctx.db, spy, access, childId, broken, { bytes: PNG, filename: 'rg.png' })).rejects.toThrow();
    expect(written).toHaveLength(1);
    expect(await real.get(written[0])).toBeNull();
    expect(await documents()).toBe(n);
  });

  it('removing a document is a soft delete with its reason, audited; the history keeps it for the secretary only', async () => {
    const doc = (await upload(secretary, childId, { kind: 'comprovante_residencia' }, png('conta.png'))).json();
    const noReason = await call(ctx.app, 'POST', `${base}/secretaria/pastas/${childId}/documentos/${doc.id}/remove`, { as: secretary, body: { reason: '  ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(PASTA_MSG.reasonRequired);
    const tooLong = await call(ctx.app, 'POST', `${base}/secretaria/pastas/${childId}/documentos/${doc.id}/remove`, { as: secretary, body: { reason: 'x'.repeat(501) } });
    expect(tooLong.json().error.message).toBe(PASTA_MSG.reasonTooLong);
    const denied = await call(ctx.app, 'POST', `${base}/secretaria/pastas/${childId}/documentos/${doc.id}/remove`, { as: instructor, body: { reason: 'Vencido' } });
    expect(denied.statusCode).toBe(403);

    const removed = await call(ctx.app, 'POST', `${base}/secretaria/pastas/${childId}/documentos/${doc.id}/remove`, { as: secretary, body: { reason: 'Comprovante antigo' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ removal_reason: 'Comprovante antigo', removed_by_name: 'Secretário' });
    const again = await call(ctx.app, 'POST', `${base}/secretaria/pastas/${childId}/documentos/${doc.id}/remove`, { as: secretary, body: { reason: 'De novo' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PASTA_MSG.alreadyRemoved);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pasta.document_remove' AND entity_id = $1`, [doc.id])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM member_documents WHERE id = $1`, [doc.id])).toBe(1);

    const forSecretary = (await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}`, { as: secretary })).json();
    expect(forSecretary.documents.find((d: { id: string }) => d.id === doc.id)).toMatchObject({ removal_reason: 'Comprovante antigo' });
    expect((await call(ctx.app, 'GET', fileUrl(childId, doc.id), { as: secretary })).statusCode).toBe(200);
    const forGuardian = (await call(ctx.app, 'GET', `/api/family/children/${childId}/pasta`, { as: guardian })).json();
    expect(forGuardian.documents.some((d: { id: string }) => d.id === doc.id)).toBe(false);
    expect((await call(ctx.app, 'GET', `/api/family/children/${childId}/pasta/documentos/${doc.id}/arquivo`, { as: guardian })).statusCode).toBe(404);
  });

  it('the secretary exports the pasta as a zip: pasta.json, each kept document byte for byte, LEIA-ME.txt; the export and each document read audited', async () => {
    const kept = (await ctx.db.query<{ id: string }>(`SELECT id FROM member_documents WHERE member_id = $1 AND removed_at IS NULL ORDER BY uploaded_at`, [childId])).map((d) => d.id);
    const [removed] = await ctx.db.query<{ id: string }>(`SELECT id FROM member_documents WHERE member_id = $1 AND removed_at IS NOT NULL`, [childId]);
    expect(kept).toHaveLength(2);
    const before = await Promise.all([...kept, removed.id].map(reads));
    const res = await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}/export`, { as: secretary });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pasta-pedro-crianca.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    const files = readZip(res.rawPayload);
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect([...files.keys()].sort()).toEqual(['LEIA-ME.txt', `documentos/foto-${day}-foto.png`, `documentos/rg-${day}-rg.png`, 'pasta.json']);
    expect(files.get(`documentos/rg-${day}-rg.png`)?.equals(PNG)).toBe(true);
    expect(files.get(`documentos/foto-${day}-foto.png`)?.equals(PNG)).toBe(true);

    const data = JSON.parse(files.get('pasta.json')?.toString('utf8') ?? '{}');
    expect(data.pasta.member.full_name).toBe('Pedro Criança');
    expect(data.pasta.documents.find((d: { id: string }) => d.id === removed.id)).toMatchObject({ removal_reason: 'Comprovante antigo' });
    expect(data.records.profile).toEqual({ id: expect.any(String), full_name: 'Pedro Criança' });
    expect(data.records.tables.member_documents.length).toBeGreaterThanOrEqual(2);
    expect(data.records.tables.member_guardians).toHaveLength(1);
    expect(data.records.tables.health_records).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain('token_hash');

    const readMe = files.get('LEIA-ME.txt')?.toString('utf8') ?? '';
    expect(readMe).toContain('Pasta do membro: Pedro Criança');
    expect(readMe).toContain('Clube: Clube Pasta');
    expect(readMe).toMatch(/Exportada em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(horário do clube\) por Secretário/);
    expect(readMe).toContain(`documentos/rg-${day}-rg.png: RG (RG frente e verso)`);
    expect(readMe).toContain('Um documento retirado da pasta aparece no histórico de pasta.json, sem o arquivo.');

    // Each document read into the zip is one 'pasta.document_read' line, as a single download; the removed one is not read.
    expect(await Promise.all([...kept, removed.id].map(reads))).toEqual([before[0] + 1, before[1] + 1, before[2]]);
    const [line] = await ctx.db.query<{ actor_id: string; after: { member_id: string; as: string } }>(
      `SELECT actor_id, after FROM audit_log WHERE action = 'pasta.document_read' AND entity_id = $1 ORDER BY at DESC LIMIT 1`, [kept[0]]);
    expect(line).toMatchObject({ actor_id: secretary.profile.id, after: { member_id: childId, as: 'diretoria ou secretaria' } });
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pasta.export' AND entity_id = $1`, [childId])).toBe(1);
  });

  it('the export: a leader or a member gets 403, another club 404; none of them reads a document', async () => {
    const lines = () => count(`SELECT count(*)::int AS n FROM audit_log WHERE action IN ('pasta.document_read', 'pasta.export')`);
    const n = await lines();
    for (const as of [instructor, ana]) {
      const res = await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}/export`, { as });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(PERMISSION_MSG.forbidden('secretaria.manage'));
    }
    expect((await call(ctx.app, 'GET', `${base}/secretaria/pastas/${childId}/export`, { as: stranger })).statusCode).toBe(404);
    const own = await call(ctx.app, 'GET', `${strangerBase}/secretaria/pastas/${childId}/export`, { as: stranger });
    expect(own.statusCode).toBe(404);
    expect(own.json().error.message).toBe(PASTA_MSG.memberNotFound);
    expect(await lines()).toBe(n);
  });

  it('the export of a pasta with no documents holds pasta.json and LEIA-ME.txt only', async () => {
    const instructorId = await memberIdOf(ctx.db, clubId, instructor.profile.id);
    const res = await call(ctx.app, 'GET', `${base}/secretaria/pastas/${instructorId}/export`, { as: admin });
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    expect([...files.keys()]).toEqual(['pasta.json', 'LEIA-ME.txt']);
    expect(JSON.parse(files.get('pasta.json')?.toString('utf8') ?? '{}').pasta.documents).toEqual([]);
    expect(files.get('LEIA-ME.txt')?.toString('utf8')).toContain('Nenhum documento guardado na pasta');
  });

  it('the export names the documents safely (ASCII, no folder, no two alike) and says which file storage lost', async () => {
    const scan = { name: '../../Declaração Nº 1.png', bytes: PNG, type: 'image/png' };
    const first = (await upload(secretary, treasurerId, { kind: 'outro' }, scan)).json();
    const second = (await upload(secretary, treasurerId, { kind: 'outro', description: 'Segunda via' }, scan)).json();
    const lost = (await upload(secretary, treasurerId, { kind: 'certidao' }, { name: 'certidao.pdf', bytes: PDF, type: 'application/pdf' })).json();
    const [{ key }] = await ctx.db.query<{ key: string }>(`SELECT evidence_key AS key FROM member_documents WHERE id = $1`, [lost.id]);
    await ctx.app.storage.remove(key);
    const res = await call(ctx.app, 'GET', `${base}/secretaria/pastas/${treasurerId}/export`, { as: secretary });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="pasta-tesoureira.zip"');
    const files = readZip(res.rawPayload);
    const documents = [...files.keys()].filter((k) => k.startsWith('documentos/'));
    for (const name of documents) expect(name).toMatch(/^documentos\/[a-z0-9-]+\.(pdf|png|jpg)$/);
    const scans = documents.filter((k) => k.includes('-declaracao-n-1'));
    expect(scans.map((k) => k.replace(/^documentos\/outro-\d{4}-\d{2}-\d{2}-/, '')).sort()).toEqual(['declaracao-n-1-2.png', 'declaracao-n-1.png']);
    expect(documents.filter((k) => k.startsWith('documentos/termo-adesao-'))).toHaveLength(1);
    expect(files.get(documents.find((k) => k.startsWith('documentos/termo-adesao-')) ?? '')?.equals(PDF)).toBe(true);
    expect(documents.some((k) => k.startsWith('documentos/certidao-'))).toBe(false);
    expect(files.get('LEIA-ME.txt')?.toString('utf8')).toMatch(/arquivo não foi encontrado no armazenamento[^]*certidao\.pdf: Certidão de nascimento/);
    expect(await Promise.all([first.id, second.id, lost.id].map(reads))).toEqual([1, 1, 0]);
  });

  it('the list of pastas: every member by name, with their documents', async () => {
    const res = await call(ctx.app, 'GET', `${base}/secretaria/pastas`, { as: instructor });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((p: { full_name: string }) => p.full_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(res.json().find((p: { member_id: string }) => p.member_id === childId)).toMatchObject({ minor: true, documents: 2 });
  });
  it("the newest JPEG or PNG 'foto' of the pasta is the carteirinha's photo (a PDF or a removed one is not), read through the audited pasta route", async () => {
    const issued = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: secretary, body: { member_ids: [anaId], valid_until: `${new Date().getUTCFullYear() + 1}-06-30` } });
    expect(issued.statusCode, issued.body).toBe(201);
    const myPhoto = async () => (await call(ctx.app, 'GET', `${base}/carteirinha`, { as: ana })).json().card.photo_document_id;
    expect(await myPhoto()).toBeNull();
    await upload(secretary, anaId, { kind: 'foto', description: 'Foto escaneada' }, { name: 'foto.pdf', bytes: PDF, type: 'application/pdf' });
    expect(await myPhoto()).toBeNull();
    const photo = (await upload(secretary, anaId, { kind: 'foto', description: 'Foto 3×4' }, png('foto.png'))).json();
    expect(await myPhoto()).toBe(photo.id);
    const sheet = (await call(ctx.app, 'GET', `${base}/secretaria/carteirinhas`, { as: secretary })).json();
    expect(sheet.find((r: { member_id: string }) => r.member_id === anaId).card.photo_document_id).toBe(photo.id);
    const before = await reads(photo.id);
    const own = await call(ctx.app, 'GET', fileUrl(anaId, photo.id), { as: ana });
    expect(own.statusCode).toBe(200);
    expect(await reads(photo.id)).toBe(before + 1);
    await call(ctx.app, 'POST', `${base}/secretaria/pastas/${anaId}/documentos/${photo.id}/remove`, { as: secretary, body: { reason: 'Foto antiga' } });
    expect(await myPhoto()).toBeNull();
  });
});
