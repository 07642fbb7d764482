import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECURRING_MSG, ZGenerateResult, ZRecurringInput, ZRecurringTask, ZSetActive } from '../../shared/recurring.js';
import * as service from './service.js';
import { ZClubParams, zId } from '../../shared/ids.js';

const ZRecurringParams = ZClubParams.extend({ recurringId: zId(RECURRING_MSG.notFound) });
const tags = ['recurring'];

/** Recurring tasks (admins only) and the on-demand run of the generation engine. */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/clubs/:clubId/recurring-tasks';

  app.get(base, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Tarefas recorrentes do clube', params: ZClubParams, response: { 200: z.array(ZRecurringTask) } },
  }, async (req) => service.listRecurring(app.db, req.access));

  app.post(base, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Criar tarefa recorrente (e gerar as ocorrências já devidas)', params: ZClubParams, body: ZRecurringInput, response: { 201: ZRecurringTask } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.createRecurring(app.db, access, req.body, req.log));
  });

  app.put(`${base}/:recurringId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Atualizar tarefa recorrente', params: ZRecurringParams, body: ZRecurringInput, response: { 200: ZRecurringTask } },
  }, async (req) => {
    const access = req.access;
    return service.updateRecurring(app.db, access, req.params.recurringId, req.body, req.log);
  });

  app.patch(`${base}/:recurringId/active`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Ativar ou desativar', params: ZRecurringParams, body: ZSetActive, response: { 200: ZRecurringTask } },
  }, async (req) => {
    const access = req.access;
    return service.setRecurringActive(app.db, access, req.params.recurringId, req.body.active);
  });

  app.delete(`${base}/:recurringId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Excluir (tarefas já geradas permanecem)', params: ZRecurringParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await service.deleteRecurring(app.db, req.access, req.params.recurringId);
    return reply.status(204).send(null);
  });

  app.post('/api/clubs/:clubId/generate-recurring-tasks', {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Gerar instâncias agora', params: ZClubParams, response: { 200: ZGenerateResult } },
  }, async (req) => service.generateForClub(app.db, req.access));
};
