import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMP_MSG, ZCamp, ZCampInput, ZCampLog, ZCampPack, ZCampReport, ZCampRoster, ZCampWriteResult, ZDoseInput, ZHeadMarkInput,
  ZIncidentInput, ZMedication, ZMedicationsInput, ZMovementInput, ZRiskInput, ZRiskTemplateInput,
} from '../../shared/camps.js';
import { EVENT_MSG } from '../../shared/events.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { healthCipherFor } from '../families/health-key.js';
import { readUploadForm, sendEvidence } from '../http/evidence.js';
import { requireGuardianOf } from '../families/access.js';
import * as log from './log.js';
import * as photos from './photos.js';
import * as pack from './pack.js';
import * as repo from './repo.js';
import * as service from './service.js';

const ZEventParams = ZClubParams.extend({ id: zId(EVENT_MSG.eventNotFound) });
const ZMemberParams = ZEventParams.extend({ memberId: zId(CAMP_MSG.notRegistered) });
const ZKeyParams = ZEventParams.extend({ keyId: zId(CAMP_MSG.keyRevoked) });
const ZPhotoParams = ZEventParams.extend({ incidentId: zId(CAMP_MSG.incidentNotFound), photoId: zId(CAMP_MSG.photoNotFound) });
const ZChildCampParams = z.object({ memberId: zId(EVENT_MSG.eventNotFound), eventId: zId(EVENT_MSG.eventNotFound) });
const ZTemplate = z.object({ items: z.array(ZRiskInput.extend({ responsible: z.string() })), is_default: z.boolean() });
const tags = ['camps'];

