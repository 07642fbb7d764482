import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNIT_MSG, ZUnit, ZUnitInput } from '../../shared/units.js';
import { notFound } from '../plugins/errors.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import * as repo from './repo.js';
import * as service from './service.js';

const ZUnitParams = ZClubParams.extend({ unitId: zId(UNIT_MSG.notFound) });
const ZOk = z.object({ ok: z.literal(true) });

export const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clubs/:clubId/units', {
    config: { permission: 'club.read' },
    schema: { tags: ['units'], summary: 'Unidades do clube, por nome', params: ZClubParams, response: { 200: z.array(ZUnit) } },
  }, async (req) => {
    const access = req.access;
    return repo.listUnits(app.db, access.clubId);
  });

  app.get('/api/clubs/:clubId/units/:unitId', {
    config: { permission: 'club.read' },
    schema: { tags: ['units'], summary: 'Uma unidade', params: ZUnitParams, response: { 200: ZUnit } },
  }, async (req) => {
    const access = req.access;
    const unit = await repo.getUnit(app.db, access.clubId, req.params.unitId);
    if (!unit) throw notFound(UNIT_MSG.notFound);
    return unit;
  });

  app.post('/api/clubs/:clubId/units', {
    config: { permission: 'units.manage' },
    schema: { tags: ['units'], summary: 'Criar unidade (admin)', params: ZClubParams, body: ZUnitInput, response: { 201: ZUnit } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.createUnit(app.db, access, req.body));
  });

  app.put('/api/clubs/:clubId/units/:unitId', {
    config: { permission: 'units.manage' },
    schema: { tags: ['units'], summary: 'Editar unidade (admin)', params: ZUnitParams, body: ZUnitInput, response: { 200: ZUnit } },
  }, async (req) => {
    const access = req.access;
    return service.updateUnit(app.db, access, req.params.unitId, req.body);
  });

  app.delete('/api/clubs/:clubId/units/:unitId', {
    config: { permission: 'units.manage' },
    schema: { tags: ['units'], summary: 'Excluir unidade sem membros (admin)', params: ZUnitParams, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await service.deleteUnit(app.db, access, req.params.unitId);
    return { ok: true as const };
  });
};
