import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RANKING_MSG, ZIndividualRankingRow, ZRankingPeriod, ZRankingQuery, ZUnitRankingRow } from '../../shared/ranking.js';
import { notFound } from '../core/errors.js';
import type { Db } from '../db/index.js';
import * as repo from './repo.js';
import { ZClubParams } from '../../shared/ids.js';


async function checkPeriod(db: Db, clubId: string, periodId?: string): Promise<void> {
  if (periodId && !(await repo.findPeriod(db, clubId, periodId))) throw notFound(RANKING_MSG.periodNotFound);
}

export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ranking'];

  app.get('/api/clubs/:clubId/ranking/individual', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Ranking individual (geral ou de um período)', params: ZClubParams, querystring: ZRankingQuery, response: { 200: z.array(ZIndividualRankingRow) } },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(req, reply, access, async (q) => {
      const rows = await repo.individualRankingJson(q, access.clubId, req.query.period_id);
      // An unknown period has no rows: asked only then, so a period's ranking is one statement.
      if (rows === '[]') await checkPeriod(q, access.clubId, req.query.period_id);
      return rows;
    });
  });

  app.get('/api/clubs/:clubId/ranking/units', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Ranking de unidades (geral ou de um período)', params: ZClubParams, querystring: ZRankingQuery, response: { 200: z.array(ZUnitRankingRow) } },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(req, reply, access, async (q) => {
      const rows = await repo.unitRankingJson(q, access.clubId, req.query.period_id);
      // An unknown period has no rows: asked only then, so a period's ranking is one statement.
      if (rows === '[]') await checkPeriod(q, access.clubId, req.query.period_id);
      return rows;
    });
  });

  app.get('/api/clubs/:clubId/ranking/periods', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Períodos do clube para o filtro do ranking', params: ZClubParams, response: { 200: z.array(ZRankingPeriod) } },
  }, async (req) => {
    const access = req.access;
    return repo.listPeriods(app.db, access.clubId);
  });

  app.get('/api/clubs/:clubId/ranking/unit-options', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Unidades ativas (para Pontuar unidade)', params: ZClubParams, response: { 200: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })) } },
  }, async (req) => {
    const access = req.access;
    return repo.listUnitOptions(app.db, access.clubId);
  });
};
