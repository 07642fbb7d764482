import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SEC_MSG, ZApproveAta, ZAta, ZAtaInput, ZAtaRollCall, ZAtaSummary, ZRollCallQuery, ZAto, ZAtoInput, ZCitableVoto, ZOficio, ZOficioInput, ZOficioQuery, ZReceivedInput,
  ZSecretariaPerson, ZVisita, ZVisitaInput, ZYearQuery,
} from '../../shared/secretaria.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { badRequest } from '../core/errors.js';
import { readUploadForm, sendEvidence } from '../http/evidence.js';
import * as atasRepo from './atas-repo.js';
import * as booksRepo from './books-repo.js';
import { approveAta, closeAta, createAta, mustGetAta, updateAta } from './atas.js';
import { pastaRoutes } from './pasta-routes.js';
import { confirmAto, createAto, createOficio, discardAto, mustGetOficio, readReceivedFile, receiveOficio, signVisitBook } from './books.js';
import { sendKept } from '../http/kept-read.js';

const tags = ['secretaria'];
const base = '/api/clubs/:clubId/secretaria';
const ZAtaParams = ZClubParams.extend({ id: zId(SEC_MSG.ataNotFound) });
const ZAtoParams = ZClubParams.extend({ id: zId(SEC_MSG.atoNotFound) });
const ZOficioParams = ZClubParams.extend({ id: zId(SEC_MSG.oficioNotFound) });

