import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROGRAMME_MSG } from '../../shared/programme.js';
import { REQ_IO_MSG } from '../../shared/programme-io.js';
import { decodeCsvFile } from '../../shared/csv-file.js';
import { NUL_MESSAGE } from '../http/nul-guard.js';
import { addMember, call, createClub, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { pointsOf } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let plain: Session;
let superAdmin: Session;
let otherAdmin: Session;
let club: { id: string };
let otherClub: { id: string };
let kid: { session: Session; memberId: string };

const url = (clubId: string, p: string) => `/api/clubs/${clubId}/programme${p}`;
const importFile = (body: Record<string, unknown>, as = admin, clubId = club.id) => call(ctx.app, 'POST', url(clubId, '/requirements/import'), { as, body });
const platformImport = (body: Record<string, unknown>, as = superAdmin) => call(ctx.app, 'POST', '/api/admin/programme/requirements/import', { as, body });
const listOf = async (code: string, clubId = club.id, as = admin) => (await call(ctx.app, 'GET', url(clubId, `/items/${code}/requirements`), { as })).json() as { id: string; text: string; section_code: string | null; in_field: boolean; needs_evidence: boolean; link_specialty: string | null; platform: boolean }[];
const count = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query<{ n: number }>(sql, params))[0].n);
const requirementRows = () => count('SELECT count(*)::int AS n FROM programme_requirements');

const AMIGO_CSV = [
  'item;seção;texto;feito em campo;precisa de comprovação;completar especialidade;área de especialidade',
  'AMIGO;G;Ter no mínimo 10 anos;não;não;;',
  'AMIGO;G;Ser membro ativo do clube;;;;',
  'AMIGO;DE;Memorizar o voto e a lei;não;sim;;',
  'AMIGO;EN;Completar a especialidade de Arte de acampar;sim;;HM-001;',
  'AMIGO;AV;Uma especialidade de Natureza;;;;EN',
].join('\r\n');

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, member: plain, club } = await setUpClubWithMember(ctx, 'Clube Importa'));
  const s = await signUp(ctx.app, { name: 'Caio Importado' });
  await addMember(ctx.db, club.id, s.profile.id);
  const [{ id }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, s.profile.id]);
  kid = { session: s, memberId: id };
  otherAdmin = await signUp(ctx.app, { name: 'Diretora Vizinha' });
  otherClub = await createClub(ctx.app, otherAdmin, 'Clube Vizinho');
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  await ctx.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [superAdmin.profile.id]);
});
afterAll(() => ctx.close());

