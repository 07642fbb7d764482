import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { checkContract, ContractError, operationsOf } from '../../../test/contract.js';
import { engineName } from '../../../test/db.js';
import { OPENAPI_FILE } from './openapi-document.js';
import { PUBLIC_OPERATIONS } from './openapi.js';

let ctx: TestContext;
let doc: OpenAPIV3.Document;
let admin: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  doc = ctx.app.swagger() as OpenAPIV3.Document;
  admin = await signUp(ctx.app);
  club = await createClub(ctx.app, admin, 'Contrato');
});
afterAll(() => ctx.close());

const operations = () => operationsOf(doc);
const UUID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, UUID);

describe(`the OpenAPI document as a contract on ${engineName()}`, () => {
  it('is a valid OpenAPI document and docs/openapi.json is current (run `npm run openapi` after changing a route)', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const published = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as unknown;
    expect(published, 'docs/openapi.json is stale: run `npm run openapi`').toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('every operation has a unique operationId, pt-BR descriptions, its error statuses and its security', () => {
    const ids = new Set<string>();
    for (const { method, path, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      const id = op.operationId ?? '';
      expect(ids.has(id), `${where}: duplicate ${id}`).toBe(false);
      ids.add(id);
      const responses = op.responses as Record<string, OpenAPIV3.ResponseObject>;
      for (const [status, r] of Object.entries(responses)) expect(r.description, `${where} ${status}`).not.toBe('Default Response');
      expect(Object.keys(responses), where).toEqual(expect.arrayContaining(['400', '404', '429', '503']));
      const isPublic = PUBLIC_OPERATIONS.has(where);
      expect(op.security, where).toEqual(isPublic ? [] : [{ sessionCookie: [] }]);
      if (!isPublic) expect(Object.keys(responses), where).toContain('401');
    }
    expect(ids.size).toBeGreaterThan(100);
  });

  it("the document's public operations are exactly the routes declared public", () => {
    const declared = ctx.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.config?.permission === 'public')
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    expect(new Set(declared)).toEqual(PUBLIC_OPERATIONS);
  });

  it('every protected operation refuses an anonymous call with 401, and the public ones are really public', async () => {
    const reached: string[] = [];
    for (const { method, path } of operations()) {
      const key = `${method.toUpperCase()} ${path}`;
      const res = await call(ctx.app, method.toUpperCase() as 'GET', concrete(path), { body: method === 'get' || method === 'delete' ? undefined : {} });
      if (res.statusCode === 401) continue;
      if (!PUBLIC_OPERATIONS.has(key)) reached.push(`${key} → ${res.statusCode}`);
    }
    expect(reached).toEqual([]);
    const known = new Set(operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    expect([...PUBLIC_OPERATIONS].filter((k) => !known.has(k))).toEqual([]);
  });

  it('the check fails on an undocumented status, a wrong content type and a body that disagrees with its schema', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, { as: admin });
    expect(res.statusCode).toBe(200);
    const fake = (statusCode: number, body: string, type = 'application/json; charset=utf-8') =>
      ({ ...res, statusCode, body, headers: { ...res.headers, 'content-type': type } }) as typeof res;
    expect(() => checkContract(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, fake(418, '{}'))).toThrow(ContractError);
    expect(() => checkContract(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, fake(200, '[{"id": 1}]'))).toThrow(/disagrees/);
    expect(() => checkContract(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, fake(200, '[]', 'text/html'))).toThrow(/documented/);
    expect(() => checkContract(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, fake(404, '{"erro": "x"}'))).toThrow(/disagrees/);
    expect(() => checkContract(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, fake(404, '{"error": {"code": "not_found", "message": "x"}}'))).not.toThrow();
  });

  it("Fastify's own refusals use the error envelope: malformed JSON, a long parameter, an oversized body", async () => {
    const malformed = await ctx.app.inject({ method: 'POST', url: `/api/clubs/${club.id}/periods`, headers: { cookie: admin.cookie, 'x-trilha-client': 'web', 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBeTypeOf('string');
    const long = await call(ctx.app, 'GET', `/api/clubs/${'a'.repeat(600)}/periods`, { as: admin });
    expect([404, 414]).toContain(long.statusCode);
    expect(long.json().error.message).toBeTypeOf('string');
    const big = await ctx.app.inject({ method: 'POST', url: `/api/clubs/${club.id}/periods`, headers: { cookie: admin.cookie, 'x-trilha-client': 'web', 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('bad_request');
  });
});
