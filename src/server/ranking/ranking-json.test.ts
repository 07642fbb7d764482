import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertUnit } from '../../../test/gamification.js';
import { RANKING_MSG, ZIndividualRankingRow, ZUnitRankingRow } from '../../shared/ranking.js';
import { serializerFor } from '../http/serializer.js';
import { individualRanking, individualRankingJson, unitRanking, unitRankingJson } from './repo.js';

// The ranking routes send the JSON text PostgreSQL writes (repo.ts). It must be byte for byte what the
// compiled serializer writes for the same rows, whatever the names hold.

let ctx: TestContext;
let admin: Session;
let club: { id: string };
let empty: { id: string };
let period: string;

const individualText = serializerFor(z.array(ZIndividualRankingRow));
const unitText = serializerFor(z.array(ZUnitRankingRow));

const NAMES = ['Ana "Aspas"', 'Barra \\ invertida', 'Linha\nnova\te tab', 'Controle \u0001\u001f', 'Emoji 🏕️ ção', 'Zoë </script>', 'Sem unidade'];

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, admin, 'Ranking JSON');
  empty = await createClub(ctx.app, admin, 'Ranking vazio');
  const units = [
    await insertUnit(ctx.db, club.id, 'Águias "do" \\ Norte', '#0ea5e9'),
    await insertUnit(ctx.db, club.id, 'Falcões\n🦅', '#f59e0b'),
  ];
  const [pr] = await ctx.db.query<{ id: string }>(
    `INSERT INTO periods (club_id, name, start_date, end_date) VALUES ($1, 'Trimestre', '2026-01-01', '2026-03-31T23:59:59Z') RETURNING id`, [club.id]);
  period = pr.id;
  for (const [i, name] of NAMES.entries()) {
    const [p] = await ctx.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
    const unit = name === 'Sem unidade' ? null : units[i % 2];
    await addMember(ctx.db, club.id, p.id, 'Desbravador(a)', unit);
    // Ties (i % 3) and a member at 0 points; some points inside the period, some outside.
    if (i !== 3) {
      await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, occurred_at) VALUES ($1, $2, $3, 'manual', $4, 'x', $5)`,
        [club.id, p.id, unit, 10 * (i % 3) - 5, i % 2 === 0 ? '2026-02-01T00:00:00Z' : '2026-05-01T00:00:00Z']);
    }
  }
  await ctx.db.query(`INSERT INTO point_events (club_id, unit_id, source, points, reason, occurred_at) VALUES ($1, $2, 'manual', 7, 'unidade', '2026-02-02T00:00:00Z')`, [club.id, units[1]]);
});
afterAll(() => ctx.close());

describe(`ranking JSON written by the database on ${engineName()}`, () => {
  it('is byte for byte the compiled serializer\'s text of the rows, overall and per period', async () => {
    for (const p of [undefined, period]) {
      const rows = await individualRanking(ctx.db, club.id, p);
      expect(rows.length).toBe(NAMES.length);
      expect(await individualRankingJson(ctx.db, club.id, p)).toBe(individualText(rows));
      const units = await unitRanking(ctx.db, club.id, p);
      expect(units.length).toBe(2);
      expect(await unitRankingJson(ctx.db, club.id, p)).toBe(unitText(units));
    }
  });

  it('the routes send that text with the JSON content type; a club without points answers []', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/individual`, { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(individualText(await individualRanking(ctx.db, club.id)));
    expect(res.json().find((r: { full_name: string }) => r.full_name === 'Sem unidade')).toMatchObject({ unit_name: null, unit_color: null });
    const units = await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/units?period_id=${period}`, { as: admin });
    expect(units.body).toBe(unitText(await unitRanking(ctx.db, club.id, period)));
    for (const path of ['individual', 'units', `individual?period_id=${period}`]) {
      const none = await call(ctx.app, 'GET', `/api/clubs/${empty.id}/ranking/${path.replace(period, '00000000-0000-4000-8000-000000000000')}`, { as: admin });
      expect(none.statusCode).toBe(path.includes('period') ? 404 : 200);
      if (!path.includes('period')) expect(none.body).toBe('[]');
    }
  });

  it('a period of another club is not found, even when that club has points in its dates', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${empty.id}/ranking/individual?period_id=${period}`, { as: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(RANKING_MSG.periodNotFound);
  });
});
