import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialisation (ADR 020). Each route's zod response schema is turned once, on first use, into
 * JSON Schema (the same output-side conversion the OpenAPI document is generated from) and compiled
 * with fast-json-stringify. Like zod's parse, it writes only the declared properties (a column a query
 * returns by mistake never leaves the server) and refuses an answer missing a required one; unlike it,
 * it does not re-check every value on every request: the API suites check every answer against the
 * OpenAPI document (test/contract.ts), on both engines.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) becomes `type: [X, 'null']` where X has a single
 * type: fast-json-stringify then writes it directly instead of trying each branch with a validator.
 */
export function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplifyNullable(v);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b) => isObject(b) && b.type === 'null' && Object.keys(b).length === 1);
    const other: unknown = branches[1 - nullIndex];
    if (nullIndex >= 0 && isObject(other) && typeof other.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _drop, ...rest } = out;
      const merged: Json = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
      return merged;
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema. */
export function responseJsonSchema(schema: unknown): Json {
  if (!(schema instanceof $ZodType)) return isObject(schema) ? schema : {};
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Json;
  const { $schema: _drop, ...rest } = json;
  return simplifyNullable(rest) as Json;
}

/** The compiled serialiser of one response schema: the text a route with that schema answers. */
export function serializerFor(schema: unknown): (data: unknown) => string {
  return fastJsonStringify(responseJsonSchema(schema));
}

/**
 * Compiled serialisers (the default), each compiled on its route's first answer: compiling all of them
 * (some 300 routes and status codes) was a fifth of the embedded server's start. serializer.test.ts
 * compiles every route's schemas, so a schema that cannot compile still fails the suite.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let stringify: ((data: unknown) => string) | undefined;
  return (data) => (stringify ??= serializerFor(schema))(data);
};

/** zod parse then JSON.stringify on every answer (the previous path; kept for the bench's comparison). */
export const zodParsingSerializerCompiler = zodSerializerCompiler as FastifySerializerCompiler<unknown>;
