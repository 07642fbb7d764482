import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/errors.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let superAdmin: Session;
let clubAdmin: Session;
let member: Session;
let clubId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super' });
  clubAdmin = await signUp(ctx.app, { name: 'Admin do Clube' });
  member = await signUp(ctx.app, { name: 'Membro' });
  clubId = (await createClub(ctx.app, clubAdmin, 'Clube Guardado')).id;
  await addMember(ctx.db, clubId, member.profile.id);
});
afterAll(() => ctx.close());

type Route = [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown];
const routes: Route[] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/job-failures'],
  ['GET', '/api/admin/clubs'],
  ['POST', '/api/admin/clubs', { name: 'Novo', slug: 'novo-x', timezone: 'America/Sao_Paulo', admin_email: 'a@b.com' }],
  ['PATCH', '/api/admin/clubs/:clubId', { active: false }],
  ['DELETE', '/api/admin/clubs/:clubId', { confirm_name: 'Clube Guardado' }],
  ['POST', '/api/admin/clubs/:clubId/open'],
  ['GET', '/api/admin/users?q=a'],
  ['PUT', '/api/admin/users/:profileId/user-type', { user_type: 'super_admin' }],
  ['PUT', '/api/admin/users/:profileId/blocked', { blocked: true }],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/reports/export.csv'],
];
const urlOf = (path: string) => path.replace(':clubId', clubId).replace(':profileId', member.profile.id);

describe(`admin routes refuse everyone but super admins on ${engineName()}`, () => {
  it.each(routes)('%s %s: 401 anonymous, 403 club admin and plain member, even with a bad body', async (method, path, body) => {
    const url = () => urlOf(path);
    expect((await call(ctx.app, method, url(), { body })).statusCode).toBe(401);
    for (const as of [clubAdmin, member]) {
      for (const b of [body, body === undefined ? undefined : { nonsense: true }]) {
        const res = await call(ctx.app, method, url(), { as, body: b });
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(MSG.forbidden);
      }
    }
  });

  it('nothing changed after all those refusals', async () => {
    const [club] = await ctx.db.query<{ active: boolean }>('SELECT active FROM clubs WHERE id = $1', [clubId]);
    expect(club.active).toBe(true);
    const [p] = await ctx.db.query<{ user_type: string; blocked_at: string | null }>(
      'SELECT user_type, blocked_at FROM profiles WHERE id = $1', [member.profile.id]);
    expect(p).toEqual({ user_type: 'member', blocked_at: null });
    expect(await ctx.db.query(`SELECT 1 FROM audit_log WHERE action LIKE 'club.open%' OR entity = 'profile'`)).toHaveLength(0);
  });

  it('a super admin reaches every read route', async () => {
    for (const [method, url] of routes.filter(([m]) => m === 'GET')) {
      expect((await call(ctx.app, method, urlOf(url), { as: superAdmin })).statusCode).toBe(200);
    }
  });

  it('the four platform counters come from one endpoint', async () => {
    await ctx.db.query(`INSERT INTO tasks (club_id, title) VALUES ($1, 'A'), ($1, 'B')`, [clubId]);
    await ctx.db.query(`INSERT INTO tasks (club_id, title, active) VALUES ($1, 'Inativa', false)`, [clubId]);
    const other = await createClub(ctx.app, clubAdmin, 'Clube Parado');
    await ctx.db.query('UPDATE clubs SET active = false WHERE id = $1', [other.id]);
    // A member added by a club without an account is not a platform user.
    await ctx.db.query(`INSERT INTO profiles (full_name) VALUES ('Sem Conta')`);
    const res = await call(ctx.app, 'GET', '/api/admin/stats', { as: superAdmin });
    expect(res.json()).toEqual({ totalClubes: 2, clubesAtivos: 1, totalUsuarios: 3, totalTarefas: 3, bancoEmbutido: engineName() === 'pglite', ultimoBackup: null });
  });
});
