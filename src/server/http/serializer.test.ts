import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, responseJsonSchema, serializerFor } from './serializer.js';
import { createTestApp } from '../../../test/api.js';
import { ZIndividualRankingRow } from '../../shared/ranking.js';
import { ZMemberProfile } from '../../shared/progress.js';

const compile = (schema: unknown) => compiledSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' });

describe('compiled response serializer', () => {
  it('writes only the declared properties (a stray column never leaves the server)', () => {
    const stringify = compile(z.object({ id: z.string(), name: z.string() }));
    const out = JSON.parse(stringify({ id: 'a', name: 'b', password_hash: 'secret' }));
    expect(out).toEqual({ id: 'a', name: 'b' });
  });

  it('refuses an answer missing a required property', () => {
    const stringify = compile(z.object({ id: z.string(), name: z.string() }));
    expect(() => stringify({ id: 'a' })).toThrow(/name/);
  });

  it('writes nullable values and nested lists as zod then JSON.stringify did', () => {
    const schema = z.array(ZIndividualRankingRow);
    const rows = [
      { profile_id: 'p1', club_id: 'c', ranking: 1, full_name: 'Ana "Bia"', unit_name: null, unit_color: null, total_tasks: 3, total_points: 40 },
      { profile_id: 'p2', club_id: 'c', ranking: 2, full_name: 'João', unit_name: 'Águias', unit_color: '#fff', total_tasks: 0, total_points: 0 },
    ];
    expect(JSON.parse(compile(schema)(rows))).toEqual(schema.parse(rows));
  });

  it('keeps a nullable object (one JSON Schema type list, no anyOf left for the common case)', () => {
    const json = responseJsonSchema(z.object({ n: z.number().int().nullable(), s: z.enum(['a', 'b']).nullable() }));
    expect(JSON.stringify(json)).not.toContain('anyOf');
    const stringify = compile(z.object({ n: z.number().int().nullable(), s: z.enum(['a', 'b']).nullable() }));
    expect(JSON.parse(stringify({ n: null, s: null }))).toEqual({ n: null, s: null });
    expect(JSON.parse(stringify({ n: 3, s: 'a' }))).toEqual({ n: 3, s: 'a' });
  });

  it('serialises a whole member profile like the zod path', () => {
    const profile = {
      profile_id: 'p', full_name: 'Ana', email: null, role: 'member', unit_id: null, unit_name: null, member_since: '2026-01-01T00:00:00.000Z',
      total_points: 10, points_tasks: 10, points_badges: 0, points_adjustments: 0, points_meetings: 0, ranking: null, total_tasks: 1,
      badges: [], history: [],
    };
    expect(JSON.parse(compile(ZMemberProfile)(profile))).toEqual(ZMemberProfile.parse(profile));
  });

  it("every route's response schemas compile (routes compile theirs on first answer, so the suite checks them all)", async () => {
    const ctx = await createTestApp();
    try {
      let compiled = 0;
      for (const route of ctx.app.routeCatalog) {
        const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
        for (const [status, schema] of Object.entries(responses)) {
          expect(() => serializerFor(schema), `${String(route.method)} ${route.url} ${status}`).not.toThrow();
          compiled += 1;
        }
      }
      expect(compiled).toBeGreaterThan(100);
    } finally {
      await ctx.close();
    }
  });
});
