import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { POST_MSG } from '../../../src/shared/associacao.js';

let ctx: TestContext;
let s: StaffedClub;
const ids: Record<string, string> = {};
const year = new Date().getUTCFullYear();
const term = { starts_on: `${year - 1}-01-01`, ends_on: `${year + 1}-12-31` };

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube Diretoria', { members: ['Carla Teen', 'Davi Adulto', 'Eva Adulta'] });
  ids.admin = await memberIdOf(ctx.db, s.club.id, s.admin.profile.id);
  ids.teen = await memberIdOf(ctx.db, s.club.id, s.members[0].profile.id);
  ids.davi = await memberIdOf(ctx.db, s.club.id, s.members[1].profile.id);
  ids.eva = await memberIdOf(ctx.db, s.club.id, s.members[2].profile.id);
  await ctx.db.query(`UPDATE club_members SET birth_date = $2 WHERE id = $1`, [ids.teen, `${year - 15}-01-01`]);
  await ctx.db.query(`UPDATE club_members SET birth_date = '1980-01-01' WHERE id = ANY($1::uuid[])`, [[ids.admin, ids.davi, ids.eva]]);
  await ctx.db.query(`INSERT INTO sgc_member_records (member_id, club_id, sex) VALUES ($1, $3, 'M'), ($2, $3, 'M')`, [ids.davi, ids.eva, s.club.id]);
});
afterAll(() => ctx.close());

const post = (body: Record<string, unknown>) => call(ctx.app, 'POST', `${s.base}/associacao/diretoria`, { as: s.secretary, body: { ...term, ...body } });

describe(`the diretoria on ${engineName()}`, () => {
  it('an empty diretoria lists every post as missing', async () => {
    const d = (await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: s.admin })).json();
    expect(d.missing).toEqual(['Diretor(a)', 'Diretor(a) associado(a): faltam 2', 'Capelão(ã)', 'Secretário(a)', 'Tesoureiro(a)', 'Instrutor(a) de classes', 'Instrutor(a) de especialidades', 'Termo de adesão: falta 1']);
    expect(d.candidates.length).toBe(6);
  });

  it('an end of term before its start is refused in pt-BR and writes nothing', async () => {
    const bad = await post({ post: 'director', member_id: ids.admin, starts_on: `${year}-05-01`, ends_on: `${year}-04-30` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(POST_MSG.endBeforeStart);
    expect(await ctx.db.query(`SELECT 1 FROM diretoria_posts`)).toEqual([]);
  });

  it('shows the rules broken: a minor director, associates of the same sex, a secretary under 16; fixing them clears the panel', async () => {
    const dir = (await post({ post: 'director', member_id: ids.teen })).json().id;
    await post({ post: 'associate', member_id: ids.davi });
    const eva = (await post({ post: 'associate', member_id: ids.eva })).json().id;
    const sec = (await post({ post: 'secretary', member_id: ids.teen })).json().id;
    let d = (await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: s.secretary })).json();
    expect(d.problems).toEqual([
      'Carla Teen: a direção do clube cabe a alguém maior de idade.',
      'Os dois diretores associados devem ser de sexos diferentes.',
      'Carla Teen: a secretaria pede ao menos 16 anos.',
    ]);
    // The director and the volunteers holding posts have no termo de adesão in their pasta yet.
    expect(d.missing).toEqual(['Capelão(ã)', 'Tesoureiro(a)', 'Instrutor(a) de classes', 'Instrutor(a) de especialidades', 'Termos de adesão: faltam 4']);

    await ctx.db.query(`UPDATE sgc_member_records SET sex = 'F' WHERE member_id = $1`, [ids.eva]);
    expect((await call(ctx.app, 'PUT', `${s.base}/associacao/diretoria/${dir}`, { as: s.secretary, body: { post: 'director', member_id: ids.admin, ...term } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', `${s.base}/associacao/diretoria/${sec}`, { as: s.secretary })).statusCode).toBe(200);
    // A past term does not count: the secretary post is empty again.
    await post({ post: 'secretary', member_id: ids.davi, starts_on: `${year - 3}-01-01`, ends_on: `${year - 2}-12-31` });
    d = (await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: s.secretary })).json();
    expect(d.problems).toEqual([]);
    expect(d.missing).toContain('Secretário(a)');
    expect(d.holders.find((h: { id: string }) => h.id === eva)).toMatchObject({ current: true, full_name: 'Eva Adulta' });
  });

  it('a treasurer is refused; another club gets 404 for the list, a post and a member', async () => {
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: s.treasurer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', `${s.base}/associacao/diretoria`, { as: s.treasurer, body: { post: 'chaplain', member_id: ids.davi, ...term } })).statusCode).toBe(403);
    const other = await signUp(ctx.app);
    const theirs = await createClub(ctx.app, other, 'Outra Diretoria');
    const [{ id }] = await ctx.db.query<{ id: string }>(`SELECT id FROM diretoria_posts LIMIT 1`);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: other })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${theirs.id}/associacao/diretoria/${id}`, { as: other })).statusCode).toBe(404);
    const stolen = await call(ctx.app, 'POST', `/api/clubs/${theirs.id}/associacao/diretoria`, { as: other, body: { post: 'chaplain', member_id: ids.davi, ...term } });
    expect(stolen.statusCode).toBe(404);
    expect(await ctx.db.query(`SELECT 1 FROM diretoria_posts WHERE club_id = $1`, [theirs.id])).toEqual([]);
  });
});
