import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASTA_MSG, ZDocumentFields, ZPasta, ZPastaDocument, ZPastaSummary, ZRemoveDocument } from '../../shared/secretaria-pasta.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { badRequest } from '../core/errors.js';
import { readUploadForm, sendEvidence } from '../http/evidence.js';
import { requireGuardianOf } from '../families/access.js';
import * as repo from './pasta-repo.js';
import { exportPasta, getPasta, readDocumentFile, removeDocument, uploadDocument } from './pasta.js';

const tags = ['secretaria'];
const base = '/api/clubs/:clubId/secretaria/pastas';
const ZMemberParams = ZClubParams.extend({ memberId: zId(PASTA_MSG.memberNotFound) });
const ZDocumentParams = ZMemberParams.extend({ documentId: zId(PASTA_MSG.documentNotFound) });
const ZChildParams = z.object({ memberId: zId(PASTA_MSG.memberNotFound) });
const ZChildDocumentParams = ZChildParams.extend({ documentId: zId(PASTA_MSG.documentNotFound) });

/**
 * The member's pasta (issue 47, ADR 076): the secretary and the direction write; the leaders read
 * (a minor's documents: only the direction, the secretary, the member and their guardians); a member
 * reads their own; a guardian reads their child's through /familia. Every document read is audited.
 */
export const pastaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(base, {
    config: { permission: 'secretaria.read' },
    schema: { tags, summary: 'Pastas dos membros: cada membro com quantos documentos guardados', params: ZClubParams, response: { 200: z.array(ZPastaSummary) } },
  }, async (req) => repo.listPastas(db, req.access.clubId));

  app.get(`${base}/:memberId`, {
    // Any member of the club may ask: the service lets through the leaders and the member themself (others: 404).
    config: { permission: 'club.read' },
    schema: { tags, summary: 'A pasta do membro: dados, responsáveis, cargos, classes, eventos, presença, atos e documentos', params: ZMemberParams, response: { 200: ZPasta } },
  }, async (req) => getPasta(db, { as: 'club', access: req.access }, req.params.memberId));

  app.get(`${base}/:memberId/export`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Exportar tudo o que o clube guarda sobre o membro: zip com pasta.json, os documentos originais e LEIA-ME.txt (exportação e cada documento lido registrados)', params: ZMemberParams },
  }, async (req, reply) => {
    const { fileName, zip } = await exportPasta(db, app.storage, req.access, req.params.memberId);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(zip);
  });

  app.post(`${base}/:memberId/documentos`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Guardar um documento na pasta (multipart: kind, description, visibility, file PDF/JPEG/PNG até 10 MB)', params: ZMemberParams, consumes: ['multipart/form-data'], response: { 201: ZPastaDocument } },
  }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest(PASTA_MSG.fileRequired);
    const { file, fields } = await readUploadForm(req);
    const parsed = ZDocumentFields.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? PASTA_MSG.kindRequired);
    return reply.status(201).send(await uploadDocument(db, app.storage, req.access, req.params.memberId, parsed.data, file));
  });

  app.post(`${base}/:memberId/documentos/:documentId/remove`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Retirar um documento da pasta (fica no histórico, com o motivo; registrado)', params: ZDocumentParams, body: ZRemoveDocument, response: { 200: ZPastaDocument } },
  }, async (req) => removeDocument(db, req.access, req.params.memberId, req.params.documentId, req.body.reason));

  app.get(`${base}/:memberId/documentos/:documentId/arquivo`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Arquivo de um documento da pasta (leitura registrada; de um menor: só diretoria, secretaria, o membro e responsáveis)', params: ZDocumentParams },
  }, async (req, reply) => sendEvidence(reply, await readDocumentFile(db, app.storage, { as: 'club', access: req.access }, req.params.memberId, req.params.documentId), false));

  // ——— The guardian (/familia) ———
  app.get('/api/family/children/:memberId/pasta', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'A pasta do filho na secretaria do clube', params: ZChildParams, response: { 200: ZPasta } },
  }, async (req) => {
    const profileId = req.caller.profile.id;
    const link = await requireGuardianOf(db, profileId, req.params.memberId);
    return getPasta(db, { as: 'guardian', clubId: link.clubId, profileId }, link.memberId);
  });

  app.get('/api/family/children/:memberId/pasta/documentos/:documentId/arquivo', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Arquivo de um documento da pasta do filho (leitura registrada)', params: ZChildDocumentParams },
  }, async (req, reply) => {
    const profileId = req.caller.profile.id;
    const link = await requireGuardianOf(db, profileId, req.params.memberId);
    return sendEvidence(reply, await readDocumentFile(db, app.storage, { as: 'guardian', clubId: link.clubId, profileId }, link.memberId, req.params.documentId), false);
  });
};