describe(`requisitos import and export on ${engineName()}`, () => {
  it('a Windows-1252 CSV with ";" is previewed (nothing written), then imported in the file order', async () => {
    // Excel in Brazil saves Windows-1252: the browser decodes it before sending.
    const bytes = Uint8Array.from([...AMIGO_CSV].map((ch) => ({ 'í': 0xed, 'ç': 0xe7, 'ã': 0xe3, 'ê': 0xea, 'á': 0xe1, 'ó': 0xf3 } as Record<string, number>)[ch] ?? ch.charCodeAt(0)));
    const content = decodeCsvFile(bytes);
    expect(content).toContain('Ter no mínimo 10 anos');
    const before = await requirementRows();
    const preview = await importFile({ format: 'csv', content, dry_run: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ valid: true, imported: 0, items: [{ code: 'AMIGO', name: 'Amigo', added: 5, kept: 0, removed: 0, signatures_undone: 0 }] });
    expect(preview.json().rows[3]).toMatchObject({ line: 5, item_code: 'AMIGO', section_code: 'EN', in_field: true, needs_evidence: false, link_specialty: 'HM-001', errors: [] });
    expect(await requirementRows()).toBe(before);
    const done = await importFile({ format: 'csv', content, dry_run: false });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ valid: true, imported: 5 });
    const list = await listOf('AMIGO');
    expect(list.map((r) => r.text)).toEqual(['Ter no mínimo 10 anos', 'Ser membro ativo do clube', 'Memorizar o voto e a lei', 'Completar a especialidade de Arte de acampar', 'Uma especialidade de Natureza']);
    expect(list[2]).toMatchObject({ section_code: 'DE', needs_evidence: true, platform: false });
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'programme.requirement_import' AND club_id = $1`, [club.id])).toBe(1);
  });

  it('a UTF-8 file with a BOM and "," is read too', async () => {
    const content = decodeCsvFile(new TextEncoder().encode('\uFEFFitem,secao,texto\nHM-001,,Montar uma barraca sozinho\nHM-001,,Dobrar a barraca'));
    const res = await importFile({ format: 'csv', content, dry_run: false });
    expect(res.json()).toMatchObject({ valid: true, imported: 2, items: [{ code: 'HM-001', added: 2 }] });
    expect((await listOf('HM-001')).map((r) => r.text)).toEqual(['Montar uma barraca sozinho', 'Dobrar a barraca']);
  });

  it('exports CSV and JSON; the JSON imports into another club as it was', async () => {
    const csv = await call(ctx.app, 'GET', url(club.id, '/requirements/export?format=csv&item=AMIGO'), { as: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('requisitos-amigo.csv');
    expect(csv.body.startsWith('\uFEFFitem;seção;texto;feito em campo;precisa de comprovação')).toBe(true);
    expect(csv.body).toContain('AMIGO;EN;Completar a especialidade de Arte de acampar;sim;não;HM-001;');
    const json = await call(ctx.app, 'GET', url(club.id, '/requirements/export?format=json'), { as: admin });
    expect(json.statusCode).toBe(200);
    const file = json.json();
    expect(file.requisitos).toHaveLength(7);
    expect(file.requisitos[0]).toEqual({ item: 'AMIGO', secao: 'G', texto: 'Ter no mínimo 10 anos', feito_em_campo: false, precisa_comprovacao: false, completar_especialidade: null, area_especialidade: null });
    const res = await importFile({ format: 'json', content: JSON.stringify(file), dry_run: false }, otherAdmin, otherClub.id);
    expect(res.json()).toMatchObject({ valid: true, imported: 7 });
    expect((await listOf('AMIGO', otherClub.id, otherAdmin)).map((r) => r.text)).toEqual((await listOf('AMIGO')).map((r) => r.text));
    // The CSV export read back gives the same list (round trip).
    const again = await importFile({ format: 'csv', content: csv.body, dry_run: true });
    expect(again.json().items).toEqual([{ code: 'AMIGO', name: 'Amigo', added: 0, kept: 5, removed: 0, signatures_undone: 0, clubs_keeping_list: 0 }]);
  });

  it('a new version keeps signed requisitos with the same text; one that goes has its points reversed', async () => {
    await call(ctx.app, 'POST', url(club.id, '/enrolments'), { as: admin, body: { member_id: kid.memberId, item_code: 'AMIGO' } });
    const list = await listOf('AMIGO');
    for (const r of list.slice(0, 2)) expect((await call(ctx.app, 'POST', url(club.id, '/signatures'), { as: admin, body: { requirement_id: r.id, member_ids: [kid.memberId] } })).statusCode).toBe(200);
    const points = await pointsOf(ctx.db, club.id, kid.session.profile.id);
    expect(points).toBe(10);
    // The first requisito stays (same text, other case), the second goes, one is new.
    const content = ['item;secao;texto', 'AMIGO;G;TER NO MÍNIMO 10 ANOS', 'AMIGO;G;Ler o livro do ano', 'AMIGO;DE;Memorizar o voto e a lei'].join('\n');
    const preview = await importFile({ format: 'csv', content, dry_run: true });
    expect(preview.json().items).toEqual([{ code: 'AMIGO', name: 'Amigo', added: 1, kept: 2, removed: 3, signatures_undone: 1, clubs_keeping_list: 0 }]);
    expect((await importFile({ format: 'csv', content, dry_run: false })).statusCode).toBe(200);
    const after = await listOf('AMIGO');
    expect(after.map((r) => r.text)).toEqual(['TER NO MÍNIMO 10 ANOS', 'Ler o livro do ano', 'Memorizar o voto e a lei']);
    expect(after[0].id).toBe(list[0].id);
    const cardRes = (await call(ctx.app, 'GET', url(club.id, `/members/${kid.memberId}/card`), { as: admin })).json();
    expect(cardRes.enrolments[0].progress).toEqual({ signed: 1, total: 3 });
    expect(await pointsOf(ctx.db, club.id, kid.session.profile.id)).toBe(5);
  });

  it('bad files get a pt-BR message and write nothing', async () => {
    const header = 'item;seção;texto;feito em campo;precisa de comprovação';
    const csv = (...lines: string[]) => [header, ...lines].join('\n');
    const rowErrors: [string, string][] = [
      [csv('AMIGO;XX;Texto'), REQ_IO_MSG.sectionUnknown('XX')],
      [csv('AMIGO;G;'), PROGRAMME_MSG.textRequired],
      [csv(`AMIGO;G;${'x'.repeat(2001)}`), PROGRAMME_MSG.textRequired],
      [csv('AMIGO;G;=HYPERLINK("http://mal.example")'), REQ_IO_MSG.formula],
      [csv('AMIGO;G;@SUM(A1)'), REQ_IO_MSG.formula],
      [csv('NADA;G;Texto'), REQ_IO_MSG.itemUnknown('NADA')],
      [csv(';G;Texto'), REQ_IO_MSG.itemRequired],
      [csv('AMIGO;G;Texto;talvez;não'), REQ_IO_MSG.flagInvalid('"feito em campo"')],
      [csv('AMIGO;G;Texto;não;quem sabe'), REQ_IO_MSG.flagInvalid('"precisa de comprovação"')],
      [csv('AMIGO;G;Texto', 'AMIGO;DE;texto'), REQ_IO_MSG.duplicate],
      [csv('AMIGO;G;Caf\uFFFD da manh\uFFFD'), REQ_IO_MSG.unreadable],
      [csv('AVENT-1;G;Texto'), REQ_IO_MSG.itemUnknown('AVENT-1')],
      ['item;texto;completar especialidade\nAMIGO;Texto;AMIGO', PROGRAMME_MSG.linkSpecialtyInvalid],
      ['item;texto;área de especialidade\nAMIGO;Texto;ZZ', PROGRAMME_MSG.linkAreaInvalid],
      ['item;texto;completar especialidade;área de especialidade\nAMIGO;Texto;HM-001;EN', PROGRAMME_MSG.linkBoth],
    ];
    const before = await requirementRows();
    for (const [content, message] of rowErrors) {
      for (const dry_run of [true, false]) {
        const res = await importFile({ format: 'csv', content, dry_run });
        expect(res.statusCode, content.slice(0, 80)).toBe(dry_run ? 200 : 400);
        const body = dry_run ? res.json() : res.json().error.details;
        if (!dry_run) expect(res.json().error.message).toBe(REQ_IO_MSG.hasErrors);
        expect(body.valid).toBe(false);
        expect(body.rows.flatMap((r: { errors: string[] }) => r.errors), content.slice(0, 80)).toContain(message);
      }
    }
    // A NUL inside a JSON cell (escaped, so the request itself is clean) is refused per row.
    const nul = await importFile({ format: 'json', content: JSON.stringify({ requisitos: [{ item: 'AMIGO', texto: 'a\u0000b' }] }), dry_run: false });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.details.rows[0].errors).toContain(REQ_IO_MSG.nul);
    // A raw NUL in the content is refused before anything else.
    const raw = await importFile({ format: 'csv', content: `${header}\nAMIGO;G;a\u0000b`, dry_run: false });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.message).toBe(NUL_MESSAGE);
    const fileErrors: [Record<string, unknown>, string][] = [
      [{ format: 'csv', content: [header, ...Array.from({ length: 2000 }, (_, i) => `AMIGO;G;Requisito ${i}`)].join('\n') }, REQ_IO_MSG.tooMany],
      [{ format: 'json', content: JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ item: 'AMIGO', texto: `R ${i}` }))) }, REQ_IO_MSG.tooMany],
      [{ format: 'csv', content: 'item;seção;texto;cor favorita\nAMIGO;G;Texto;azul' }, REQ_IO_MSG.unknownColumn('cor favorita')],
      [{ format: 'csv', content: 'seção;feito em campo\nG;sim' }, REQ_IO_MSG.header],
      [{ format: 'csv', content: header }, REQ_IO_MSG.empty],
      [{ format: 'json', content: '{"requisitos": [' }, REQ_IO_MSG.jsonInvalid],
      [{ format: 'json', content: '{"outra": []}' }, REQ_IO_MSG.jsonInvalid],
      [{ format: 'json', content: '[]' }, REQ_IO_MSG.empty],
      [{ format: 'xlsx', content: 'x' }, REQ_IO_MSG.formatInvalid],
      [{ format: 'csv', content: '' }, REQ_IO_MSG.contentRequired],
      [{ format: 'csv', content: 'x'.repeat(1_000_001) }, REQ_IO_MSG.tooBig],
    ];
    for (const [body, message] of fileErrors) {
      for (const dry_run of [true, false]) {
        const res = await importFile({ ...body, dry_run });
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error.message, message).toBe(message);
      }
    }
    const jsonRow = await importFile({ format: 'json', content: '[{"item": "AMIGO", "texto": {"a": 1}}, "texto solto"]', dry_run: true });
    expect(jsonRow.json().rows.map((r: { errors: string[] }) => r.errors.includes(REQ_IO_MSG.jsonRowInvalid))).toEqual([true, true]);
    expect(await requirementRows()).toBe(before);
  });

  it('a class of a programme the club does not work with is refused', async () => {
    const res = await importFile({ format: 'json', content: JSON.stringify([{ item: 'ABELHINHAS', texto: 'Texto' }]), dry_run: true });
    expect(res.json().rows[0].errors).toEqual([REQ_IO_MSG.programmeNotChosen('Abelhinhas Laboriosas')]);
  });

  it('only the direction or secretary imports and exports; another club answers 404; the platform load is the super admin\'s', async () => {
    const content = 'item;texto\nAMIGO;Texto';
    expect((await importFile({ format: 'csv', content }, plain)).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url(club.id, '/requirements/export'), { as: plain })).statusCode).toBe(403);
    expect((await importFile({ format: 'csv', content }, otherAdmin)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url(club.id, '/requirements/export'), { as: otherAdmin })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', url(club.id, '/requirements/export?item=NADA'), { as: admin })).statusCode).toBe(404);
    expect((await platformImport({ format: 'csv', content }, admin)).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/admin/programme/requirements/export', { as: admin })).statusCode).toBe(403);
    expect((await importFile({ format: 'csv', content })).statusCode).toBe(200);
  });

  it('the super admin loads requisitos for every club; a club\'s own list overrides them for that club only', async () => {
    const third = await signUp(ctx.app, { name: 'Diretor Terceiro' });
    const thirdClub = await createClub(ctx.app, third, 'Clube Terceiro');
    const content = ['item;seção;texto', 'COMPANHEIRO;G;Ter 11 anos', 'COMPANHEIRO;G;Ser membro ativo', 'COMPANHEIRO;DE;Explicar a lei'].join('\n');
    const preview = await platformImport({ format: 'csv', content, dry_run: true });
    expect(preview.json()).toMatchObject({ valid: true, items: [{ code: 'COMPANHEIRO', added: 3 }] });
    expect((await platformImport({ format: 'csv', content, dry_run: false })).json()).toMatchObject({ imported: 3 });
    const seen = await listOf('COMPANHEIRO', thirdClub.id, third);
    expect(seen.map((r) => [r.text, r.platform])).toEqual([['Ter 11 anos', true], ['Ser membro ativo', true], ['Explicar a lei', true]]);
    // One club edits its list: the others keep the platform's.
    await call(ctx.app, 'PUT', url(otherClub.id, `/requirements/${(await listOf('COMPANHEIRO', otherClub.id, otherAdmin))[0].id}`), { as: otherAdmin, body: { section_code: 'G', text: 'Ter 11 anos completos' } });
    expect((await listOf('COMPANHEIRO', otherClub.id, otherAdmin))[0]).toMatchObject({ text: 'Ter 11 anos completos', platform: false });
    expect((await listOf('COMPANHEIRO', thirdClub.id, third))[0]).toMatchObject({ text: 'Ter 11 anos', platform: true });
    // The club signs a platform requisito; a new platform version drops it: that club keeps the list it signed.
    const [{ id: thirdKid }] = await ctx.db.query<{ id: string }>(`SELECT cm.id FROM club_members cm WHERE cm.club_id = $1 LIMIT 1`, [thirdClub.id]);
    const kidSession = await signUp(ctx.app, { name: 'Lia Terceira' });
    await addMember(ctx.db, thirdClub.id, kidSession.profile.id);
    const [{ id: liaId }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [thirdClub.id, kidSession.profile.id]);
    expect(thirdKid).toBeTruthy();
    await call(ctx.app, 'POST', url(thirdClub.id, '/enrolments'), { as: third, body: { member_id: liaId, item_code: 'COMPANHEIRO' } });
    const signed = await call(ctx.app, 'POST', url(thirdClub.id, '/signatures'), { as: third, body: { requirement_id: seen[1].id, member_ids: [liaId] } });
    expect(signed.json()).toMatchObject({ signed: 1 });
    const v2 = ['item;seção;texto', 'COMPANHEIRO;G;Ter 11 anos', 'COMPANHEIRO;DE;Explicar a lei', 'COMPANHEIRO;SO;Visitar um asilo'].join('\n');
    expect((await platformImport({ format: 'csv', content: v2, dry_run: true })).json().items[0]).toMatchObject({ added: 1, kept: 2, removed: 1, clubs_keeping_list: 1 });
    expect((await platformImport({ format: 'csv', content: v2, dry_run: false })).statusCode).toBe(200);
    const thirdList = await listOf('COMPANHEIRO', thirdClub.id, third);
    expect(thirdList.map((r) => [r.text, r.platform])).toEqual([['Ter 11 anos', false], ['Ser membro ativo', false], ['Explicar a lei', false]]);
    const card = (await call(ctx.app, 'GET', url(thirdClub.id, `/members/${liaId}/card`), { as: third })).json();
    expect(card.enrolments[0].progress).toEqual({ signed: 1, total: 3 });
    // A club that never touched it sees the new platform list.
    const fourth = await signUp(ctx.app, { name: 'Diretora Quarta' });
    const fourthClub = await createClub(ctx.app, fourth, 'Clube Quarto');
    expect((await listOf('COMPANHEIRO', fourthClub.id, fourth)).map((r) => r.text)).toEqual(['Ter 11 anos', 'Explicar a lei', 'Visitar um asilo']);
    const exported = await call(ctx.app, 'GET', '/api/admin/programme/requirements/export?format=json&item=COMPANHEIRO', { as: superAdmin });
    expect(JSON.parse(exported.body).requisitos.map((r: { texto: string }) => r.texto)).toEqual(['Ter 11 anos', 'Explicar a lei', 'Visitar um asilo']);
  });

  it('two imports at once leave exactly the file\'s list (no duplicates)', async () => {
    const content = ['item;texto', ...Array.from({ length: 30 }, (_, i) => `HM-002;Passo ${i + 1}`)].join('\n');
    const results = await Promise.all([importFile({ format: 'csv', content, dry_run: false }), importFile({ format: 'csv', content, dry_run: false })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await listOf('HM-002')).map((r) => r.text)).toEqual(Array.from({ length: 30 }, (_, i) => `Passo ${i + 1}`));
  });

  it('a file that turns invalid between preview and import writes nothing', async () => {
    const content = 'item;texto;completar especialidade\nHM-003;Passo;HM-004';
    expect((await importFile({ format: 'csv', content, dry_run: true })).json().valid).toBe(true);
    // Meanwhile the club stops working with Desbravadores: the import re-checks inside its transaction.
    await call(ctx.app, 'PUT', url(club.id, '/settings'), { as: admin, body: { programmes: ['aventureiros'], points_per_requirement: 5, points_per_class: 50, points_per_specialty: 20 } });
    const before = await requirementRows();
    const res = await importFile({ format: 'csv', content, dry_run: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(REQ_IO_MSG.hasErrors);
    expect(await requirementRows()).toBe(before);
    await call(ctx.app, 'PUT', url(club.id, '/settings'), { as: admin, body: { programmes: ['desbravadores'], points_per_requirement: 5, points_per_class: 50, points_per_specialty: 20 } });
  });

  it('random files never answer 5xx, and a refused one writes nothing (fast-check)', async () => {
    const cell = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('AMIGO', 'HM-001', 'G', 'EN', 'sim', 'não', '=1+1', '"', ';', '\n', '\uFFFD', ''));
    const csvFile = fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 12 }).map((rows) => ['item;seção;texto;feito em campo', ...rows.map((r) => r.join(';'))].join('\n'));
    const jsonFile = fc.anything().map((v) => JSON.stringify({ requisitos: Array.isArray(v) ? v : [v] }) ?? '[]');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('csv', 'json'), fc.boolean(), csvFile, jsonFile, async (format, dryRun, csv, json) => {
        const before = await count(`SELECT (SELECT count(*) FROM programme_requirements) + (SELECT count(*) FROM audit_log) AS n`);
        const res = await importFile({ format, content: format === 'csv' ? csv : json, dry_run: dryRun });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400 || dryRun) expect(await count(`SELECT (SELECT count(*) FROM programme_requirements) + (SELECT count(*) FROM audit_log) AS n`)).toBe(before);
      }),
      { numRuns: 80, seed: 341 },
    );
  });
});
