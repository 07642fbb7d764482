import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/errors.js';
import {
  CLUB_PERMISSIONS, CLUB_ROLES, PERMISSION_MSG, permissionScope, type TClubPermission, type TClubRole, type TRoutePermission,
} from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

// Issue 14: every route declares who may call it, and the server does exactly what the table says.

let ctx: TestContext;
let club: { id: string };
let otherClub: { id: string };
let stranger: Session;
let superAdmin: Session;
const asRole = {} as Record<TClubRole, Session>;
let unitId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  asRole.admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, asRole.admin, 'Clube das Funções');
  unitId = await insertUnit(ctx.db, club.id, 'Águias');
  for (const role of CLUB_ROLES.filter((r) => r !== 'admin')) {
    asRole[role] = await signUp(ctx.app, { name: `Pessoa ${role}` });
    await addMember(ctx.db, club.id, asRole[role].profile.id, role, role === 'counselor' || role === 'member' ? unitId : null);
  }
  stranger = await signUp(ctx.app, { name: 'Diretor de outro clube' });
  otherClub = await createClub(ctx.app, stranger, 'Outro Clube');
});
afterAll(() => {
  // Both walks' outcomes, written once, to compare two versions of the server.
  if (process.env.ROUTE_WALK_DUMP) writeFileSync(process.env.ROUTE_WALK_DUMP, `${JSON.stringify(outcomes, null, 1)}\n`);
  return ctx.close();
});

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const A_UUID = '00000000-0000-4000-8000-000000000000';

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  permission: TRoutePermission;
}

/** The documented operations, each with the permission its route declares. */
async function documentedOperations(): Promise<Operation[]> {
  const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, { summary?: string }>> };
  const declared = new Map(ctx.app.routeCatalog.map((r) => [`${String(r.method)} ${r.url}`, r.config?.permission]));
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const m = method.toUpperCase();
      if (!METHODS.has(m)) continue;
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const permission = declared.get(`${m} ${url}`);
      if (!permission) throw new Error(`${m} ${url} is documented but declares no permission`);
      ops.push({ method: m as Operation['method'], path, summary: op.summary ?? '', permission });
    }
  }
  return ops;
}

function concreteUrl(path: string, clubId: string, malformed?: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === malformed ? 'nao-e-um-id'
    : name === 'clubId' ? clubId : name === 'token' ? 'x'.repeat(32) : A_UUID));
}

/** The error of a JSON answer (code and message), if it has one. */
function errorOf(res: { body: string }): { code?: string; message?: string } | undefined {
  return res.body.startsWith('{') ? (JSON.parse(res.body) as { error?: { code?: string; message?: string } }).error : undefined;
}

/** Each call's outcome (status, error code and message), written to ROUTE_WALK_DUMP when set, to compare two versions of the server. */
const outcomes: Record<string, string> = {};
function record(key: string, who: string, res: { statusCode: number; body: string }): void {
  const err = errorOf(res);
  outcomes[`${key} as ${who}`] = [res.statusCode, err?.code ?? '', err?.message ?? ''].join(' | ');
}

const isClubPermission = (p: TRoutePermission): p is TClubPermission => p in CLUB_PERMISSIONS;

/** Calls that would end the caller's own session: made anonymously only. */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

