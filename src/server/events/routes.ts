import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_MSG, ZAuthorisation, ZAuthorisationText, ZAuthorisationTextInput, ZCancelEvent, ZCancelRegistrationResult, ZChecklistTick, ZEvent,
  ZEventInput, ZFamilyEvents, ZRegisterMember, ZRegistrationResult, ZRoster, ZSignAuthorisation,
} from '../../shared/events.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZChildParams } from '../../shared/families.js';
import { sendKept } from '../http/kept-read.js';
import { DEFAULT_TIMEZONE } from '../../shared/timezones.js';
import { requireGuardianOf } from '../families/access.js';
import { healthCipherFor } from '../families/health-key.js';
import * as family from './family.js';
import * as repo from './repo.js';
import * as roster from './roster.js';
import * as service from './service.js';
import { ZOk } from '../../shared/responses.js';
import { replyIfUnchanged } from '../http/answer-cache.js';
import { registrationWarnings } from '../camps/service.js';

const ZEventParams = ZClubParams.extend({ id: zId(EVENT_MSG.eventNotFound) });
const ZRegistrationParams = ZEventParams.extend({ registrationId: zId(EVENT_MSG.registrationNotFound) });
const ZTickParams = ZRegistrationParams.extend({ itemId: zId(EVENT_MSG.itemNotFound) });
const ZChildEventParams = ZChildParams.extend({ eventId: zId(EVENT_MSG.eventNotFound) });
const tags = ['events'];

