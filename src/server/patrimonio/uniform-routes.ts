import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import {
  PAT_MSG, ZDeliveryInput, ZKit, ZKitInput, ZKitOrder, ZKitPending, ZMemberSizes, ZMyPatrimonio, ZOrderChargesInput, ZPieceGoneInput, ZSizesInput,
} from '../../shared/patrimonio.js';
import * as uniforms from './uniforms.js';
import { sendKept } from '../http/kept-read.js';

const ZMemberParams = ZClubParams.extend({ memberId: zId(PAT_MSG.memberNotFound) });
const ZKitParams = ZClubParams.extend({ kitId: zId(PAT_MSG.kitNotFound) });
const tags = ['uniformes'];

/** Uniformes e kits (issue 50): members read their own; the direction and the treasurer manage; a counsellor reads their unit. */
export const uniformRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/api/clubs/:clubId/uniformes/me', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Meus tamanhos, o que recebi dos kits e o que tenho emprestado', params: ZClubParams, response: { 200: ZMyPatrimonio } },
  }, async (req, reply) => sendKept(req, reply, (q) => uniforms.mine(q, req.access)));

  app.get('/api/clubs/:clubId/uniformes/sizes', {
    config: { permission: 'uniforms.read' },
    schema: { tags, summary: 'Tamanhos de uniforme dos membros (conselheiro: a própria unidade)', params: ZClubParams, response: { 200: z.array(ZMemberSizes) } },
  }, async (req, reply) => sendKept(req, reply, (q) => uniforms.listSizes(q, req.access)));

  app.put('/api/clubs/:clubId/uniformes/sizes/:memberId', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Salvar os tamanhos de um membro (camisa, calça/saia, sapato, boné)', params: ZMemberParams, body: ZSizesInput, response: { 200: ZMemberSizes } },
  }, async (req) => uniforms.saveSizes(db, req.access, req.params.memberId, req.body));

  app.get('/api/clubs/:clubId/uniformes/kits', {
    config: { permission: 'uniforms.read' },
    schema: { tags, summary: 'Kits do clube e quantos receberam cada item', params: ZClubParams, response: { 200: z.array(ZKit) } },
  }, async (req, reply) => sendKept(req, reply, (q) => uniforms.listKits(q, req.access.clubId)));

  app.post('/api/clubs/:clubId/uniformes/kits', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Definir um kit (lenço, Bíblia, caderno, cantil…) com o preço de cada item', params: ZClubParams, body: ZKitInput, response: { 201: ZKit } },
  }, async (req, reply) => reply.status(201).send(await uniforms.createKit(db, req.access, req.body)));

  app.put('/api/clubs/:clubId/uniformes/kits/:kitId', {
    config: { permission: 'patrimonio.manage' },
    schema: {
      tags, summary: 'Editar um kit ou o uniforme: renomear, mudar preços, incluir e tirar itens (o que já foi entregue fica)', params: ZKitParams, body: ZKitInput,
      response: { 200: ZKit },
    },
  }, async (req) => uniforms.updateKit(db, req.access, req.params.kitId, req.body));

  app.post('/api/clubs/:clubId/uniformes/kits/:kitId/deliveries', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Registrar a entrega de um item do kit (ou quem já tem a peça do uniforme) a membros, com a data', params: ZKitParams, body: ZDeliveryInput, response: { 201: ZKit } },
  }, async (req, reply) => reply.status(201).send(await uniforms.deliver(db, req.access, req.params.kitId, req.body)));

  app.post('/api/clubs/:clubId/uniformes/kits/:kitId/pieces-gone', {
    config: { permission: 'patrimonio.manage' },
    schema: {
      tags, summary: 'Marcar que um membro não tem mais uma peça (perdeu, não serve mais, devolveu): a entrega fica no histórico', params: ZKitParams, body: ZPieceGoneInput,
      response: { 200: ZKit },
    },
  }, async (req) => uniforms.markPieceGone(db, req.access, req.params.kitId, req.body));

  app.get('/api/clubs/:clubId/uniformes/kits/:kitId/pending', {
    config: { permission: 'uniforms.read' },
    schema: { tags, summary: 'Quem ainda não recebeu cada item do kit, por unidade', params: ZKitParams, response: { 200: z.array(ZKitPending) } },
  }, async (req, reply) => sendKept(req, reply, (q) => uniforms.pending(q, req.access, req.params.kitId)));

  app.get('/api/clubs/:clubId/uniformes/kits/:kitId/order', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Pedido da próxima compra: itens que faltam por tamanho, com o custo', params: ZKitParams, response: { 200: ZKitOrder } },
  }, async (req, reply) => sendKept(req, reply, (q) => uniforms.order(q, req.access.clubId, req.params.kitId)));

  app.post('/api/clubs/:clubId/uniformes/kits/:kitId/order/charges', {
    config: { permission: 'patrimonio.manage' },
    schema: {
      tags, summary: 'Gerar as cobranças do pedido às famílias (uma por membro, pelas cobranças do clube)', params: ZKitParams, body: ZOrderChargesInput,
      response: { 201: z.object({ charges: z.number(), total: z.string() }) },
    },
  }, async (req, reply) => reply.status(201).send(await uniforms.chargeOrder(db, req.access, req.params.kitId, req.body.due_on)));
};
