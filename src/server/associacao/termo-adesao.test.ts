import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import type { TVolunteer } from '../../shared/associacao.js';

// The termo de adesão of the club's volunteers (issue 48, Lei 9.608/1998): the diretoria panel says who
// signed (a termo_adesao document in the pasta, not removed) and counts the missing ones.

let ctx: TestContext;
let s: StaffedClub;
let counselor: Session;
const ids: Record<string, string> = {};
const year = new Date().getUTCFullYear();
const term = { starts_on: `${year - 1}-01-01`, ends_on: `${year + 1}-12-31` };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Keeps a termo de adesão in a member's pasta through the pasta's own upload (multipart). */
function uploadTermo(memberId: string) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ntermo_adesao\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="termo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST', url: `${s.base}/secretaria/pastas/${memberId}/documentos`, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: s.secretary.cookie, 'x-trilha-client': 'web' },
  });
}

const panel = async (as: Session = s.secretary) => (await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as })).json();
const volunteer = (d: { volunteers: TVolunteer[] }, id: string) => d.volunteers.find((v) => v.member_id === id);

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube Termo', { members: ['Ana Desbravadora', 'Bruno Adulto'] });
  counselor = await signUp(ctx.app, { name: 'Clara Conselheira' });
  await addMember(ctx.db, s.club.id, counselor.profile.id, 'counselor');
  ids.admin = await memberIdOf(ctx.db, s.club.id, s.admin.profile.id);
  ids.treasurer = await memberIdOf(ctx.db, s.club.id, s.treasurer.profile.id);
  ids.secretary = await memberIdOf(ctx.db, s.club.id, s.secretary.profile.id);
  ids.counselor = await memberIdOf(ctx.db, s.club.id, counselor.profile.id);
  ids.ana = await memberIdOf(ctx.db, s.club.id, s.members[0].profile.id);
  ids.bruno = await memberIdOf(ctx.db, s.club.id, s.members[1].profile.id);
  await ctx.db.query(`UPDATE club_members SET birth_date = '1985-03-01' WHERE club_id = $1`, [s.club.id]);
  await ctx.db.query(`UPDATE club_members SET birth_date = $2 WHERE id = $1`, [ids.ana, `${year - 12}-01-01`]);
  // Bruno is a plain member, yet holds a post: a volunteer by the post.
  expect((await call(ctx.app, 'POST', `${s.base}/associacao/diretoria`, { as: s.secretary, body: { post: 'chaplain', member_id: ids.bruno, ...term } })).statusCode).toBe(201);
  await ctx.db.query(`INSERT INTO sgc_member_records (member_id, club_id, cpf, cpf_owner) VALUES ($1, $2, '52998224725', 'member')`, [ids.bruno, s.club.id]);
});
afterAll(() => ctx.close());

describe(`the termo de adesão of the volunteers on ${engineName()}`, () => {
  it('lists the post holders and the adult leaders, none signed, and the missing list counts them', async () => {
    const d = await panel();
    expect(d.volunteers.map((v: TVolunteer) => v.full_name)).toEqual(['Bruno Adulto', 'Clara Conselheira', 'Diretora', 'Secretário', 'Tesoureira']);
    expect(volunteer(d, ids.ana)).toBeUndefined();
    expect(volunteer(d, ids.bruno)).toMatchObject({ functions: ['Desbravador(a) / Membro', 'Capelão(ã)'], termo_signed_on: null });
    expect(d.missing).toContain('Termos de adesão: faltam 5');
  });

  it('a termo kept in the pasta is signed on the day it was kept; a removed one counts as missing', async () => {
    const kept = await uploadTermo(ids.bruno);
    expect(kept.statusCode).toBe(201);
    for (const id of [ids.admin, ids.treasurer, ids.secretary]) expect((await uploadTermo(id)).statusCode).toBe(201);
    const [{ today }] = await ctx.db.query<{ today: string }>(`SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE id = $1`, [s.club.id]);
    let d = await panel();
    expect(volunteer(d, ids.bruno)?.termo_signed_on).toBe(today);
    expect(volunteer(d, ids.counselor)?.termo_signed_on).toBeNull();
    expect(d.missing).toContain('Termo de adesão: falta 1');

    const removed = await call(ctx.app, 'POST', `${s.base}/secretaria/pastas/${ids.bruno}/documentos/${kept.json().id}/remove`, { as: s.secretary, body: { reason: 'Assinatura ilegível' } });
    expect(removed.statusCode).toBe(200);
    d = await panel();
    expect(volunteer(d, ids.bruno)?.termo_signed_on).toBeNull();
    expect(d.missing).toContain('Termos de adesão: faltam 2');

    await uploadTermo(ids.bruno);
    await uploadTermo(ids.counselor);
    d = await panel(s.admin);
    expect(d.volunteers.every((v: TVolunteer) => v.termo_signed_on !== null)).toBe(true);
    expect(d.missing.some((m: string) => m.startsWith('Termo'))).toBe(false);
  });

  it('the printable termo names the volunteer, their CPF, the post and its term', async () => {
    const res = await call(ctx.app, 'GET', `${s.base}/associacao/diretoria/termo/${ids.bruno}`, { as: s.secretary });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      club_name: 'Clube Termo', city: null,
      member: { id: ids.bruno, full_name: 'Bruno Adulto', cpf: '52998224725', functions: ['Desbravador(a) / Membro', 'Capelão(ã)'] },
      terms: [{ label: 'Capelão(ã)', ...term }],
    });
    const leader = (await call(ctx.app, 'GET', `${s.base}/associacao/diretoria/termo/${ids.counselor}`, { as: s.admin })).json();
    expect(leader).toMatchObject({ member: { cpf: null, functions: ['Conselheiro(a)'] }, terms: [] });
  });

  it('a member gets 403; another club 404 for the panel and for a termo', async () => {
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: s.members[0] })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/diretoria/termo/${ids.bruno}`, { as: s.members[0] })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/diretoria`, { as: s.stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/diretoria/termo/${ids.bruno}`, { as: s.stranger })).statusCode).toBe(404);
    const [theirs] = await ctx.db.query<{ id: string }>(`SELECT club_id AS id FROM club_members WHERE profile_id = $1`, [s.stranger.profile.id]);
    expect((await call(ctx.app, 'GET', `/api/clubs/${theirs.id}/associacao/diretoria/termo/${ids.bruno}`, { as: s.stranger })).statusCode).toBe(404);
  });
});
