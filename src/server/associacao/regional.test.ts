import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { REGIONAL_MSG } from '../../shared/associacao-regional.js';
import type { Queryable } from '../db/index.js';
import { evaluation, evaluationScores } from './evaluation.js';
import { sgcCountsOfClubs } from './service.js';
import { regionalClub, regionalView } from './regional.js';

let ctx: TestContext;
let s: StaffedClub;
let second: { id: string; name: string };
let secondAdmin: Session;
let coordinator: Session;
let coordinatorEmail: string;
const CHILD = 'Joãozinho Regional';
const CPF = '52998224725';

/** Confirms the account's e-mail the way a person does: asks for the link, opens the one mailed. */
async function verifyEmail(who: Session): Promise<void> {
  expect((await call(ctx.app, 'POST', '/api/auth/email/verify', { as: who, body: {} })).statusCode).toBe(200);
  const [mail] = await ctx.db.query<{ text_body: string }>(`SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE 'Confirme%' ORDER BY created_at DESC LIMIT 1`, [who.profile.email]);
  const token = /confirmar-email\/([\w-]+)/.exec(mail.text_body)?.[1];
  expect((await call(ctx.app, 'POST', '/api/auth/email/confirm', { body: { token } })).statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://trilha.exemplo.org' });
  s = await setUpStaffedClub(ctx, 'Clube Regional Norte', { members: ['Ana Souza'] });
  const child = await inviteChild(ctx, s.admin, s.club.id, { name: CHILD, birthDate: '2015-03-04', guardianName: 'Maria Regional', relationship: 'Mãe' });
  await call(ctx.app, 'PUT', `${s.base}/associacao/members/${child.memberId}/sgc`, { as: s.secretary, body: { birth_date: '2015-03-04', sex: 'M', cpf: CPF, cpf_owner: 'member', rg: null, address: 'Rua Secreta 1', phone: null, guardian_name: null } });
  secondAdmin = await signUp(ctx.app, { name: 'Diretor Sul' });
  second = await createClub(ctx.app, secondAdmin, 'Clube Regional Sul');
  coordinatorEmail = uniqueEmail('coord');
  coordinator = await signUp(ctx.app, { name: 'Coordenadora Regional', email: coordinatorEmail });
});
afterAll(() => ctx.close());

const shares = (clubId: string) => `/api/clubs/${clubId}/associacao/regional-shares`;

