import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

/**
 * The route walk of src/server/security.test.ts, for a guardian: they follow a child of the club, yet
 * every /api/clubs route of that club answers as to a stranger (a guardian is not a member), even with
 * their own child's id; and the family routes answer 404 for any other child.
 */
let ctx: TestContext;
let guardian: Session;
let clubId: string;
let childId: string;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let routes: Array<{ method: Method; path: string }>;
const OTHER_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin da plataforma' });
  const owner = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, owner, 'Clube com Famílias')).id;
  await call(ctx.app, 'PUT', `/api/clubs/${clubId}/consent-text`, { as: owner, body: { body: 'Autorizo.' } });
  childId = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/members`, { as: owner, body: { mode: 'accountless', full_name: 'Filho', role: 'Desbravador(a)' } })).json().member.id;
  await call(ctx.app, 'PUT', `/api/clubs/${clubId}/members/${childId}/family`, { as: owner, body: { birth_date: '2015-01-01' } });
  const email = uniqueEmail('resp');
  const { token } = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/members/${childId}/guardians`, { as: owner, body: { full_name: 'Resp', email, relationship: 'Pai' } })).json();
  guardian = await signUp(ctx.app, { name: 'Resp', email });
  expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: guardian, body: { accept: true, consent_version: 2 } })).statusCode).toBe(200);
  const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path })));
});
afterAll(() => ctx.close());

const body = (m: Method) => (m === 'GET' || m === 'DELETE' ? undefined : {});

describe(`guardian route walk on ${engineName()}`, () => {
  it('the guardian reads their child on /api/family', async () => {
    const family = (await call(ctx.app, 'GET', '/api/family', { as: guardian })).json();
    expect(family.map((c: { member_id: string }) => c.member_id)).toEqual([childId]);
  });

  it('every club route of the child\'s club answers 404 to the guardian, reads and writes, even with the child\'s id', async () => {
    const clubRoutes = routes.filter((r) => r.path.startsWith('/api/clubs/{clubId}'));
    expect(clubRoutes.length).toBeGreaterThan(20);
    for (const r of clubRoutes) {
      const url = r.path.replace('{clubId}', clubId).replace('{memberId}', childId).replace(/\{[^}]+\}/g, OTHER_ID);
      const res = await call(ctx.app, r.method, url, { as: guardian, body: body(r.method) });
      const label = `${r.method} ${r.path}`;
      if (r.method === 'GET') expect({ label, status: res.statusCode }).toEqual({ label, status: 404 });
      else expect({ label, ok: res.statusCode === 404 || res.statusCode === 400 }).toEqual({ label, ok: true });
    }
  });

  it('every family route answers 404 for a child that is not theirs', async () => {
    const familyRoutes = routes.filter((r) => r.path.startsWith('/api/family/children/'));
    expect(familyRoutes.length).toBeGreaterThan(3);
    for (const r of familyRoutes) {
      const res = await call(ctx.app, r.method, r.path.replace(/\{[^}]+\}/g, OTHER_ID), { as: guardian, body: body(r.method) });
      const label = `${r.method} ${r.path}`;
      if (r.method === 'GET') expect({ label, status: res.statusCode }).toEqual({ label, status: 404 });
      else expect({ label, ok: res.statusCode === 404 || res.statusCode === 400 }).toEqual({ label, ok: true });
    }
  });
});