/** Eventos (issue 35): the direction and the secretary manage them; the treasurer reads; a guardian registers and authorises their child. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const cipher = () => healthCipherFor(app.config.dataDir);
  // The next events first: which are next depends on the club's today: kept by the club's data version and until the club's next
  // day begins (ADR 026, ADR 084), each built once by its compiled serializer.

  app.get('/api/clubs/:clubId/events', {
    config: { permission: 'events.read' },
    schema: { tags, summary: 'Eventos do clube: os próximos primeiro, depois os passados', params: ZClubParams, response: { 200: z.array(ZEvent) } },
  }, async (req, reply) => sendKept(req, reply, (q) => repo.listEvents(q, req.access.clubId)));

  app.post('/api/clubs/:clubId/events', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Criar evento (acampamento, campori, passeio, culto especial)', params: ZClubParams, body: ZEventInput, response: { 201: ZEvent } },
  }, async (req, reply) => reply.status(201).send(await service.createEvent(db, req.access, req.body)));

  app.get('/api/clubs/:clubId/events/:id', {
    config: { permission: 'events.read' },
    schema: { tags, summary: 'Evento com vagas, convidados e itens da lista de verificação', params: ZEventParams, response: { 200: ZEvent } },
  }, async (req, reply) => sendKept(req, reply, (q) => service.mustGetEvent(q, req.access.clubId, req.params.id)));

  app.put('/api/clubs/:clubId/events/:id', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Alterar evento (valor e parcelas fixos após a primeira inscrição)', params: ZEventParams, body: ZEventInput, response: { 200: ZEvent } },
  }, async (req) => service.updateEvent(db, req.access, req.params.id, req.body));

  app.delete('/api/clubs/:clubId/events/:id', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Excluir evento sem inscrições (com inscrições: cancelar)', params: ZEventParams, response: { 200: ZOk } },
  }, async (req) => {
    await service.deleteEvent(db, req.access, req.params.id);
    return { ok: true as const };
  });

  app.post('/api/clubs/:clubId/events/:id/cancel', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Cancelar evento: cancela as inscrições e as cobranças sem pagamento', params: ZEventParams, body: ZCancelEvent, response: { 200: ZEvent } },
  }, async (req) => service.cancelEvent(db, req.access, req.params.id, req.body));

  app.get('/api/clubs/:clubId/events/:id/roster', {
    config: { permission: 'events.read' },
    schema: { tags, summary: 'Lista de participantes com a verificação de cada um (contatos de emergência só para quem vê fichas médicas)', params: ZEventParams, response: { 200: ZRoster } },
  }, async (req, reply) => {
    // The roster is open while people wait for each other (families register, the treasurer confirms
    // payments), so it polls; a read that hands out emergency contacts is audited. Tagged by its text (as
    // the kept answers are, ADR 026) for this reader: a poll that finds it unchanged answers 304 and
    // hands out nothing, so it is not audited again.
    const data = await roster.readRoster(db, await cipher(), req.access, req.params.id);
    const tag = `W/"${createHash('sha1').update(req.access.profileId).update(JSON.stringify(data)).digest('base64url')}"`;
    const unchanged = replyIfUnchanged(req, reply, tag);
    if (unchanged) return unchanged;
    await roster.auditRosterRead(db, req.access, req.params.id, data);
    return data;
  });

  app.get('/api/clubs/:clubId/events/:id/roster.csv', {
    config: { permission: 'events.read' },
    schema: { tags, summary: 'Lista de participantes (CSV pt-BR)', params: ZEventParams, response: { 200: z.string() } },
  }, async (req, reply) => {
    const access = req.access;
    const data = await roster.getRoster(db, await cipher(), access, req.params.id);
    const timezone = await repo.clubTimezone(db, access.clubId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="participantes.csv"')
      .header('Cache-Control', 'no-store')
      .send(roster.rosterCsv(data, timezone ?? DEFAULT_TIMEZONE));
  });

  app.post('/api/clubs/:clubId/events/:id/registrations', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Inscrever um membro convidado (gera as cobranças do evento)', params: ZEventParams, body: ZRegisterMember, response: { 201: ZRegistrationResult } },
  }, async (req, reply) => {
    const out = await service.register(db, { ...req.access, via: 'club' }, req.params.id, req.body.member_id);
    return reply.status(201).send({ ...out, warnings: await registrationWarnings(db, req.access.clubId, req.params.id, out.registration_id) });
  });

  app.delete('/api/clubs/:clubId/events/:id/registrations/:registrationId', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Cancelar inscrição (cancela as cobranças ainda sem pagamento)', params: ZRegistrationParams, response: { 200: ZCancelRegistrationResult } },
  }, async (req) => {
    const { clubId } = req.access;
    const { id, registrationId } = req.params;
    service.checkId(registrationId, EVENT_MSG.registrationNotFound);
    return service.unregister(db, { ...req.access, via: 'club' }, id, (tx) => repo.activeRegistrationById(tx, clubId, id, registrationId));
  });

  app.put('/api/clubs/:clubId/events/:id/registrations/:registrationId/checklist/:itemId', {
    config: { permission: 'events.manage' },
    schema: { tags, summary: 'Marcar ou desmarcar um item da lista de verificação de um participante', params: ZTickParams, body: ZChecklistTick, response: { 200: ZOk } },
  }, async (req) => {
    await service.tickChecklist(db, req.access, req.params.id, req.params.registrationId, req.params.itemId, req.body.done);
    return { ok: true as const };
  });

  app.get('/api/clubs/:clubId/event-authorisation-text', {
    config: { permission: 'events.read' },
    schema: { tags, summary: 'Texto da autorização de eventos em vigor (versionado)', params: ZClubParams, response: { 200: ZAuthorisationText } },
  }, async (req) => {
    const { id: _id, ...text } = await family.currentText(db, req.access.clubId);
    return text;
  });

  app.put('/api/clubs/:clubId/event-authorisation-text', {
    config: { permission: 'events.terms' },
    schema: { tags, summary: 'Alterar o texto da autorização de eventos (cria uma nova versão)', params: ZClubParams, body: ZAuthorisationTextInput, response: { 200: ZAuthorisationText } },
  }, async (req) => family.saveText(db, req.access, req.body.body));

  // ——— /familia: the guardian of a linked child (consent in force) ———
  app.get('/api/family/children/:memberId/events', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Eventos do filho para inscrever e autorizar (responsável)', params: ZChildParams, response: { 200: ZFamilyEvents } },
  }, async (req) => family.familyEvents(db, await requireGuardianOf(db, req.caller.profile.id, req.params.memberId)));

  app.post('/api/family/children/:memberId/events/:eventId/registration', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Inscrever o filho no evento (gera as cobranças; responsável)', params: ZChildEventParams, response: { 201: ZRegistrationResult } },
  }, async (req, reply) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(db, me, req.params.memberId);
    await family.requireFamilyEvent(db, link, req.params.eventId);
    return reply.status(201).send(await service.register(db, { clubId: link.clubId, profileId: me, via: 'guardian' }, req.params.eventId, link.memberId));
  });

  app.delete('/api/family/children/:memberId/events/:eventId/registration', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Cancelar a inscrição do filho até o prazo de inscrição (responsável)', params: ZChildEventParams, response: { 200: ZCancelRegistrationResult } },
  }, async (req) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(db, me, req.params.memberId);
    await family.requireFamilyEvent(db, link, req.params.eventId);
    return service.unregister(db, { clubId: link.clubId, profileId: me, via: 'guardian' }, req.params.eventId, (tx) => repo.activeRegistration(tx, link.clubId, req.params.eventId, link.memberId));
  });

  app.post('/api/family/children/:memberId/events/:eventId/authorisation', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Assinar a autorização do evento: nome digitado e confirmação (responsável)', params: ZChildEventParams, body: ZSignAuthorisation, response: { 201: ZAuthorisation } },
  }, async (req, reply) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(db, me, req.params.memberId);
    await family.requireFamilyEvent(db, link, req.params.eventId);
    return reply.status(201).send(await family.signAuthorisation(db, link, me, req.params.eventId, req.body, req.ip || null));
  });

  app.delete('/api/family/children/:memberId/events/:eventId/authorisation', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Revogar a autorização até o início do evento (responsável)', params: ZChildEventParams, response: { 200: ZOk } },
  }, async (req) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(db, me, req.params.memberId);
    await family.requireFamilyEvent(db, link, req.params.eventId);
    await family.revokeAuthorisation(db, link, me, req.params.eventId);
    return { ok: true as const };
  });
};