/** Saídas e acampamentos (issue 49): the sheet and APCR, the named leaders' camp mode, the report. */
export const campRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const cipher = () => healthCipherFor(app.config.dataDir);
  const base = '/api/clubs/:clubId/events/:id/camp';

  app.get(base, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Ficha da saída: transporte, locais, voto da igreja, líderes (proporção) e APCR', params: ZEventParams, response: { 200: ZCamp } },
  }, async (req) => service.getCamp(db, req.access, req.params.id));

  app.put(base, {
    config: { permission: 'camps.manage' },
    schema: { tags, summary: 'Salvar a ficha da saída (o evento passa a ser uma saída); cada item da APCR com medidas de controle', params: ZEventParams, body: ZCampInput, response: { 200: ZCamp } },
  }, async (req) => service.saveCamp(db, req.access, req.params.id, req.body));

  app.get('/api/clubs/:clubId/camp-risk-template', {
    config: { permission: 'camps.manage' },
    schema: { tags, summary: 'Modelo da APCR do clube (o padrão em pt-BR até o clube salvar o seu)', params: ZClubParams, response: { 200: ZTemplate } },
  }, async (req) => service.getTemplate(db, req.access.clubId));

  app.put('/api/clubs/:clubId/camp-risk-template', {
    config: { permission: 'camps.manage' },
    schema: { tags, summary: 'Salvar o modelo da APCR do clube', params: ZClubParams, body: ZRiskTemplateInput, response: { 200: ZTemplate } },
  }, async (req) => service.saveTemplate(db, req.access, req.body));

  app.get(`${base}/roster`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Participantes com contatos de emergência e resumo de saúde (só líderes nomeados, no período; leitura auditada)', params: ZEventParams, response: { 200: ZCampRoster } },
  }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.getRoster(db, await cipher(), req.access, req.params.id);
  });

  app.put(`${base}/participants/:memberId/medications`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Medicamentos e horários de um participante na saída (direção, ou líder nomeado)', params: ZMemberParams, body: ZMedicationsInput, response: { 200: z.array(ZMedication) } },
  }, async (req) => service.saveMedications(db, req.access, req.params.id, req.params.memberId, req.body));

  app.get(`${base}/pack`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Pacote do modo acampamento para o celular do líder nomeado, com a chave que o cifra (download auditado)', params: ZEventParams, response: { 200: ZCampPack } },
  }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return pack.downloadPack(db, await cipher(), req.access, req.params.id);
  });

  app.get(`${base}/keys/:keyId`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'A chave do celular ainda vale? (não: o celular apaga a cópia)', params: ZKeyParams, response: { 200: z.object({ in_force: z.boolean() }) } },
  }, async (req) => ({ in_force: await pack.keyInForce(db, req.access, req.params.id, req.params.keyId) }));

  app.post(`${base}/leaders/:memberId/revoke`, {
    config: { permission: 'camps.manage' },
    schema: { tags, summary: 'Revogar a cópia no celular de um líder (celular perdido)', params: ZMemberParams, response: { 200: z.object({ revoked: z.number().int() }) } },
  }, async (req) => ({ revoked: await pack.revokeLeaderKey(db, req.access, req.params.id, req.params.memberId) }));

  app.get(`${base}/log`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Registro do acampamento: contagens, medicamentos e ocorrências (só líderes nomeados)', params: ZEventParams, response: { 200: ZCampLog } },
  }, async (req, reply) => {
    await service.requireLeader(db, req.access, req.params.id);
    reply.header('Cache-Control', 'no-store');
    return repo.readLog(db, req.access.clubId, req.params.id);
  });

  app.post(`${base}/movements`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Novo deslocamento (ônibus, trilha, noite); id gerado no celular', params: ZEventParams, body: ZMovementInput, response: { 200: ZCampWriteResult } },
  }, async (req) => log.recordMovement(db, req.access, req.params.id, req.body));

  app.post(`${base}/head-marks`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Saída ou chegada de um participante num deslocamento (uma vez, de qualquer celular)', params: ZEventParams, body: ZHeadMarkInput, response: { 200: ZCampWriteResult } },
  }, async (req) => log.recordHeadMark(db, req.access, req.params.id, req.body));

  app.post(`${base}/doses`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Dose dada ou pulada (com motivo); correção é um novo registro', params: ZEventParams, body: ZDoseInput, response: { 200: ZCampWriteResult } },
  }, async (req) => log.recordDose(db, req.access, req.params.id, req.body));

  app.post(`${base}/incidents`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Ocorrência: incidente, acidente ou quase acidente (avisa os responsáveis com o texto do líder)', params: ZEventParams, body: ZIncidentInput, response: { 200: ZCampWriteResult } },
  }, async (req) => log.recordIncident(db, req.access, req.params.id, req.body));

  app.post(`${base}/incidents/:incidentId/photos/:photoId`, {
    config: { permission: 'camps.lead' },
    schema: {
      tags, summary: 'Foto de uma ocorrência (multipart: file; JPEG ou PNG conferido pelo conteúdo, até 10 MB); id gerado no celular',
      params: ZPhotoParams, consumes: ['multipart/form-data'], response: { 200: ZCampWriteResult },
    },
  }, async (req) => {
    const form = await readUploadForm(req);
    return photos.addPhoto(db, app.storage, req.access, req.params.id, req.params.incidentId, req.params.photoId, form.file);
  });

  app.get(`${base}/incidents/:incidentId/photos/:photoId`, {
    config: { permission: 'camps.lead' },
    schema: { tags, summary: 'Foto de uma ocorrência (líder nomeado, ou a direção no relatório)', params: ZPhotoParams },
  }, async (req, reply) => sendEvidence(reply, await photos.readPhoto(db, app.storage, req.access, req.params.id, req.params.incidentId, req.params.photoId), false));

  app.get('/api/family/children/:memberId/events/:eventId/camp-companions', {
    config: { permission: 'signed_in' },
    schema: {
      tags, summary: 'Para assinar a autorização de uma saída: se os adultos acompanhantes são exigidos (menor de 16, ECA art. 83) e os líderes da saída',
      params: ZChildCampParams, response: { 200: z.object({ is_camp: z.boolean(), required: z.boolean(), leaders: z.array(z.string()) }) },
    },
  }, async (req) => {
    const link = await requireGuardianOf(db, req.caller.profile.id, req.params.memberId);
    return service.companionsAsk(db, link.clubId, req.params.eventId, link.memberId);
  });

  app.get(`${base}/report`, {
    config: { permission: 'camps.manage' },
    schema: { tags, summary: 'Relatório da saída: participantes, contagens, doses, ocorrências e finanças do evento', params: ZEventParams, response: { 200: ZCampReport } },
  }, async (req) => pack.campReport(db, req.access, req.params.id));
};
