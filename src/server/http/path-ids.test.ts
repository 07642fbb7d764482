import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MSG } from '../../shared/charges.js';
import { EVENT_MSG } from '../../shared/events.js';
import { FAMILY_MSG } from '../../shared/families.js';
import { FIN_MSG } from '../../shared/finance.js';
import { UUID_RE } from '../../shared/ids.js';
import { MEETING_MSG } from '../../shared/meetings.js';
import { SECURITY_MSG } from '../../shared/security.js';
import { TASK_MSG } from '../../shared/tasks.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

// Issue 33: every id in a path is the one shared uuid schema (zId); a malformed id names no record,
// so it answers the route's own pt-BR 404, exactly like a well-formed id that does not exist.

let ctx: TestContext;
let admin: Session;
let club: { id: string };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const MALFORMED = 'nao-e-um-id';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Clube dos Ids');
});
afterAll(() => ctx.close());

/** A route with one id in its path, the body it is sent with, and the 404 message it owes. */
interface Case { method: 'GET' | 'PUT' | 'DELETE'; path: (id: string) => string; body?: unknown; message: string }

const cases = (): Case[] => [
  { method: 'GET', path: (id) => `/api/clubs/${club.id}/tasks/${id}`, message: TASK_MSG.notFound },
  { method: 'GET', path: (id) => `/api/clubs/${club.id}/events/${id}`, message: EVENT_MSG.eventNotFound },
  { method: 'GET', path: (id) => `/api/clubs/${club.id}/charges/${id}`, message: CHARGE_MSG.chargeNotFound },
  { method: 'DELETE', path: (id) => `/api/clubs/${club.id}/cash-accounts/${id}`, message: FIN_MSG.cashAccountNotFound },
  { method: 'GET', path: (id) => `/api/clubs/${club.id}/meetings/${id}/attendance`, message: MEETING_MSG.notFound },
  { method: 'GET', path: (id) => `/api/family/children/${id}/charges`, message: FAMILY_MSG.childNotFound },
  { method: 'DELETE', path: (id) => `/api/auth/sessions/${id}`, message: SECURITY_MSG.sessionNotFound },
];

describe(`ids in paths on ${engineName()}`, () => {
  it('a malformed id and a well-formed unknown id answer the same pt-BR 404', async () => {
    for (const c of cases()) {
      for (const id of [MALFORMED, UNKNOWN, 'ABCDEF00-0000-4000-8000-00000000000Z', `${UNKNOWN}x`]) {
        const res = await call(ctx.app, c.method, c.path(id), { as: admin, body: c.body });
        expect({ route: c.path(':id'), id, status: res.statusCode, error: res.json().error }).toEqual({
          route: c.path(':id'), id, status: 404, error: { code: 'not_found', message: c.message },
        });
      }
    }
  });

  it('the id is judged before the body: a malformed id with an empty body is still the 404', async () => {
    const res = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/events/${MALFORMED}`, { as: admin, body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'not_found', message: EVENT_MSG.eventNotFound });
    // A bad body with a well-formed id is the body's 400, as before.
    const body = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/events/${UNKNOWN}`, { as: admin, body: {} });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.code).toBe('validation');
  });

  it('an id in a body or a query is still a 400 (only a path names a record)', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/health-forms?unit_id=${MALFORMED}`, { as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });

  it('every id in a documented path is the shared uuid schema (clubId is judged by the club guard, tokens, codes and feed file names are not ids)', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: { pattern?: string } }[] }>>;
    };
    const notShared: string[] = [];
    let ids = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== 'path' || ['clubId', 'token', 'code', 'file'].includes(p.name)) continue;
          ids += 1;
          if (p.schema?.pattern !== UUID_RE.source) notShared.push(`${method.toUpperCase()} ${path}: ${p.name}`);
        }
      }
    }
    expect(notShared).toEqual([]);
    expect(ids).toBeGreaterThan(100);
  });
});
