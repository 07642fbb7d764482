import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../test/api.js';
import { engineName } from '../../test/db.js';

/**
 * Walks every route the OpenAPI document lists, so each domain's routes are covered as soon as they
 * exist: nothing under /api/clubs answers a visitor, and nothing of club A answers a stranger.
 */
let ctx: TestContext;
let stranger: Session;
let clubId: string;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let routes: Array<{ method: Method; path: string }>;

const OTHER_ID = '00000000-0000-4000-8000-000000000000';

function fill(path: string): string {
  return path.replace('{clubId}', clubId).replace(/\{[^}]+\}/g, OTHER_ID);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin da plataforma' });
  const owner = await signUp(ctx.app, { name: 'Dona do clube' });
  clubId = (await createClub(ctx.app, owner, 'Clube Fechado')).id;
  stranger = await signUp(ctx.app, { name: 'Estranha' });
  const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path })),
  );
});
afterAll(() => ctx.close());

describe(`route security on ${engineName()}`, () => {
  it('every club route answers 401 to a visitor', async () => {
    const clubRoutes = routes.filter((r) => r.path.startsWith('/api/clubs/{clubId}'));
    expect(clubRoutes.length).toBeGreaterThan(0);
    for (const r of clubRoutes) {
      const res = await call(ctx.app, r.method, fill(r.path), { body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect({ route: `${r.method} ${r.path}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.path}`, status: 401 });
    }
  });

  it('every club read answers 404 to a signed-in stranger, and no club write succeeds for them', async () => {
    for (const r of routes.filter((x) => x.path.startsWith('/api/clubs/{clubId}'))) {
      const res = await call(ctx.app, r.method, fill(r.path), { as: stranger, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      const label = `${r.method} ${r.path}`;
      if (r.method === 'GET') expect({ label, status: res.statusCode }).toEqual({ label, status: 404 });
      // A write may fail validation first (400) but never succeeds nor crashes.
      else expect({ label, ok: res.statusCode === 404 || res.statusCode === 400 }).toEqual({ label, ok: true });
    }
  });

  it('every platform admin route refuses a visitor (401) and a non-super-admin (403)', async () => {
    for (const r of routes.filter((x) => x.path.startsWith('/api/admin'))) {
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const anon = await call(ctx.app, r.method, fill(r.path), { body });
      expect({ r: `${r.method} ${r.path}`, s: anon.statusCode }).toEqual({ r: `${r.method} ${r.path}`, s: 401 });
      const member = await call(ctx.app, r.method, fill(r.path), { as: stranger, body });
      expect({ r: `${r.method} ${r.path}`, ok: [400, 403].includes(member.statusCode) }).toEqual({ r: `${r.method} ${r.path}`, ok: true });
    }
  });

  it('serves club logos publicly but never other uploads such as submission evidence', async () => {
    await ctx.app.storage.put('logos/club-logos/publico.png', new Uint8Array([1, 2, 3]));
    await ctx.app.storage.put('evidence/clube/privado.png', new Uint8Array([1, 2, 3]));
    const logo = await call(ctx.app, 'GET', '/uploads/logos/club-logos/publico.png');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toContain('max-age=3600');
    expect((await call(ctx.app, 'GET', '/uploads/evidence/clube/privado.png')).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/uploads/logos/../evidence/clube/privado.png')).statusCode).toBe(404);
  });
});
