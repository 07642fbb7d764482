import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { ERROR_SCHEMA } from '../src/server/http/openapi.js';

/**
 * The API's OpenAPI document as a contract for every response the API suites produce: each answer's
 * status must be listed for its operation, its content type must be the documented one, and its
 * JSON body must validate against that status's schema. `call()` in test/api.ts runs this on every
 * request, so the whole suite (both engines) checks the document, not a sample.
 */

interface Route {
  pattern: RegExp;
  statics: number;
  path: string;
  item: OpenAPIV3.PathItemObject;
}

interface Contract {
  routes: Route[];
  validators: Map<string, ValidateFunction>;
  ajv: Ajv;
}

const contracts = new WeakMap<FastifyInstance, Contract>();

/** OpenAPI 3.0 → JSON Schema for ajv: `nullable` becomes a `null` type and the one shared `$ref` is inlined. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if (obj.$ref === '#/components/schemas/ErrorBody') return toJsonSchema(ERROR_SCHEMA);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'nullable' || k === 'example' || k === 'examples') continue;
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, toJsonSchema(s)])) : toJsonSchema(v);
  }
  if (obj.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  }
  return out;
}

function contractOf(app: FastifyInstance): Contract {
  let c = contracts.get(app);
  if (c) return c;
  const doc = app.swagger() as OpenAPIV3.Document;
  const routes: Route[] = Object.entries(doc.paths).flatMap(([path, item]) => (item ? [{
    path,
    item,
    statics: path.split('/').filter((s) => s && !s.startsWith('{')).length,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }] : []));
  routes.sort((a, b) => b.statics - a.statics);
  c = { routes, validators: new Map(), ajv: new Ajv({ strict: false, allErrors: false, validateFormats: false }) };
  contracts.set(app, c);
  return c;
}

export class ContractError extends Error {}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, with its method and path. */
export function operationsOf(doc: OpenAPIV3.Document): Array<{ method: (typeof METHODS)[number]; path: string; op: OpenAPIV3.OperationObject }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      return op ? [{ method, path, op }] : [];
    }),
  );
}

/** Zod's English defaults: a client never reads one (issue 31); messages are pt-BR and name the field. */
export const ZOD_ENGLISH = /invalid input|expected|required|too (big|small)|invalid (string|enum|type|option|union|element|key|value)|received|unrecognized key/i;

/** Every message of a JSON error answer (the summary and each issue's). */
export function errorMessages(res: LightMyRequestResponse): string[] {
  if (res.statusCode < 400 || !String(res.headers['content-type'] ?? '').startsWith('application/json')) return [];
  const parsed: unknown = JSON.parse(res.body);
  const error = (parsed as { error?: { message?: unknown; details?: unknown } } | null)?.error;
  if (!error) return [];
  const details = Array.isArray(error.details) ? error.details.map((d: { message?: unknown }) => d?.message) : [];
  return [error.message, ...details].filter((m): m is string => typeof m === 'string');
}

export function checkContract(app: FastifyInstance, method: string, url: string, res: LightMyRequestResponse): void {
  const [path = ''] = url.split('?');
  if (!path.startsWith('/api/')) return;
  const english = errorMessages(res).find((m) => ZOD_ENGLISH.test(m));
  if (english) throw new ContractError(`${method} ${path} answered ${res.statusCode} with an English message: ${english}`);
  const c = contractOf(app);
  const route = c.routes.find((r) => r.pattern.test(path));
  const op = route?.item[method.toLowerCase() as 'get'];
  if (!route || !op) return; // unknown address or method: 404/405, not an operation
  const where = `${method} ${route.path} (${op.operationId})`;
  const status = String(res.statusCode);
  const documented = (op.responses as Record<string, OpenAPIV3.ResponseObject>)[status];
  if (!documented) throw new ContractError(`${where} answered ${status}, which the OpenAPI document does not list. Body: ${res.body.slice(0, 300)}`);
  const contentTypes = Object.keys(documented.content ?? {});
  if (contentTypes.length === 0) {
    if (status === '204' && res.body.length > 0) throw new ContractError(`${where} answered 204 with a body`);
    return;
  }
  const actual = (String(res.headers['content-type'] ?? '').split(';')[0] ?? '').trim();
  const accepts = (range: string) => range === actual || range === '*/*' || (range.endsWith('/*') && actual.startsWith(range.slice(0, -1)));
  if (!contentTypes.some(accepts)) throw new ContractError(`${where} answered ${status} as '${actual}', documented: ${contentTypes.join(', ')}`);
  // A compressed body (the client asked for gzip or brotli) is checked by its own tests after decoding.
  if (actual !== 'application/json' || res.headers['content-encoding']) return;
  const key = `${where} ${status}`;
  let validate = c.validators.get(key);
  if (!validate) {
    const schema = (documented.content?.['application/json']?.schema ?? {}) as object;
    validate = c.ajv.compile(toJsonSchema(schema) as object);
    c.validators.set(key, validate);
  }
  const body: unknown = JSON.parse(res.body);
  if (!validate(body)) {
    throw new ContractError(`${where} answered ${status} with a body that disagrees with its schema: ${c.ajv.errorsText(validate.errors)}. Body: ${res.body.slice(0, 300)}`);
  }
}
