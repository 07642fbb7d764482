import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { firstRow, fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA, watch } from '../../../test/fuzz.js';

/** The secretaria's writes through the one fuzz harness (test/fuzz.ts): no 5xx, a refusal writes nothing and speaks pt-BR. */
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
  fuzzWriteRoutes({
    routes,
    hostile: { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate },
    valid: (route) => route.valid(),
    send: (route, _name, body) => watch(firstRow(ctx.db, route.state()), () => call(ctx.app, route.method ?? 'POST', route.url(), { as: admin, body })),
    title: (route, name) => `${route.method ?? 'POST'} ${name}`,
    seed: 47,
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
