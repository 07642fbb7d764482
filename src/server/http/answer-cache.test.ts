import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { one } from '../db/index.js';
import { engineName } from '../../../test/db.js';
import { NO_LIMITS, addMember, call, createClub, createTestApp, login, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { answerCacheBytesFromEnv } from './answer-cache.js';

// ADR 026: club reads are answered from memory while the club's data version stays the same. What a
// user relies on: a change — through this server, another instance or plain SQL — shows on the very
// next read, and nobody ever gets an answer written for someone else.

let ctx: TestContext;
let admin: Session;
let member: Session;
let clubId: string;
let cashAccount: string;
const superAdminEmail = uniqueEmail('super');
const base = () => `/api/clubs/${clubId}`;

beforeAll(async () => {
  ctx = await createTestApp();
  // The platform's first account is its super admin.
  await signUp(ctx.app, { name: 'Super Admin', email: superAdminEmail });
  admin = await signUp(ctx.app, { name: 'Admin' });
  member = await signUp(ctx.app, { name: 'Membro' });
  clubId = (await createClub(ctx.app, admin, 'Clube Memória')).id;
  await addMember(ctx.db, clubId, member.profile.id);
  cashAccount = (await call(ctx.app, 'POST', `${base()}/cash-accounts`, { as: admin, body: { name: 'Caixa', initial_balance: '0' } })).json().id;
});
afterAll(() => ctx.close());

const get = (app: FastifyInstance, url: string, as: Session) => call(app, 'GET', `${base()}${url}`, { as });

describe(`answers kept by the club's data version on ${engineName()}`, () => {
  it('the same read twice runs its query once; a member added through the API is on the next read', async () => {
    const first = await get(ctx.app, '/members?limit=50', admin);
    const hits = ctx.app.answers.hits;
    const again = await get(ctx.app, '/members?limit=50', admin);
    expect(again.body).toBe(first.body);
    expect(ctx.app.answers.hits).toBe(hits + 1);

    const added = await call(ctx.app, 'POST', `${base()}/members`, { as: admin, body: { mode: 'accountless', full_name: 'Joãozinho 🏕️', role: 'member' } });
    expect(added.statusCode).toBe(201);
    const after = (await get(ctx.app, '/members?limit=50', admin)).json();
    expect(after.total).toBe(first.json().total + 1);
    expect(after.members[0].full_name).toBe('Joãozinho 🏕️');
  });

  it('a change made outside this server (plain SQL, another instance) shows on the next read', async () => {
    await get(ctx.app, '/members?limit=50', admin);
    await get(ctx.app, '/ranking/individual', admin);
    await ctx.db.query(`UPDATE profiles SET full_name = 'Membro Renomeado' WHERE id = $1`, [member.profile.id]);
    const names = (await get(ctx.app, '/members?limit=50', admin)).json().members.map((m: { full_name: string }) => m.full_name);
    expect(names).toContain('Membro Renomeado');

    const before = (await get(ctx.app, '/ranking/individual', admin)).json() as Array<{ profile_id: string; total_points: number }>;
    const pointsOf = (rows: typeof before) => rows.find((r) => r.profile_id === member.profile.id)?.total_points ?? 0;
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 7, 'Ajuste')`, [clubId, member.profile.id]);
    const after = (await get(ctx.app, '/ranking/individual', admin)).json() as typeof before;
    expect(pointsOf(after)).toBe(pointsOf(before) + 7);
  });

  it('an answer is kept per person and function: a member never gets the e-mails the admin was shown', async () => {
    const asAdmin = (await get(ctx.app, '/members?limit=50', admin)).json();
    expect(asAdmin.members.some((m: { email: string | null }) => m.email !== null)).toBe(true);
    const asMember = (await get(ctx.app, '/members?limit=50', member)).json();
    expect(asMember.members.every((m: { email: string | null }) => m.email === null)).toBe(true);
    // And the other way round, with the member's answer now kept.
    expect((await get(ctx.app, '/members?limit=50', admin)).json().members.some((m: { email: string | null }) => m.email !== null)).toBe(true);
    // A stranger still gets 404 and an anonymous caller 401, whatever is kept.
    const stranger = await signUp(ctx.app, { name: 'Estranho' });
    expect((await get(ctx.app, '/members?limit=50', stranger)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base()}/members?limit=50`)).statusCode).toBe(401);
    // A function without the permission is refused before anything kept is looked at.
    expect((await get(ctx.app, '/transactions', member)).statusCode).toBe(403);
  });

  it('a refusal is not kept: an unknown period answers 404 every time', async () => {
    const url = '/ranking/individual?period_id=00000000-0000-4000-8000-000000000000';
    expect((await get(ctx.app, url, admin)).statusCode).toBe(404);
    expect((await get(ctx.app, url, admin)).statusCode).toBe(404);
  });

  it('transactions written while the list is read: once the writes are answered, the list holds every one', async () => {
    const list = () => get(ctx.app, '/transactions?limit=100', admin);
    const start = (await list()).json().total as number;
    for (let round = 0; round < 15; round += 1) {
      const writes = Array.from({ length: 3 }, (_, i) => call(ctx.app, 'POST', `${base()}/transactions`, {
        as: admin, body: { type: 'income', cash_account_id: cashAccount, description: `Rodada ${round}.${i}`, amount: '1,50' },
      }));
      const reads = Array.from({ length: 3 }, () => list());
      const done = await Promise.all([...writes, ...reads]);
      expect(done.slice(0, 3).map((r) => r.statusCode)).toEqual([201, 201, 201]);
      const after = (await list()).json();
      expect(after.total).toBe(start + 3 * (round + 1));
      expect(after.transactions[0].description).toMatch(/^Rodada /);
    }
    const balance = await one<{ b: string }>(ctx.db, `SELECT current_balance::text AS b FROM cash_accounts WHERE id = $1`, [cashAccount]);
    expect(balance.b).toBe((1.5 * 45).toFixed(2));
  });

  it('the finance reports answer from memory until a transaction is written, then show it', async () => {
    const year = new Date().getFullYear();
    const byAccount = `/finance/reports/by-chart-account?from=${year - 1}-01-01&to=${year + 1}-12-31`;
    const incomeOf = (rows: Array<{ type: string; total: string }>) => rows.filter((r) => r.type === 'income').reduce((s, r) => s + Number(r.total), 0);
    const monthlyIncome = (rows: Array<{ income: string }>) => rows.reduce((s, r) => s + Number(r.income), 0);
    const before = [(await get(ctx.app, byAccount, admin)).json(), (await get(ctx.app, '/finance/reports/monthly', admin)).json()];
    const hits = ctx.app.answers.hits;
    await get(ctx.app, byAccount, admin);
    await get(ctx.app, '/finance/reports/monthly', admin);
    expect(ctx.app.answers.hits).toBe(hits + 2);
    const res = await call(ctx.app, 'POST', `${base()}/transactions`, { as: admin, body: { type: 'income', cash_account_id: cashAccount, description: 'Rifa', amount: '1234.56' } });
    expect(res.statusCode).toBe(201);
    expect(incomeOf((await get(ctx.app, byAccount, admin)).json())).toBeCloseTo(incomeOf(before[0]) + 1234.56, 2);
    expect(monthlyIncome((await get(ctx.app, '/finance/reports/monthly', admin)).json())).toBeCloseTo(monthlyIncome(before[1]) + 1234.56, 2);
  });

  it.runIf(engineName() === 'postgres')('two instances on one PostgreSQL: a write through one shows on the other\'s next read', async () => {
    const other = await buildApp({ db: ctx.db, dataDir: ctx.dataDir, limits: NO_LIMITS });
    await other.ready();
    try {
      const fromA = (await get(ctx.app, '/tasks', admin)).json() as unknown[];
      await get(ctx.app, '/tasks', admin);
      const created = await call(other, 'POST', `${base()}/tasks`, { as: admin, body: { title: 'Nó de escota', type: 'check', points: 5 } });
      expect(created.statusCode).toBe(201);
      const again = (await get(ctx.app, '/tasks', admin)).json() as Array<{ title: string }>;
      expect(again).toHaveLength(fromA.length + 1);
      expect(again.map((t) => t.title)).toContain('Nó de escota');
    } finally {
      await other.close();
    }
  });

  it("'Minhas Tarefas' is kept only until a task opens or closes: the next read after that instant shows it", async () => {
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    const opens = (await one<{ id: string }>(ctx.db, `INSERT INTO tasks (club_id, title, type, points, available_date) VALUES ($1, 'Abre já', 'check', 5, $2) RETURNING id`, [clubId, soon(1500)])).id;
    const closes = (await one<{ id: string }>(ctx.db, `INSERT INTO tasks (club_id, title, type, points, due_date) VALUES ($1, 'Fecha já', 'check', 5, $2) RETURNING id`, [clubId, soon(1800)])).id;
    const mine = async () => (await get(ctx.app, '/my-tasks', member)).json() as Array<{ id: string; available_now: boolean }>;
    const first = await mine();
    expect(first.map((t) => t.id)).not.toContain(opens);
    expect(first.find((t) => t.id === closes)?.available_now).toBe(true);
    const hits = ctx.app.answers.hits;
    expect(await mine()).toEqual(first);
    expect(ctx.app.answers.hits).toBe(hits + 1);
    await new Promise((r) => setTimeout(r, 2000));
    const later = await mine();
    expect(later.find((t) => t.id === opens)?.available_now).toBe(true);
    expect(later.map((t) => t.id)).not.toContain(closes);
  });

  it("the super admin's stats and clubs are kept until a club, a member, a task or an account changes anywhere", async () => {
    const superAdmin = await login(ctx.app, superAdminEmail);
    const stats = async () => (await call(ctx.app, 'GET', '/api/admin/stats', { as: superAdmin })).json() as { totalClubes: number; totalUsuarios: number; totalTarefas: number };
    const clubRow = async () => ((await call(ctx.app, 'GET', '/api/admin/clubs?limit=50', { as: superAdmin })).json().clubs as Array<{ id: string; member_count: number; task_count: number }>)
      .find((c) => c.id === clubId);
    const s0 = await stats();
    const c0 = await clubRow();
    const hits = ctx.app.answers.hits;
    expect(await stats()).toEqual(s0);
    expect(await clubRow()).toEqual(c0);
    expect(ctx.app.answers.hits).toBe(hits + 2);

    await signUp(ctx.app, { name: 'Nova conta' });
    expect((await stats()).totalUsuarios).toBe(s0.totalUsuarios + 1);
    const other = await signUp(ctx.app, { name: 'Outra diretora' });
    await createClub(ctx.app, other, 'Clube Novo');
    expect((await stats()).totalClubes).toBe(s0.totalClubes + 1);
    await call(ctx.app, 'POST', `${base()}/tasks`, { as: admin, body: { title: 'Amarrar cadarço', type: 'check', points: 1 } });
    expect((await stats()).totalTarefas).toBe(s0.totalTarefas + 1);
    expect((await clubRow())?.task_count).toBe((c0?.task_count ?? 0) + 1);
    await call(ctx.app, 'POST', `${base()}/members`, { as: admin, body: { mode: 'accountless', full_name: 'Zezinho', role: 'member' } });
    expect((await clubRow())?.member_count).toBe((c0?.member_count ?? 0) + 1);
    // Only a super admin reaches them, kept or not.
    expect((await call(ctx.app, 'GET', '/api/admin/stats', { as: admin })).statusCode).toBe(403);
  });

  it('a kept answer goes compressed as the browser asks, the same JSON as plain, and a write shows in the compressed bytes too', async () => {
    // Enough members for the page to pass 1 KB.
    for (let i = 0; i < 12; i += 1) {
      await call(ctx.app, 'POST', `${base()}/members`, { as: admin, body: { mode: 'accountless', full_name: `Compacto ${i} 🏕️`, role: 'member' } });
    }
    const url = '/members?limit=50';
    const ask = (encoding?: string, extra: Record<string, string> = {}) => call(ctx.app, 'GET', `${base()}${url}`, {
      as: admin, headers: { ...(encoding === undefined ? {} : { 'accept-encoding': encoding }), ...extra },
    });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const hits = ctx.app.answers.hits;
    const br1 = await ask('gzip, deflate, br, zstd');
    const br2 = await ask('gzip, deflate, br, zstd');
    expect(ctx.app.answers.hits).toBe(hits + 2);
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.headers.vary).toMatch(/accept-encoding/i);
    expect(br1.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br1.headers['content-length'])).toBe(br1.rawPayload.length);
    expect(br1.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br1.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);

    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    // A refused encoding is not used; "*" is read as gzip, as the compress plugin reads it.
    expect((await ask('br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await ask('*')).headers['content-encoding']).toBe('gzip');
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
    expect((await ask('br', { 'x-no-compression': '1' })).headers['content-encoding']).toBeUndefined();

    await call(ctx.app, 'POST', `${base()}/members`, { as: admin, body: { mode: 'accountless', full_name: 'Zé Depois da Compressão', role: 'member' } });
    const after = await ask('br');
    const json = JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')) as { total: number; members: Array<{ full_name: string }> };
    expect(json.total).toBe(plain.json().total + 1);
    expect(json.members.map((m) => m.full_name)).toContain('Zé Depois da Compressão');
  });

  it("the club's badges are kept until a badge of the club or of the platform changes, even by plain SQL", async () => {
    const names = async () => ((await get(ctx.app, '/badges', member)).json() as Array<{ name: string }>).map((b) => b.name);
    const before = await names();
    const hits = ctx.app.answers.hits;
    expect(await names()).toEqual(before);
    expect(ctx.app.answers.hits).toBe(hits + 1);
    await ctx.db.query(`INSERT INTO badges (name, description, icon_svg, points) VALUES ('Da Plataforma Nova', 'Para todos', '<svg/>', 5)`);
    expect(await names()).toContain('Da Plataforma Nova');
    await ctx.db.query(`INSERT INTO badges (club_id, name, description, icon_svg, points) VALUES ($1, 'Do Clube', 'Só nosso', '<svg/>', 5)`, [clubId]);
    expect(await names()).toContain('Do Clube');
    await ctx.db.query(`UPDATE badges SET active = false WHERE name = 'Do Clube' AND club_id = $1`, [clubId]);
    expect(await names()).not.toContain('Do Clube');
  });

  it('the dashboard and the finance summary are kept until the club changes, even by plain SQL', async () => {
    const dashboard = async () => (await get(ctx.app, '/dashboard', admin)).json() as { active_members: number; units: number; pending_tasks: number };
    const summary = async () => (await get(ctx.app, '/finance/summary', admin)).json() as { total_balance: string | number; cash_accounts: number };
    const before = await dashboard();
    const money = await summary();
    const hits = ctx.app.answers.hits;
    expect(await dashboard()).toEqual(before);
    expect(await summary()).toEqual(money);
    expect(ctx.app.answers.hits).toBe(hits + 2);

    await ctx.db.query(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Unidade por SQL', '#123456')`, [clubId]);
    expect((await dashboard()).units).toBe(before.units + 1);
    const added = await call(ctx.app, 'POST', `${base()}/members`, { as: admin, body: { mode: 'accountless', full_name: 'Nova no painel', role: 'member' } });
    expect(added.statusCode).toBe(201);
    expect((await dashboard()).active_members).toBe(before.active_members + 1);

    const income = await call(ctx.app, 'POST', `${base()}/transactions`, {
      as: admin, body: { type: 'income', cash_account_id: cashAccount, description: 'Cantina', amount: '12.34' },
    });
    expect(income.statusCode, income.body).toBe(201);
    expect(Number((await summary()).total_balance)).toBeCloseTo(Number(money.total_balance) + 12.34, 2);
    await ctx.db.query(`UPDATE cash_accounts SET active = false WHERE id = $1`, [cashAccount]);
    expect((await summary()).cash_accounts).toBe(money.cash_accounts - 1);
    await ctx.db.query(`UPDATE cash_accounts SET active = true WHERE id = $1`, [cashAccount]);
    // The member, without the finance function, is still refused: a kept answer never skips the permission.
    expect((await get(ctx.app, '/finance/summary', member)).statusCode).toBe(403);
  });

  it('readers who miss the same answer together wait for one query, and all get it', async () => {
    // A write moves the version: the next reads all miss together.
    await ctx.db.query(`UPDATE units SET name = name WHERE club_id = $1`, [clubId]);
    const misses = ctx.app.answers.misses;
    const reads = await Promise.all(Array.from({ length: 8 }, () => get(ctx.app, '/ranking/individual', admin)));
    expect(new Set(reads.map((r) => r.body)).size).toBe(1);
    expect(reads.every((r) => r.statusCode === 200)).toBe(true);
    expect(ctx.app.answers.misses - misses).toBe(1);
  });

  it('an answer under 1 KB goes plain whatever the client accepts', async () => {
    const small = await call(ctx.app, 'GET', `${base()}/ranking/units`, { as: admin, headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const again = await call(ctx.app, 'GET', `${base()}/ranking/units`, { as: admin, headers: { 'accept-encoding': 'br' } });
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(small.body);
  });

  it('with ANSWER_CACHE_MB=0 nothing is kept', async () => {
    expect(answerCacheBytesFromEnv({ ANSWER_CACHE_MB: '0' })).toBe(0);
    expect(answerCacheBytesFromEnv({})).toBe(16 * 1024 * 1024);
    expect(answerCacheBytesFromEnv({ ANSWER_CACHE_MB: 'muito' })).toBe(16 * 1024 * 1024);
    const off = await buildApp({ db: ctx.db, dataDir: ctx.dataDir, limits: NO_LIMITS, answerCacheBytes: 0 });
    await off.ready();
    try {
      await get(off, '/members?limit=50', admin);
      await get(off, '/members?limit=50', admin);
      expect(off.answers.hits).toBe(0);
      expect(off.answers.size).toBe(0);
      // Not kept, still compressed (by the compress plugin, on every read).
      const plain = await get(off, '/members?limit=50', admin);
      const br = await call(off, 'GET', `${base()}/members?limit=50`, { as: admin, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    } finally {
      await off.close();
    }
  });
});
