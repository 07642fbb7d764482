import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/errors.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app);
  club = await createClub(ctx.app, admin, 'Métodos');
});
afterAll(() => ctx.close());

describe(`methods on ${engineName()}`, () => {
  it('a method the path does not have answers 405 with Allow, in the error envelope; an unknown path 404', async () => {
    const res = await call(ctx.app, 'PATCH', `/api/clubs/${club.id}/members`, { as: admin, body: {} });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({ error: { code: 'method_not_allowed', message: MSG.methodNotAllowed } });
    const withQuery = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/members?x=1`, { as: admin });
    expect(withQuery.statusCode).toBe(405);
    const unknown = await call(ctx.app, 'GET', '/api/nao-existe', { as: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });
});
