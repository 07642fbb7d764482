import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCancelCharge, ZCharge, ZChargeDetail, ZChargePage, ZChargeQuery, ZCreateCharge, ZRecordPayment,
} from '../../shared/charges.js';
import { requireClubMember, requirePermission } from '../http/access.js';
import * as repo from './repo.js';
import * as service from './service.js';

const ZClubParams = z.object({ clubId: z.string() });
const ZChargeParams = z.object({ clubId: z.string(), id: z.string() });
const ZPaymentParams = z.object({ clubId: z.string(), id: z.string(), paymentId: z.string() });
const tags = ['charges'];

/** Receivables (ADR 050): the treasurer and the direction manage them; a member reads their own. */
export const chargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const manager = (req: Parameters<typeof requirePermission>[1], clubId: string) => requirePermission(db, req, clubId, 'charges.manage');

  app.get('/api/clubs/:clubId/charges', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Cobranças do clube, vencimento mais recente primeiro, com filtros', params: ZClubParams, querystring: ZChargeQuery, response: { 200: ZChargePage } },
  }, async (req) => service.listCharges(db, (await manager(req, req.params.clubId)).clubId, req.query));

  app.post('/api/clubs/:clubId/charges', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Criar cobrança para um membro', params: ZClubParams, body: ZCreateCharge, response: { 201: ZCharge } },
  }, async (req, reply) => reply.status(201).send(await service.createCharge(db, await manager(req, req.params.clubId), req.body)));

  app.get('/api/clubs/:clubId/charges/:id', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Cobrança com seus pagamentos', params: ZChargeParams, response: { 200: ZChargeDetail } },
  }, async (req) => service.getChargeDetail(db, (await manager(req, req.params.clubId)).clubId, req.params.id));

  app.post('/api/clubs/:clubId/charges/:id/payments', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Registrar pagamento (total ou parcial; lança a receita no caixa)', params: ZChargeParams, body: ZRecordPayment, response: { 201: ZChargeDetail } },
  }, async (req, reply) => reply.status(201).send(await service.recordPayment(db, await manager(req, req.params.clubId), req.params.id, req.body)));

  app.post('/api/clubs/:clubId/charges/:id/payments/:paymentId/reverse', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Estornar pagamento (estorna a receita no caixa)', params: ZPaymentParams, response: { 200: ZChargeDetail } },
  }, async (req) => service.reversePayment(db, await manager(req, req.params.clubId), req.params.id, req.params.paymentId));

  app.post('/api/clubs/:clubId/charges/:id/cancel', {
    config: { permission: 'charges.manage' },
    schema: { tags, summary: 'Cancelar cobrança (motivo obrigatório, registrado no histórico)', params: ZChargeParams, body: ZCancelCharge, response: { 200: ZChargeDetail } },
  }, async (req) => service.cancelCharge(db, await manager(req, req.params.clubId), req.params.id, req.body));

  app.get('/api/clubs/:clubId/my-charges', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Minhas cobranças em aberto (do membro logado)', params: ZClubParams, response: { 200: z.array(ZCharge) } },
  }, async (req) => {
    const access = await requireClubMember(db, req, req.params.clubId);
    return repo.listOpenCharges(db, access.clubId, access.profileId);
  });
};
