import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { ASSOC_MSG, POST_MSG, ZDeadlineInput, ZDiretoria, ZInsuranceInput, ZPostInput, ZReadiness, ZSgcFieldsInput, ZSgcMember, ZTermoAdesao } from '../../shared/associacao.js';
import { z } from 'zod';
import * as service from './service.js';
import * as diretoria from './diretoria.js';
import { sendKept } from '../http/kept-read.js';

const tags = ['associacao'];
const ZMemberParams = ZClubParams.extend({ memberId: zId(ASSOC_MSG.memberNotFound) });
const ZPostParams = ZClubParams.extend({ postId: zId(POST_MSG.notFound) });

/** Ready for the Associação (issue 48): SGC and seguro readiness. */
export const associacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/api/clubs/:clubId/associacao/readiness', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Prontidão para o SGC e o seguro: cada membro e o que falta', params: ZClubParams, response: { 200: ZReadiness } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.readiness(q, req.access.clubId)));

  app.get('/api/clubs/:clubId/associacao/sgc.csv', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Exportar os membros na ordem dos campos do SGC (CSV pt-BR, sem dados de saúde)', params: ZClubParams, response: { 200: z.string() } },
  }, async (req, reply) => {
    const r = await service.readiness(db, req.access.clubId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="sgc-${r.year}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(service.sgcCsv(r));
  });

  app.put('/api/clubs/:clubId/associacao/members/:memberId/sgc', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Preencher os campos do SGC de um membro', params: ZMemberParams, body: ZSgcFieldsInput, response: { 200: ZSgcMember } },
  }, async (req) => service.saveSgcFields(db, req.access, req.params.memberId, req.body));

  app.put('/api/clubs/:clubId/associacao/members/:memberId/insurance', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Seguro do membro no ano (apólice ou certificado e data)', params: ZMemberParams, body: ZInsuranceInput, response: { 200: ZOk } },
  }, async (req) => {
    await service.saveInsurance(db, req.access, req.params.memberId, req.body);
    return { ok: true as const };
  });

  app.put('/api/clubs/:clubId/associacao/deadline', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Prazo do SGC e do seguro (dia e mês; 10/02 se a Associação não mudar)', params: ZClubParams, body: ZDeadlineInput, response: { 200: ZOk } },
  }, async (req) => {
    await service.saveDeadline(db, req.access, req.body.month, req.body.day);
    return { ok: true as const };
  });

  app.get('/api/clubs/:clubId/associacao/diretoria', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Diretoria: cargos, mandatos, o que falta e as regras da Associação', params: ZClubParams, response: { 200: ZDiretoria } },
  }, async (req, reply) => sendKept(req, reply, (q) => diretoria.diretoria(q, req.access.clubId)));

  app.get('/api/clubs/:clubId/associacao/diretoria/termo/:memberId', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Termo de adesão ao serviço voluntário (Lei 9.608/1998) de um membro, preenchido para imprimir', params: ZMemberParams, response: { 200: ZTermoAdesao } },
  }, async (req) => diretoria.termoAdesao(db, req.access.clubId, req.params.memberId));

  app.post('/api/clubs/:clubId/associacao/diretoria', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Dar um cargo da diretoria a um membro (início e fim do mandato)', params: ZClubParams, body: ZPostInput, response: { 201: z.object({ id: z.string() }) } },
  }, async (req, reply) => reply.status(201).send(await diretoria.savePost(db, req.access, null, req.body)));

  app.put('/api/clubs/:clubId/associacao/diretoria/:postId', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Editar um cargo da diretoria', params: ZPostParams, body: ZPostInput, response: { 200: z.object({ id: z.string() }) } },
  }, async (req) => diretoria.savePost(db, req.access, req.params.postId, req.body));

  app.delete('/api/clubs/:clubId/associacao/diretoria/:postId', {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Remover um cargo da diretoria', params: ZPostParams, response: { 200: ZOk } },
  }, async (req) => {
    await diretoria.removePost(db, req.access, req.params.postId);
    return { ok: true as const };
  });
};
