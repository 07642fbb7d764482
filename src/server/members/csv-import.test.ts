import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MSG, type TCsvImportResult } from '../../shared/members.js';
import { CSV_MSG_HEADER } from './csv-import.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { MEMBER_CSV_MODEL, decodeCsvFile } from '../../shared/csv-file.js';
import { BIRTH_DATE_MSG } from '../../shared/birth-date.js';
import { buildXlsx, buildXlsxBomb } from '../../../test/xlsx.js';

let ctx: TestContext;
let admin: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  club = await createClub(ctx.app, admin, 'Importador');
  await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { name: 'Águias', color: '#0ea5e9' } });
});
afterAll(() => ctx.close());

const importCsv = (csv: string, dryRun: boolean) => call(ctx.app, 'POST', `/api/clubs/${club.id}/members/import`, { as: admin, body: { csv, dry_run: dryRun } });
const count = async () => (await ctx.db.query(`SELECT 1 FROM club_members WHERE club_id = $1`, [club.id])).length;

describe(`CSV import on ${engineName()}`, () => {
  it('previews rows with per-row errors and writes nothing; importing with one bad row writes nothing', async () => {
    const existing = await signUp(ctx.app, { email: 'ja.membro@teste.com' });
    await addMember(ctx.db, club.id, existing.profile.id);
    const csv = [
      'Nome;E-mail;Função;Unidade',
      'Ana Lima;ana.csv@teste.com;Conselheiro(a);águias',
      'Bruno;;Desbravador(a);',
      ';sem.nome@teste.com;;',
      'Carla;nao-e-email;;',
      'Dani;ana.csv@teste.com;;',
      'Edu;;;Leões',
      'Fábio;ja.membro@teste.com;;',
    ].join('\n');
    const before = await count();
    const preview = await importCsv(csv, true);
    expect(preview.statusCode).toBe(200);
    const body: TCsvImportResult = preview.json();
    expect(body.valid).toBe(false);
    expect(body.imported).toBe(0);
    expect(body.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, []],
      [4, [MEMBER_MSG.nameRequired]],
      [5, [MEMBER_MSG.emailInvalid]],
      [6, [MEMBER_MSG.csvDuplicateEmail]],
      [7, [`${MEMBER_MSG.csvUnknownUnit}: Leões`]],
      [8, [MEMBER_MSG.alreadyMember]],
    ]);
    expect(body.rows[1]).toMatchObject({ full_name: 'Bruno', email: null, role: 'member', unit_name: null });

    const commit = await importCsv(csv, false);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.message).toBe(MEMBER_MSG.csvHasErrors);
    expect(commit.json().error.details.rows).toHaveLength(7);
    expect(await count()).toBe(before);
    expect(await ctx.db.query(`SELECT 1 FROM profiles WHERE email = 'ana.csv@teste.com'`)).toHaveLength(0);
  });

  it('imports a valid file all at once: every row is a member of this club without an account, never a known account', async () => {
    const known = await signUp(ctx.app, { name: 'Conta Conhecida', email: 'conhecida@teste.com' });
    const csv = 'nome,email,funcao,unidade\nConta Conhecida,CONHECIDA@teste.com,admin,Águias\nLia,,Desbravador(a),Águias\nTeo,teo.csv@teste.com,,\n';
    const dry = (await importCsv(csv, true)).json();
    expect(dry.valid).toBe(true);
    const res = await importCsv(csv, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toBe(3);
    const list: Array<{ profile_id: string; full_name: string; role: string; unit_name: string | null; has_account: boolean; email: string | null }> =
      (await call(ctx.app, 'GET', `/api/clubs/${club.id}/members?limit=200`, { as: admin })).json().members;
    expect(list.find((m) => m.profile_id === known.profile.id)).toBeUndefined();
    expect(list.find((m) => m.full_name === 'Conta Conhecida')).toMatchObject({ role: 'admin', has_account: false, email: 'conhecida@teste.com' });
    expect((await call(ctx.app, 'GET', '/api/clubs', { as: known })).json()).toEqual([]);
    expect(list.find((m) => m.full_name === 'Lia')).toMatchObject({ has_account: false, email: null, unit_name: 'Águias' });
    expect(list.find((m) => m.full_name === 'Teo')).toMatchObject({ has_account: false, email: 'teo.csv@teste.com', role: 'member' });
  });

  it('refuses a file without a name column or without rows', async () => {
    const noHeader = await importCsv('foo,bar\n1,2', true);
    expect(noHeader.statusCode).toBe(400);
    const empty = await importCsv('nome,email\n', true);
    expect(empty.json().error.message).toBe(MEMBER_MSG.csvEmpty);
  });

  it('an Excel file (Windows-1252, ;) keeps its accents: headers without accents or case, accented units, the preview is what is saved', async () => {
    const director = await signUp(ctx.app);
    const own = await createClub(ctx.app, director, 'Excel');
    for (const name of ['Águias', 'Gaivotas']) await call(ctx.app, 'POST', `/api/clubs/${own.id}/units`, { as: director, body: { name, color: '#0ea5e9' } });
    const send = (csv: string, dryRun: boolean) => call(ctx.app, 'POST', `/api/clubs/${own.id}/members/import`, { as: director, body: { csv, dry_run: dryRun } });
    const text = 'NOME;E-MAIL;FUNÇÃO;Unidade\r\nÉrica Gonçalves;erica@teste.com;Conselheiro(a);águias\r\nJoão;;Desbravador(a);GAIVOTAS\r\n';
    // Bytes as Excel writes them: 'É' is 0xC9, 'ç' 0xE7, 'ã' 0xE3 — not valid UTF-8.
    const windows1252 = Uint8Array.from(Buffer.from(text, 'latin1'));
    expect(windows1252.includes(0xc9)).toBe(true);
    for (const bytes of [windows1252, Uint8Array.from(Buffer.from(text, 'utf8')), Uint8Array.from(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))]) {
      expect(decodeCsvFile(bytes)).toBe(text);
    }
    for (const header of ['nome,email,funcao,unidade', 'Nome,E-mail,Função,UNIDADE', 'NOME;EMAIL;FUNÇÃO;unidade']) {
      const sep = header.includes(';') ? ';' : ',';
      const rows = (await send(`${header}\nAna${sep}${sep}Conselheiro(a)${sep}Águias`, true)).json().rows;
      expect(rows[0]).toMatchObject({ role: 'counselor', unit_name: 'Águias', errors: [] });
    }

    const preview = (await send(decodeCsvFile(windows1252), true)).json() as TCsvImportResult;
    expect(preview.valid).toBe(true);
    expect(preview.rows.map(({ full_name, email, role, unit_name }) => ({ full_name, email, role, unit_name }))).toEqual([
      { full_name: 'Érica Gonçalves', email: 'erica@teste.com', role: 'counselor', unit_name: 'Águias' },
      { full_name: 'João', email: null, role: 'member', unit_name: 'Gaivotas' },
    ]);
    // A file read with the wrong encoding never imports '�rica'.
    const garbled = await send(new TextDecoder('utf-8').decode(windows1252), true);
    expect(garbled.json().valid).toBe(false);
    expect(garbled.json().rows[0].errors).toContain(MEMBER_MSG.csvUnreadable);
    expect((await send(new TextDecoder('utf-8').decode(windows1252), false)).statusCode).toBe(400);

    expect((await send(decodeCsvFile(windows1252), false)).json().imported).toBe(2);
    const saved = await ctx.db.query<{ full_name: string; role: string; unit: string | null }>(
      `SELECT p.full_name, cm.role, u.name AS unit FROM club_members cm JOIN profiles p ON p.id = cm.profile_id LEFT JOIN units u ON u.id = cm.unit_id
        WHERE cm.club_id = $1 AND cm.role <> 'admin' ORDER BY pt_sort_key(p.full_name) COLLATE "C"`, [own.id]);
    expect(saved).toEqual(preview.rows.map((r) => ({ full_name: r.full_name, role: r.role, unit: r.unit_name })).sort((a, b) => a.full_name.localeCompare(b.full_name)));

    // The downloadable model imports as it is.
    const model = (await send(MEMBER_CSV_MODEL.replace('erica@exemplo.com', 'erica.modelo@exemplo.com'), true)).json() as TCsvImportResult;
    expect(model.rows.map((r) => r.errors)).toEqual([[], []]);
  });

  it('imports an Excel workbook (.xlsx) with the same preview and all-or-nothing, birth dates included (issue 43)', async () => {
    const director = await signUp(ctx.app);
    const own = await createClub(ctx.app, director, 'Planilha');
    await call(ctx.app, 'POST', `/api/clubs/${own.id}/units`, { as: director, body: { name: 'Águias', color: '#0ea5e9' } });
    const send = (bytes: Uint8Array, dryRun: boolean) =>
      call(ctx.app, 'POST', `/api/clubs/${own.id}/members/import`, { as: director, body: { xlsx: Buffer.from(bytes).toString('base64'), dry_run: dryRun } });
    const members = async () => ctx.db.query<{ full_name: string; birth_date: string | null; unit: string | null }>(
      `SELECT p.full_name, to_char(cm.birth_date, 'YYYY-MM-DD') AS birth_date, u.name AS unit FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
        LEFT JOIN units u ON u.id = cm.unit_id WHERE cm.club_id = $1 AND cm.role <> 'admin' ORDER BY pt_sort_key(p.full_name) COLLATE "C"`, [own.id]);

    const withErrors = buildXlsx([
      ['Nome', 'E-mail', 'Função', 'Unidade', 'Data de nascimento'],
      ['Érica Gonçalves', null, 'Desbravador(a)', 'águias', { date: '2014-03-09' }],
      ['João', null, null, null, '31/02/2013'],
      ['Lia', null, null, null, '01/01/2999'],
    ]);
    const preview = await send(withErrors, true);
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as TCsvImportResult).rows.map((r) => [r.line, r.full_name, r.birth_date, r.unit_name, r.errors])).toEqual([
      [2, 'Érica Gonçalves', '2014-03-09', 'Águias', []],
      [3, 'João', null, null, [`${BIRTH_DATE_MSG.impossible} (31/02/2013)`]],
      [4, 'Lia', null, null, [`${BIRTH_DATE_MSG.future} (01/01/2999)`]],
    ]);
    const refused = await send(withErrors, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MEMBER_MSG.csvHasErrors);
    expect(await members()).toEqual([]);

    const good = buildXlsx([
      ['nome', 'nascimento', 'unidade'],
      ['Érica Gonçalves', { date: '2014-03-09' }, 'Águias'],
      ['João', '7/2/2013', null],
      ['Teo', null, null],
    ]);
    expect((await send(good, true)).json().valid).toBe(true);
    expect((await send(good, false)).json().imported).toBe(3);
    expect(await members()).toEqual([
      { full_name: 'Érica Gonçalves', birth_date: '2014-03-09', unit: 'Águias' },
      { full_name: 'João', birth_date: '2013-02-07', unit: null },
      { full_name: 'Teo', birth_date: null, unit: null },
    ]);
  });

  it('a CSV keeps its birth-date column (it used to be dropped) and refuses impossible dates in pt-BR', async () => {
    const csv = 'nome;nascimento\nNina Nasc;29/02/2016\nOto Nasc;29/02/2015\nPia Nasc;2015-13-01\nRui Nasc;ontem\n';
    const rows = (await importCsv(csv, true)).json().rows as TCsvImportResult['rows'];
    expect(rows.map((r) => [r.birth_date, r.errors])).toEqual([
      ['2016-02-29', []],
      [null, [`${BIRTH_DATE_MSG.impossible} (29/02/2015)`]],
      [null, [`${BIRTH_DATE_MSG.impossible} (2015-13-01)`]],
      [null, [`${BIRTH_DATE_MSG.invalid} (ontem)`]],
    ]);
    expect((await importCsv('nome;nascimento\nNina Nasc;29/02/2016\n', false)).json().imported).toBe(1);
    const saved = await ctx.db.query<{ birth_date: string }>(
      `SELECT to_char(cm.birth_date, 'YYYY-MM-DD') AS birth_date FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.full_name = 'Nina Nasc'`, [club.id]);
    expect(saved).toEqual([{ birth_date: '2016-02-29' }]);
  });

  it('a bad, old, oversized or bomb workbook is one pt-BR 400 and writes nothing', async () => {
    const send = (body: object) => call(ctx.app, 'POST', `/api/clubs/${club.id}/members/import`, { as: admin, body: { dry_run: false, ...body } });
    const before = await count();
    const cases: Array<[object, string]> = [
      [{ xlsx: Buffer.from('nome;email\nAna;').toString('base64') }, MEMBER_MSG.xlsxUnreadable],
      [{ xlsx: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).toString('base64') }, MEMBER_MSG.xlsxOld],
      [{ xlsx: Buffer.from(buildXlsxBomb(40)).toString('base64') }, MEMBER_MSG.xlsxInflated],
      [{ xlsx: 'não é base64!' }, MEMBER_MSG.xlsxUnreadable],
      [{ xlsx: 'A'.repeat(800_000) }, MEMBER_MSG.xlsxTooBig],
      [{ xlsx: Buffer.from(buildXlsx([['foo'], ['x']])).toString('base64') }, CSV_MSG_HEADER],
      [{ xlsx: Buffer.from(buildXlsx([['nome'], ...Array.from({ length: 501 }, (_, i) => [`P${i}`])])).toString('base64') }, MEMBER_MSG.csvTooMany],
      [{ csv: 'nome\nAna', xlsx: '' }, MEMBER_MSG.csvAndXlsx],
      [{}, MEMBER_MSG.csvRequired],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});
