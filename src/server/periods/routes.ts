import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERIOD_MSG, ZPeriod, ZPeriodInput } from '../../shared/periods.js';
import { notFound } from '../plugins/errors.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import * as repo from './repo.js';
import * as service from './service.js';

const ZPeriodParams = ZClubParams.extend({ periodId: zId(PERIOD_MSG.notFound) });
const ZOk = z.object({ ok: z.literal(true) });

export const periodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clubs/:clubId/periods', {
    config: { permission: 'club.read' },
    schema: { tags: ['periods'], summary: 'Períodos do clube, mais recentes primeiro', params: ZClubParams, response: { 200: z.array(ZPeriod) } },
  }, async (req) => {
    const access = req.access;
    return repo.listPeriods(app.db, access.clubId);
  });

  app.get('/api/clubs/:clubId/periods/:periodId', {
    config: { permission: 'club.read' },
    schema: { tags: ['periods'], summary: 'Um período', params: ZPeriodParams, response: { 200: ZPeriod } },
  }, async (req) => {
    const access = req.access;
    const period = await repo.getPeriod(app.db, access.clubId, req.params.periodId);
    if (!period) throw notFound(PERIOD_MSG.notFound);
    return period;
  });

  app.post('/api/clubs/:clubId/periods', {
    config: { permission: 'periods.manage' },
    schema: { tags: ['periods'], summary: 'Criar período (admin)', params: ZClubParams, body: ZPeriodInput, response: { 201: ZPeriod } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.createPeriod(app.db, access, req.body));
  });

  app.put('/api/clubs/:clubId/periods/:periodId', {
    config: { permission: 'periods.manage' },
    schema: { tags: ['periods'], summary: 'Editar período (admin)', params: ZPeriodParams, body: ZPeriodInput, response: { 200: ZPeriod } },
  }, async (req) => {
    const access = req.access;
    return service.updatePeriod(app.db, access, req.params.periodId, req.body);
  });

  app.delete('/api/clubs/:clubId/periods/:periodId', {
    config: { permission: 'periods.manage' },
    schema: { tags: ['periods'], summary: 'Excluir período (admin)', params: ZPeriodParams, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await service.deletePeriod(app.db, access, req.params.periodId);
    return { ok: true as const };
  });
};