/** A secretaria digital (issue 47): the secretary and the direction write, the leaders read. */
export const secretariaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(`${base}/people`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Pessoas do clube para a lista de presentes e os atos (líderes primeiro)', params: ZClubParams, response: { 200: z.array(ZSecretariaPerson) } },
  }, async (req, reply) => sendKept(req, reply, (q) => atasRepo.listPeople(q, req.access.clubId)));

  // ——— Livro de atas ———
  app.get(`${base}/atas`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Livro de atas do ano (ou as mais recentes), da mais nova à mais antiga', params: ZClubParams, querystring: ZYearQuery, response: { 200: z.array(ZAtaSummary) } },
  }, async (req, reply) => sendKept(req, reply, (q) => atasRepo.listAtas(q, req.access.clubId, req.query.year)));

  app.get(`${base}/atas/roll-calls`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Chamadas de reuniões numa data, para anexar como a presença de uma ata', params: ZClubParams, querystring: ZRollCallQuery, response: { 200: z.array(ZAtaRollCall) } },
  }, async (req) => atasRepo.rollCallsOn(db, req.access.clubId, req.query.date));

  app.get(`${base}/atas/:id`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Uma ata com presentes, pauta, texto e votos', params: ZAtaParams, response: { 200: ZAta } },
  }, async (req, reply) => sendKept(req, reply, (q) => mustGetAta(q, req.access.clubId, req.params.id)));

  app.post(`${base}/atas`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Escrever uma ata (rascunho, com o próximo número do ano)', params: ZClubParams, body: ZAtaInput, response: { 201: ZAta } },
  }, async (req, reply) => reply.status(201).send(await createAta(db, req.access, req.body)));

  app.put(`${base}/atas/:id`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Alterar uma ata em rascunho (aprovada ou encerrada: recusado)', params: ZAtaParams, body: ZAtaInput, response: { 200: ZAta } },
  }, async (req) => updateAta(db, req.access, req.params.id, req.body));

  app.post(`${base}/atas/:id/approve`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Aprovar a ata (numera os votos)', params: ZAtaParams, body: ZApproveAta, response: { 200: ZAta } },
  }, async (req) => approveAta(db, req.access, req.params.id, req.body.approved_in_id));

  app.post(`${base}/atas/:id/close`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Encerrar a ata aprovada: nunca mais alterada', params: ZAtaParams, response: { 200: ZAta } },
  }, async (req) => closeAta(db, req.access, req.params.id));

  app.get(`${base}/votos`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Votos numerados do clube, que um ato pode citar', params: ZClubParams, response: { 200: z.array(ZCitableVoto) } },
  }, async (req, reply) => sendKept(req, reply, (q) => atasRepo.listCitableVotos(q, req.access.clubId)));

  // ——— Livro de atos ———
  app.get(`${base}/atos`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Livro de atos: rascunhos a confirmar, depois os atos do ano', params: ZClubParams, querystring: ZYearQuery, response: { 200: z.array(ZAto) } },
  }, async (req, reply) => sendKept(req, reply, (q) => booksRepo.listAtos(q, req.access.clubId, req.query.year)));

  app.post(`${base}/atos`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Registrar um ato (admissão, desligamento, nomeação, investidura, transferência, advertência)', params: ZClubParams, body: ZAtoInput, response: { 201: ZAto } },
  }, async (req, reply) => reply.status(201).send(await createAto(db, req.access, req.body)));

  app.post(`${base}/atos/:id/confirm`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Confirmar um rascunho de ato escrito pelo Trilha (recebe o número)', params: ZAtoParams, body: ZAtoInput, response: { 200: ZAto } },
  }, async (req) => confirmAto(db, req.access, req.params.id, req.body));

  app.delete(`${base}/atos/:id`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Descartar um rascunho de ato (atos registrados ficam)', params: ZAtoParams, response: { 200: ZOk } },
  }, async (req) => {
    await discardAto(db, req.access, req.params.id);
    return { ok: true as const };
  });

  // ——— Ofícios e protocolo ———
  app.get(`${base}/oficios`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Protocolo: ofícios enviados e correspondência recebida, com busca', params: ZClubParams, querystring: ZOficioQuery, response: { 200: z.array(ZOficio) } },
  }, async (req, reply) => sendKept(req, reply, (q) => booksRepo.listOficios(q, req.access.clubId, req.query.year, req.query.q?.trim() ?? '')));

  app.get(`${base}/oficios/:id`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Um ofício (para imprimir)', params: ZOficioParams, response: { 200: ZOficio } },
  }, async (req, reply) => sendKept(req, reply, (q) => mustGetOficio(q, req.access.clubId, req.params.id)));

  app.post(`${base}/oficios`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Registrar um ofício enviado (com o próximo número do ano)', params: ZClubParams, body: ZOficioInput, response: { 201: ZOficio } },
  }, async (req, reply) => reply.status(201).send(await createOficio(db, req.access, req.body)));

  app.post(`${base}/oficios/recebidos`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Protocolar correspondência recebida (multipart: dated_on, counterpart, subject, file PDF/JPEG/PNG até 10 MB)', params: ZClubParams, consumes: ['multipart/form-data'], response: { 201: ZOficio } },
  }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest(SEC_MSG.fileRequired);
    const { file, fields } = await readUploadForm(req);
    const parsed = ZReceivedInput.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? SEC_MSG.subjectRequired);
    return reply.status(201).send(await receiveOficio(db, app.storage, req.access, parsed.data, file));
  });

  app.get(`${base}/oficios/:id/arquivo`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Arquivo da correspondência recebida (leitura registrada)', params: ZOficioParams },
  }, async (req, reply) => {
    // Images open in the browser, a PDF downloads (the one download of a kept file).
    return sendEvidence(reply, await readReceivedFile(db, app.storage, req.access, req.params.id), false);
  });

  // ——— Livro de visitas ———
  app.get(`${base}/visitas`, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Livro de visitas do ano (ou as mais recentes)', params: ZClubParams, querystring: ZYearQuery, response: { 200: z.array(ZVisita) } },
  }, async (req, reply) => sendKept(req, reply, (q) => booksRepo.listVisitas(q, req.access.clubId, req.query.year)));

  app.post(`${base}/visitas`, {
    config: { permission: 'secretaria.visitors' },
    schema: { tags, summary: 'Assinar o livro de visitas (no celular do líder)', params: ZClubParams, body: ZVisitaInput, response: { 201: ZVisita } },
  }, async (req, reply) => reply.status(201).send(await signVisitBook(db, req.access, req.body)));

  // ——— Pasta do membro (its own module) ———
  await app.register(pastaRoutes);
};
