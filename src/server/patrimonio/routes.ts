import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import {
  PAT_MSG, ZBorrowers, ZCheckInInput, ZCheckOutInput, ZHistoryInput, ZItem, ZItemDetail, ZItemInput, ZLoan, ZPatrimonioSummary, ZWriteOffInput,
} from '../../shared/patrimonio.js';
import { readUploadForm, sendEvidence } from '../http/evidence.js';
import * as lending from './lending.js';
import * as repo from './repo.js';
import * as service from './service.js';
import { sendKept } from '../http/kept-read.js';

const ZItemParams = ZClubParams.extend({ itemId: zId(PAT_MSG.itemNotFound) });
const ZLoanParams = ZItemParams.extend({ loanId: zId(PAT_MSG.loanNotFound) });
const ZFileParams = ZClubParams.extend({ fileId: zId(PAT_MSG.fileNotFound) });
const tags = ['patrimonio'];

/** Patrimônio (issue 50): the treasurer and the direction manage items; the leaders lend them and take them back. */
export const patrimonioRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/api/clubs/:clubId/patrimonio/summary', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Patrimônio num relance: itens, valor, emprestados, atrasados e baixas do ano', params: ZClubParams, response: { 200: ZPatrimonioSummary } },
  }, async (req, reply) => sendKept(req, reply, (q) => repo.summary(q, req.access.clubId)));

  app.get('/api/clubs/:clubId/patrimonio/items', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Itens do patrimônio por nome, com disponíveis, emprestados e valor', params: ZClubParams, response: { 200: z.array(ZItem) } },
  }, async (req, reply) => sendKept(req, reply, (q) => repo.listItems(q, req.access.clubId)));

  app.post('/api/clubs/:clubId/patrimonio/items', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Cadastrar item ou lote (comprado com NF-e, doado ou fabricado)', params: ZClubParams, body: ZItemInput, response: { 201: ZItem } },
  }, async (req, reply) => reply.status(201).send(await service.createItem(db, req.access, req.body)));

  app.get('/api/clubs/:clubId/patrimonio/items/:itemId', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Item com fotos, documentos, histórico e empréstimos', params: ZItemParams, response: { 200: ZItemDetail } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.getItemDetail(q, req.access.clubId, req.params.itemId)));

  app.put('/api/clubs/:clubId/patrimonio/items/:itemId', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Alterar item (a quantidade não fica abaixo do emprestado e baixado)', params: ZItemParams, body: ZItemInput, response: { 200: ZItem } },
  }, async (req) => service.updateItem(db, req.access, req.params.itemId, req.body));

  app.post('/api/clubs/:clubId/patrimonio/items/:itemId/history', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Registrar vistoria ou manutenção (estado antes e depois)', params: ZItemParams, body: ZHistoryInput, response: { 201: ZItemDetail } },
  }, async (req, reply) => reply.status(201).send(await service.recordCheck(db, req.access, req.params.itemId, req.body)));

  app.post('/api/clubs/:clubId/patrimonio/items/:itemId/write-off', {
    config: { permission: 'patrimonio.manage' },
    schema: { tags, summary: 'Dar baixa (motivo e voto da igreja) ou registrar perda', params: ZItemParams, body: ZWriteOffInput, response: { 201: ZItemDetail } },
  }, async (req, reply) => reply.status(201).send(await service.writeOff(db, req.access, req.params.itemId, req.body)));

  app.post('/api/clubs/:clubId/patrimonio/items/:itemId/files', {
    config: { permission: 'patrimonio.manage' },
    schema: {
      tags, summary: 'Anexar foto, NF-e ou termo de doação (multipart: file; até 10 MB, conferido pelo conteúdo)', params: ZItemParams,
      querystring: z.object({ kind: z.string().max(20).optional() }), consumes: ['multipart/form-data'], response: { 201: ZItemDetail },
    },
  }, async (req, reply) => {
    const form = await readUploadForm(req);
    return reply.status(201).send(await service.attachFile(db, app.storage, req.access, req.params.itemId, req.query.kind ?? form.fields.kind ?? '', form.file));
  });

  app.get('/api/clubs/:clubId/patrimonio/files/:fileId', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Foto ou documento de um item', params: ZFileParams, querystring: z.object({ download: z.enum(['1']).optional() }) },
  }, async (req, reply) => {
    const file = await service.readFile(db, app.storage, req.access.clubId, req.params.fileId);
    return sendEvidence(reply, file, Boolean(req.query.download));
  });

  app.get('/api/clubs/:clubId/patrimonio/borrowers', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'A quem emprestar: unidades, líderes e eventos', params: ZClubParams, response: { 200: ZBorrowers } },
  }, async (req, reply) => sendKept(req, reply, (q) => repo.listBorrowers(q, req.access.clubId)));

  app.get('/api/clubs/:clubId/patrimonio/loans', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'O que está emprestado agora, os atrasados primeiro', params: ZClubParams, response: { 200: z.array(ZLoan) } },
  }, async (req, reply) => sendKept(req, reply, (q) => lending.openLoans(q, req.access.clubId)));

  app.post('/api/clubs/:clubId/patrimonio/items/:itemId/check-out', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Emprestar a uma unidade, a um líder ou a um evento, com data de devolução', params: ZItemParams, body: ZCheckOutInput, response: { 201: ZItemDetail } },
  }, async (req, reply) => reply.status(201).send(await lending.checkOut(db, req.access, req.params.itemId, req.body)));

  app.post('/api/clubs/:clubId/patrimonio/items/:itemId/check-in', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Registrar a devolução (o empréstimo mais antigo do item) com o estado', params: ZItemParams, body: ZCheckInInput, response: { 200: ZItemDetail } },
  }, async (req) => lending.checkIn(db, req.access, req.params.itemId, null, req.body));

  app.post('/api/clubs/:clubId/patrimonio/items/:itemId/loans/:loanId/check-in', {
    config: { permission: 'patrimonio.lend' },
    schema: { tags, summary: 'Registrar a devolução de um empréstimo com o estado', params: ZLoanParams, body: ZCheckInInput, response: { 200: ZItemDetail } },
  }, async (req) => lending.checkIn(db, req.access, req.params.itemId, req.params.loanId, req.body));
};
