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

  it('every API path answers 405 to each method it lacks, with Allow listing exactly its own methods', async () => {
    const methodsOf = new Map<string, Set<string>>();
    for (const route of ctx.app.routeCatalog) {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) continue;
      // '/api/docs' and '/api/docs/' are one path (a trailing slash is ignored).
      const url = route.url.replace(/\/$/, '');
      const set = methodsOf.get(url) ?? new Set<string>();
      (Array.isArray(route.method) ? route.method : [route.method]).forEach((m) => set.add(String(m)));
      methodsOf.set(url, set);
    }
    expect(methodsOf.size).toBeGreaterThan(100);
    const wrong: string[] = [];
    let asked = 0;
    for (const [url, own] of methodsOf) {
      const path = url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
      const allow = [...own].sort().join(', ');
      for (const method of (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((m) => !own.has(m))) {
        asked += 1;
        const res = await ctx.app.inject({ method, url: path, headers: { cookie: admin.cookie, 'x-trilha-client': 'web' } });
        if (res.statusCode !== 405 || res.headers.allow !== allow) wrong.push(`${method} ${url}: ${res.statusCode} Allow ${String(res.headers.allow)} (expected ${allow})`);
      }
    }
    expect(asked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it('a fixed path is not confused with a parameter beside it: DELETE /meetings/summary is 405, DELETE /meetings/:id still runs', async () => {
    const summary = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/meetings/summary`, { as: admin });
    expect(summary.statusCode).toBe(405);
    expect(summary.headers.allow).toBe('GET, HEAD');
    const importPut = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/import`, { as: admin, body: {} });
    expect(importPut.statusCode).toBe(405);
    expect(importPut.headers.allow).toBe('POST');
    const meeting = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/meetings/00000000-0000-4000-8000-000000000000`, { as: admin });
    expect(meeting.statusCode).toBe(404);
  });
});
