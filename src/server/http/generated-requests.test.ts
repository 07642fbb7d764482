import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';
import { mutated, valid } from '../../../test/schema-arbitrary.js';
import { operationsOf } from '../../../test/contract.js';

/**
 * Every operation of the OpenAPI document called with parameters and bodies generated from its own
 * schemas, valid and broken, as a club admin, a plain member and an outsider. `call()` checks each
 * answer against the document (status listed, content type, body schema); here we also require that
 * nothing answers 5xx. Runs are bounded so the whole sweep takes seconds.
 */

let ctx: TestContext;
let admin: Session;
let member: Session;
let outsider: Session;
let clubId: string;
const realIds: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Clube Gerado');
  admin = setup.admin;
  member = setup.member;
  clubId = setup.club.id;
  outsider = await signUp(ctx.app, { name: 'Pessoa de Fora' });
  realIds.unitId = await insertUnit(ctx.db, clubId, 'Águias');
  realIds.taskId = await insertTask(ctx.db, clubId, { title: 'Tarefa gerada', points: 10 });
});
afterAll(() => ctx.close());

const RUNS_PER_OPERATION = 6;

function paramValue(name: string): fc.Arbitrary<string> {
  const known = name === 'clubId' ? clubId : realIds[name];
  const odd = fc.constantFrom('00000000-0000-4000-8000-000000000000', 'nao-e-uuid', '%F0%9F%8F%95', '123', 'a'.repeat(90));
  return known ? fc.oneof({ weight: 3, arbitrary: fc.constant(known) }, { weight: 1, arbitrary: odd }) : odd;
}

function queryString(op: OpenAPIV3.OperationObject): fc.Arbitrary<string> {
  const params = (op.parameters ?? []).filter((p) => (p as OpenAPIV3.ParameterObject).in === 'query') as OpenAPIV3.ParameterObject[];
  if (params.length === 0) return fc.constant('');
  return fc
    .tuple(...params.map((p) => fc.option(fc.oneof(valid(p.schema as never), mutated(undefined)), { nil: undefined })))
    .map((values) => {
      const qs = new URLSearchParams();
      values.forEach((v, i) => {
        const name = params[i]?.name;
        if (v !== undefined && name) qs.set(name, typeof v === 'string' ? v : JSON.stringify(v));
      });
      const text = qs.toString();
      return text ? `?${text}` : '';
    });
}

describe(`generated requests on ${engineName()}`, () => {
  it('no operation answers 5xx or outside its documented contract, for valid and broken input, as admin, member and outsider', async () => {
    const doc = ctx.app.swagger() as OpenAPIV3.Document;
    // Deleting the club or signing out would end the sweep early: those run last.
    const ops = operationsOf(doc).sort((a, b) => Number(a.method === 'delete' || a.path.includes('logout')) - Number(b.method === 'delete' || b.path.includes('logout')));
    const roles = [member, outsider, admin];
    const fivexx: string[] = [];
    let sent = 0;
    const byStatus = new Map<number, number>();
    for (const { method, path, op } of ops) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
      const bodySchema = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content?.['application/json']?.schema;
      const bodyArb = bodySchema ? fc.oneof(valid(bodySchema as never), mutated(bodySchema as never)) : fc.constant(undefined);
      const requestArb = fc.record({
        params: fc.tuple(...names.map(paramValue), fc.constant('')),
        query: queryString(op),
        body: bodyArb,
        role: fc.constantFrom(...roles),
      });
      const samples = fc.sample(requestArb, { numRuns: RUNS_PER_OPERATION, seed: 42 });
      for (const { params, query, body, role } of samples) {
        let url = path;
        names.forEach((n, i) => (url = url.replace(`{${n}}`, encodeURIComponent(params[i] ?? ''))));
        // Nobody signs out mid-sweep, and the admin does not delete the club the others are probing.
        if (path === '/api/auth/logout' || (role === admin && method === 'delete' && /^\/api\/clubs\/\{clubId\}$/.test(path))) continue;
        const res = await call(ctx.app, method.toUpperCase() as 'GET', `${url}${query}`, {
          as: role,
          body: method === 'get' || method === 'delete' ? undefined : (body ?? {}),
        });
        sent += 1;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) fivexx.push(`${method.toUpperCase()} ${url}${query} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(fivexx).toEqual([]);
    expect(sent).toBeGreaterThan(300);
    // Valid input does get through: the sweep is not only refusals.
    const succeeded = [...byStatus].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(succeeded).toBeGreaterThan(40);
  }, 180_000);
});
