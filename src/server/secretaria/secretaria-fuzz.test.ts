import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/** The secretaria's writes: no body answers 5xx, and a refused body changes nothing (style of events-fuzz.test.ts). */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let memberId: string;
let draftId: string;
let votoId: string;
let seq = 0;

interface WriteRoute {
  method?: 'POST' | 'PUT';
  url: () => string;
  state: () => string;
  valid: () => Record<string, unknown>;
}

const ataBody = () => ({
  kind: 'regular', held_on: '2026-06-01', place: 'Sede', presided_by: 'Diretora', written_by: 'Secretária', present_member_ids: [memberId],
  visitors: ['Visitante'], agenda: 'Pauta', body: `Texto ${++seq}`, votos: [{ subject: 'Decisão', votes_for: 1, votes_against: 1, abstentions: 0 }],
});

const routes: Record<string, WriteRoute> = {
  createAta: { url: () => `/api/clubs/${clubId}/secretaria/atas`, state: () => 'SELECT count(*)::int AS n, (SELECT count(*)::int FROM ata_votos) AS v, (SELECT coalesce(sum(last), 0)::int FROM secretaria_counters) AS c FROM atas', valid: ataBody },
  updateAta: {
    method: 'PUT', url: () => `/api/clubs/${clubId}/secretaria/atas/${draftId}`,
    state: () => `SELECT body, place, held_on, (SELECT count(*)::int FROM ata_votos WHERE ata_id = '${draftId}') AS v, (SELECT count(*)::int FROM ata_attendees WHERE ata_id = '${draftId}') AS p FROM atas WHERE id = '${draftId}'`,
    valid: ataBody,
  },
  createAto: {
    url: () => `/api/clubs/${clubId}/secretaria/atos`, state: () => 'SELECT count(*)::int AS n FROM atos',
    valid: () => ({ kind: 'advertencia', acted_on: '2026-06-02', member_id: memberId, person_name: null, role_title: null, term_start: null, term_end: null, body: `Ato ${++seq}`, voto_id: votoId }),
  },
  createOficio: {
    url: () => `/api/clubs/${clubId}/secretaria/oficios`, state: () => 'SELECT count(*)::int AS n FROM oficios',
    valid: () => ({ dated_on: '2026-06-03', counterpart: 'Associação', subject: `Assunto ${++seq}`, body: 'Texto' }),
  },
  signVisitBook: {
    url: () => `/api/clubs/${clubId}/secretaria/visitas`, state: () => 'SELECT count(*)::int AS n FROM visitas',
    valid: () => ({ visited_on: '2026-06-04', name: `Visitante ${++seq}`, origin: 'Igreja Central', note: 'Voltarei' }),
  },
};

const hostile: Record<string, unknown> = {
  empty: '', null: null, negative: -1, huge: 1e308, big: 'x'.repeat(200 * 1024), nul: 'a\u0000b', emoji: '🏕️🔥👩🏽‍🚀',
  wrongType: true, impossibleDate: '2026-02-31', array: ['a', 1], object: { a: { b: 'c' } }, farDate: '275760-09-13T00:00:00.000Z',
};

async function send(route: WriteRoute, body: Record<string, unknown>) {
  const [before] = await ctx.db.query(route.state());
  const res = await call(ctx.app, route.method ?? 'POST', route.url(), { as: admin, body });
  const [after] = await ctx.db.query(route.state());
  return { status: res.statusCode, changed: JSON.stringify(before) !== JSON.stringify(after), body: res.body.slice(0, 200) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Secretaria')).id;
  memberId = await memberIdOf(ctx.db, clubId, admin.profile.id);
  const approved = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/secretaria/atas`, { as: admin, body: ataBody() })).json();
  votoId = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/secretaria/atas/${approved.id}/approve`, { as: admin, body: {} })).json().votos[0].id;
  draftId = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/secretaria/atas`, { as: admin, body: ataBody() })).json().id;
});
afterAll(() => ctx.close());

describe(`hostile bodies on the secretaria routes on ${engineName()}`, () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${route.method ?? 'POST'} ${name}: each field replaced by each hostile value answers < 500, and a 4xx changes nothing`, async () => {
      expect((await send(route, route.valid())).status).toBeLessThan(300);
      const failures: unknown[] = [];
      for (const field of Object.keys(route.valid())) {
        for (const [label, value] of Object.entries(hostile)) {
          const r = await send(route, { ...route.valid(), [field]: value });
          if (r.status >= 500 || (r.status >= 400 && r.changed)) failures.push({ field, label, ...r });
          if (label === 'nul' && r.status !== 400) failures.push({ field, label, expected: 400, ...r });
          if (r.status >= 400 && /invalid|expected|required/i.test(r.body)) failures.push({ field, label, english: true, ...r });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('random values in random fields never answer 5xx, and a refusal writes nothing (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(routes)), fc.nat(), fc.anything({ withNullPrototype: false }), async (name, pick, value) => {
        const route = routes[name];
        const body = route.valid();
        const fields = Object.keys(body);
        const r = await send(route, { ...body, [fields[pick % fields.length]]: value });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.changed).toBe(false);
      }),
      { numRuns: 100, seed: 47 },
    );
  });

  it('the id routes answer < 500 for any id (approve, close, confirm, discard, file)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (id) => {
        const e = encodeURIComponent(id);
        for (const [method, url] of [
          ['POST', `/api/clubs/${clubId}/secretaria/atas/${e}/approve`],
          ['POST', `/api/clubs/${clubId}/secretaria/atas/${e}/close`],
          ['DELETE', `/api/clubs/${clubId}/secretaria/atos/${e}`],
          ['GET', `/api/clubs/${clubId}/secretaria/oficios/${e}/arquivo`],
        ] as const) {
          const res = await call(ctx.app, method, url, { as: admin, body: method === 'POST' ? {} : undefined });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        }
      }),
      { numRuns: 30, seed: 47 },
    );
  });
});
