import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MSG, type TCsvImportResult } from '../../shared/members.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

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
});