describe(`the regional view on ${engineName()}`, () => {
  let shareId: string;

  it('the secretary shares with an e-mail: the consent is audited and the link comes from PUBLIC_URL', async () => {
    const res = await call(ctx.app, 'POST', shares(s.club.id), { as: s.secretary, body: { email: `  ${coordinatorEmail.toUpperCase()} ` }, headers: { host: 'malicioso.example' } });
    expect(res.statusCode, res.body).toBe(201);
    shareId = res.json().id;
    expect(res.json()).toMatchObject({ email: coordinatorEmail, consented_by_name: 'Secretário' });
    const [audit] = await ctx.db.query<{ actor_id: string }>(`SELECT actor_id FROM audit_log WHERE action = 'associacao.regional_share' AND entity_id = $1`, [shareId]);
    expect(audit.actor_id).toBe(s.secretary.profile.id);
    const [mail] = await ctx.db.query<{ text_body: string }>(`SELECT text_body FROM mail_queue WHERE to_address = $1`, [coordinatorEmail]);
    expect(mail.text_body).toContain('https://trilha.exemplo.org/dashboard/regional');
    expect(mail.text_body).not.toContain('malicioso');
    expect((await call(ctx.app, 'GET', shares(s.club.id), { as: s.admin })).json()).toHaveLength(1);
  });

  it('the answer never reveals whether the e-mail has an account', async () => {
    const unknown = await call(ctx.app, 'POST', shares(s.club.id), { as: s.admin, body: { email: uniqueEmail('ninguem') } });
    expect(unknown.statusCode).toBe(201);
    expect(Object.keys(unknown.json()).sort()).toEqual(['consented_by_name', 'created_at', 'email', 'id']);
  });

  it('sharing the same e-mail twice at once leaves one active share; the other is a pt-BR 409', async () => {
    const email = uniqueEmail('duplo');
    const both = await Promise.all([0, 1].map(() => call(ctx.app, 'POST', shares(s.club.id), { as: s.admin, body: { email } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error.message).toBe(REGIONAL_MSG.exists);
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM regional_shares WHERE email = $1 AND revoked_at IS NULL`, [email]);
    expect(n).toBe(1);
  });

  it('a member gets 403, another club 404, and a bad e-mail a pt-BR 400', async () => {
    expect((await call(ctx.app, 'POST', shares(s.club.id), { as: s.members[0], body: { email: uniqueEmail() } })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', shares(s.club.id), { as: s.treasurer })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', shares(s.club.id), { as: s.stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `${shares(s.club.id)}/${shareId}`, { as: s.stranger })).statusCode).toBe(404);
    const bad = await call(ctx.app, 'POST', shares(s.club.id), { as: s.admin, body: { email: 'não é e-mail' } });
    expect(bad.statusCode).toBe(400);
  });

  it('an unverified e-mail sees nothing, and the club answers 404', async () => {
    const view = (await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator })).json();
    expect(view).toEqual({ email_verified: false, clubs: [] });
    expect((await call(ctx.app, 'GET', `/api/regional/clubs/${s.club.id}`, { as: coordinator })).statusCode).toBe(404);
  });

  it('a verified coordinator sees both clubs side by side, counts only', async () => {
    await verifyEmail(coordinator);
    expect((await call(ctx.app, 'POST', shares(second.id), { as: secondAdmin, body: { email: coordinatorEmail } })).statusCode).toBe(201);
    const res = await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.email_verified).toBe(true);
    expect(view.clubs.map((c: { club_name: string }) => c.club_name)).toEqual(['Clube Regional Norte', 'Clube Regional Sul']);
    const north = view.clubs[0];
    expect(north.readiness.total).toBe(5);
    expect(north.readiness.insured).toBe(0);
    expect(north.diretoria_missing).toContain('Diretor(a)');
    expect(north.evaluation).toMatchObject({ year: expect.any(Number), score: expect.any(Number), max: 3100, total: 8 });
    expect((await call(ctx.app, 'GET', '/api/regional/summary', { as: coordinator })).json()).toEqual({ email_verified: true, clubs: 2 });
    expect((await call(ctx.app, 'GET', `/api/regional/clubs/${second.id}`, { as: coordinator })).json().club_name).toBe('Clube Regional Sul');
  });

  it('the view costs the same statements for one club or several, and each score is the club\'s own evaluation', async () => {
    const counted = (sink: string[]): Queryable => ({ query: (sql: string, params?: readonly unknown[]) => (sink.push(sql), ctx.db.query(sql, params)) }) as Queryable;
    const two: string[] = [];
    const view = await regionalView(counted(two), coordinator.profile.id);
    expect(view.clubs).toHaveLength(2);
    const one: string[] = [];
    await regionalClub(counted(one), coordinator.profile.id, second.id);
    // The same reads, and the view's one more: whether the account's e-mail is verified.
    expect(two.length).toBe(one.length + 1);
    expect(two.length).toBeLessThanOrEqual(15);
    // The reports its column shows are the evaluation's too: read once.
    expect(two.filter((sql) => sql.includes('FROM associacao_reports')).length).toBe(1);
    for (const c of view.clubs) {
      const own = await evaluation(ctx.db, c.club_id, c.evaluation?.year);
      expect(c.evaluation).toEqual({ year: own.year, score: own.score, max: own.max, done: own.done, total: own.total });
    }
  });

  it('the evaluation takes the SGC counts a caller already read for its year, and reads them for another year', async () => {
    const counted = (sink: string[]): Queryable => ({ query: (sql: string, params?: readonly unknown[]) => (sink.push(sql), ctx.db.query(sql, params)) }) as Queryable;
    const sgcReads = (sink: string[]) => sink.filter((sql) => sql.includes('unnest($1::uuid[], $2::int[]) AS k(club_id, year))')).length;
    const year = (await evaluation(ctx.db, s.club.id)).year;
    const clubs = [{ clubId: s.club.id, year }];
    const counts = (await sgcCountsOfClubs(ctx.db, clubs)).get(s.club.id) ?? { total: -1, sgc_ready: -1, insured: -1 };
    const plain = await evaluationScores(ctx.db, clubs);
    const same: string[] = [];
    expect(await evaluationScores(counted(same), clubs, { readiness: new Map([[s.club.id, { ...counts, year }]]) })).toEqual(plain);
    expect(sgcReads(same)).toBe(0);
    // Counts of the registration's next year are not this year's: read again, same score.
    const other: string[] = [];
    expect(await evaluationScores(counted(other), clubs, { readiness: new Map([[s.club.id, { total: 99, sgc_ready: 99, insured: 99, year: year + 1 }]]) })).toEqual(plain);
    expect(sgcReads(other)).toBe(1);
  });

  it('the coordinator never reaches a child: every club GET route answers 404, and the regional answer names no one', async () => {
    const clubGets = ctx.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/clubs/:clubId') && (Array.isArray(r.method) ? r.method.includes('GET') : r.method === 'GET'))
      .map((r) => r.url);
    expect(clubGets.length).toBeGreaterThan(50);
    const leaks: string[] = [];
    for (const path of clubGets) {
      const url = path.replace(/:(\w+)/g, (_m, name: string) => (name === 'clubId' ? s.club.id : name === 'token' ? 'x'.repeat(32) : '00000000-0000-4000-8000-000000000000'));
      const res = await call(ctx.app, 'GET', url, { as: coordinator });
      if (res.statusCode !== 404) leaks.push(`${path}: ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
    const body = (await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator })).body;
    for (const secret of [CHILD, 'Ana Souza', 'Maria Regional', CPF, '529.982.247-25', 'Rua Secreta', '2015-03-04', 'Secretário"', 'Diretora']) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/health|saude|saúde|allerg|member_id|full_name|cpf/i);
  });

  it('the view is kept: read again it answers 304, and a change in a shared club shows at once', async () => {
    const first = await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/regional/clubs', headers: { cookie: coordinator.cookie, 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const insuredOf = (body: { clubs: Array<{ club_id: string; readiness: { insured: number } }> }) => body.clubs.find((c) => c.club_id === s.club.id)?.readiness.insured;
    const before = insuredOf(first.json());
    const [child] = await ctx.db.query<{ id: string }>(`SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.full_name = $2`, [s.club.id, CHILD]);
    const year = first.json().clubs.find((c: { club_id: string }) => c.club_id === s.club.id).readiness.year;
    await ctx.db.query(`INSERT INTO member_insurance (club_id, member_id, year, insured, policy_number, insured_on) VALUES ($1, $2, $3, true, 'AP-1', current_date)`, [s.club.id, child.id, year]);
    expect(insuredOf((await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator })).json())).toBe((before ?? 0) + 1);
  });

  it('a revoked share disappears at once; revoking twice is a 404', async () => {
    expect((await call(ctx.app, 'DELETE', `${shares(s.club.id)}/${shareId}`, { as: s.admin })).statusCode).toBe(200);
    const view = (await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator })).json();
    expect(view.clubs.map((c: { club_name: string }) => c.club_name)).toEqual(['Clube Regional Sul']);
    expect((await call(ctx.app, 'GET', `/api/regional/clubs/${s.club.id}`, { as: coordinator })).json().error.message).toBe(REGIONAL_MSG.clubNotFound);
    expect((await call(ctx.app, 'DELETE', `${shares(s.club.id)}/${shareId}`, { as: s.admin })).statusCode).toBe(404);
    const [audit] = await ctx.db.query<{ actor_id: string }>(`SELECT actor_id FROM audit_log WHERE action = 'associacao.regional_revoke' AND entity_id = $1`, [shareId]);
    expect(audit.actor_id).toBe(s.admin.profile.id);
  });

  it('changing the account e-mail drops the verification: the new address is not trusted', async () => {
    await ctx.db.query(`UPDATE profiles SET email = $2 WHERE id = $1`, [coordinator.profile.id, uniqueEmail('outro')]);
    expect((await call(ctx.app, 'GET', '/api/regional/clubs', { as: coordinator })).json()).toEqual({ email_verified: false, clubs: [] });
  });
});