describe(`permission table on ${engineName()}`, () => {
  it('every registered route declares its permission', () => {
    const missing = ctx.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/'))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => ({ m, r })))
      .filter(({ r }) => !r.config?.permission)
      .map(({ m, r }) => `${m} ${r.url} has no permission: add config: { permission: '…' } (see src/shared/permissions.ts)`);
    expect(missing).toEqual([]);
    const clubRoutesWithoutClubPermission = ctx.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/clubs/:clubId') && r.method !== 'HEAD' && r.config?.permission && !isClubPermission(r.config.permission))
      .map((r) => `${String(r.method)} ${r.url} is a club route but declares '${String(r.config?.permission)}'`);
    expect(clubRoutesWithoutClubPermission).toEqual([]);
  });

  it('each OpenAPI summary states who may call the route', async () => {
    const ops = await documentedOperations();
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((o) => !o.summary.includes('Quem pode: ')).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const summary = ops.find((o) => o.method === 'GET' && o.path === '/api/clubs/{clubId}/finance/summary')?.summary;
    expect(summary).toContain('Quem pode: Diretor(a), Diretor(a) associado(a) ou Tesoureiro(a).');
  });

  it('walks every route: 0 anonymous reach, 0 cross-club leaks, 0 calls the table forbids, 0 5xx', async () => {
    const ops = await documentedOperations();
    const problems: string[] = [];
    let calls = 0;
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const url = concreteUrl(op.path, club.id);
      let last: { statusCode: number; body: string } = { statusCode: 0, body: '' };
      const check = (who: string, status: number, ok: boolean, why: string) => {
        calls += 1;
        record(key, who, last);
        if (status >= 500) problems.push(`${key} as ${who}: ${status}`);
        else if (!ok) problems.push(`${key} as ${who}: ${status} (${why})`);
      };

      const anon = last = await call(ctx.app, op.method, url, { body });
      check('anonymous', anon.statusCode, op.permission === 'public' || anon.statusCode === 401, 'expected 401');
      if (op.permission === 'public' || SESSION_ENDING.has(`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`)) continue;

      const cross = last = await call(ctx.app, op.method, url, { as: stranger, body });
      if (isClubPermission(op.permission)) check('member of another club', cross.statusCode, cross.statusCode === 404, 'expected 404');
      else if (op.permission === 'super_admin') check('member of another club', cross.statusCode, cross.statusCode === 403, 'expected 403');

      // A super admin keeps full access in every club, member or not.
      if (isClubPermission(op.permission)) {
        const sa = last = await call(ctx.app, op.method, url, { as: superAdmin, body });
        const err = sa.statusCode < 500 ? errorOf(sa) : undefined;
        check('super admin', sa.statusCode, err?.code !== 'permission_denied' && err?.message !== MSG.clubNotFound, 'super admin refused');
      }

      for (const role of CLUB_ROLES) {
        const res = last = await call(ctx.app, op.method, url, { as: asRole[role], body });
        const code = res.statusCode < 500 ? errorOf(res) : undefined;
        if (op.permission === 'super_admin') {
          check(role, res.statusCode, res.statusCode === 403, 'platform route: expected 403');
        } else if (isClubPermission(op.permission)) {
          const allowed = permissionScope(role, op.permission) !== null;
          if (allowed) {
            check(role, res.statusCode, code?.code !== 'permission_denied' && res.statusCode !== 401 && code?.message !== MSG.clubNotFound, `allowed by '${op.permission}'`);
          } else {
            check(role, res.statusCode, res.statusCode === 403 && code?.message === PERMISSION_MSG.forbidden(op.permission), `forbidden by '${op.permission}': ${res.body.slice(0, 120)}`);
          }
        } else {
          check(role, res.statusCode, true, '');
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(900);
  }, 180_000);

  // ADR 031: a malformed id names no record, so every route answers it as it answers an unknown id.
  it('walks every id in every path: a malformed id answers 404 not_found to whoever may call the route, before the body is read', async () => {
    const ops = await documentedOperations();
    const problems: string[] = [];
    let calls = 0;
    for (const op of ops) {
      if (op.permission === 'public') continue;
      for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
        if (name === 'token') continue; // a token is not an id: its own routes judge it
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
        // The platform's routes as the super admin (anyone else is refused before the id is read).
        const as = op.permission === 'super_admin' ? superAdmin : asRole.admin;
        const res = await call(ctx.app, op.method, concreteUrl(op.path, club.id, name), { as, body });
        calls += 1;
        record(`${op.method} ${op.path}`, `${as === superAdmin ? 'super admin' : 'director'}, malformed ${name}`, res);
        const err = errorOf(res);
        if (res.statusCode !== 404 || err?.code !== 'not_found' || !err.message) {
          problems.push(`${op.method} ${op.path} with a malformed ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(70);
  }, 180_000);
});

describe('the table itself', () => {
  it('the director holds everything; the associate all but the settings and the activity log; the counsellor only unit-scoped powers and reads', () => {
    const keys = Object.keys(CLUB_PERMISSIONS) as TClubPermission[];
    expect(keys.filter((k) => permissionScope('admin', k) !== 'club')).toEqual([]);
    expect(keys.filter((k) => permissionScope('associate', k) !== 'club')).toEqual(['club.settings', 'audit.read']);
    expect(keys.filter((k) => permissionScope('counselor', k) === 'club')).toEqual(['club.read', 'associacao.read', 'secretaria.read', 'secretaria.visitors']);
    expect(keys.filter((k) => permissionScope('member', k) !== null)).toEqual(['club.read']);
    expect(keys.filter((k) => permissionScope('treasurer', k) !== null)).toEqual(['club.read', 'members.read', 'finance.manage', 'charges.manage', 'events.read', 'camps.lead', 'patrimonio.manage', 'patrimonio.lend', 'uniforms.read', 'associacao.read', 'secretaria.read', 'secretaria.visitors']);
    expect(keys.filter((k) => permissionScope('instructor', k) !== null)).toEqual(['club.read', 'tasks.manage', 'submissions.review', 'progress.record', 'badges.award', 'camps.lead', 'programme.sign', 'patrimonio.lend', 'associacao.read', 'secretaria.read', 'secretaria.visitors']);
    expect(permissionScope('secretary', 'finance.manage')).toBeNull();
    // Issue 13 reads these two values for two-step verification.
    expect(CLUB_ROLES).toEqual(expect.arrayContaining(['admin', 'treasurer']));
  });
});

describe(`functions at work on ${engineName()}`, () => {
  it('a treasurer reads /finance/summary and is refused POST /tasks, with the functions that may named', async () => {
    const summary = await call(ctx.app, 'GET', `/api/clubs/${club.id}/finance/summary`, { as: asRole.treasurer });
    expect(summary.statusCode).toBe(200);
    const task = await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks`, { as: asRole.treasurer, body: { title: 'Nó de escota', type: 'check', points: 10 } });
    expect(task.statusCode).toBe(403);
    expect(task.json().error.message).toBe('Sem permissão. Só pode fazer isso: Diretor(a), Diretor(a) associado(a) ou Instrutor(a).');
  });

  it('a counsellor cannot see the club cash; an instructor cannot manage members; a secretary cannot touch finance', async () => {
    const cash = await call(ctx.app, 'GET', `/api/clubs/${club.id}/cash-accounts`, { as: asRole.counselor });
    expect(cash.statusCode).toBe(403);
    expect(cash.json().error.message).toContain('Tesoureiro(a)');
    const add = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: asRole.instructor, body: { mode: 'accountless', full_name: 'X', role: 'member' } });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.message).toContain('Secretário(a)');
    const tx = await call(ctx.app, 'GET', `/api/clubs/${club.id}/transactions`, { as: asRole.secretary });
    expect(tx.statusCode).toBe(403);
  });

  it('my clubs list my function and what it lets me do', async () => {
    const mine = (await call(ctx.app, 'GET', '/api/clubs', { as: asRole.treasurer })).json();
    expect(mine).toEqual([expect.objectContaining({ id: club.id, role: 'treasurer', is_admin: false })]);
    expect(mine[0].permissions).toContain('finance.manage');
    expect(mine[0].permissions).not.toContain('tasks.manage');
    const counselor = (await call(ctx.app, 'GET', '/api/clubs', { as: asRole.counselor })).json();
    expect(counselor[0]).toMatchObject({ role: 'counselor', unit_id: unitId });
    expect(counselor[0].permissions).toEqual(expect.arrayContaining(['submissions.review', 'points.adjust']));
    expect(counselor[0].permissions).not.toContain('finance.manage');
  });

  it('a club unknown to the caller stays 404 whatever the function', async () => {
    for (const role of CLUB_ROLES) {
      const res = await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/finance/summary`, { as: asRole[role] });
      expect(res.statusCode).toBe(404);
    }
  });
});
