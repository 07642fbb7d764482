import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { ZChildParams } from '../../shared/families.js';
import { PLAN_MSG, ZCalendar, ZEntryInput, ZFeed, ZImportInput, ZImportResult, ZPlan, ZPlanInput, ZYearQuery } from '../../shared/associacao-plan.js';
import { can } from '../core/access.js';
import { notFound } from '../core/errors.js';
import { requireGuardianOf } from '../families/access.js';
import * as plan from './plan.js';
import { sendKept } from '../http/kept-read.js';

const tags = ['associacao'];
const ZEntryParams = ZClubParams.extend({ entryId: zId(PLAN_MSG.notFound) });
const ZFeedFile = z.object({ file: z.string().max(200) });

/** The year's plan (issue 48, "Ano do clube"): the calendar, its import, the annual plan and the calendar feeds. */
export const associacaoPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const base = '/api/clubs/:clubId/associacao';
  const publicUrl = () => app.config.publicUrl;

  app.get(`${base}/calendar`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Calendário do ano do clube: reuniões, eventos e saídas, feriados, recessos, datas da Associação e da região', params: ZClubParams, querystring: ZYearQuery, response: { 200: ZCalendar } },
  }, async (req, reply) => sendKept(req, reply, (q) => plan.calendar(q, req.access.clubId, req.query.year, can(req.access, 'associacao.manage'))));

  app.post(`${base}/calendar/entries`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Acrescentar uma data ao calendário (feriado, recesso, Associação, região, clube)', params: ZClubParams, body: ZEntryInput, response: { 201: z.object({ id: z.string() }) } },
  }, async (req, reply) => reply.status(201).send(await plan.addEntry(db, req.access, req.body)));

  app.put(`${base}/calendar/entries/:entryId`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Editar uma data do calendário', params: ZEntryParams, body: ZEntryInput, response: { 200: z.object({ id: z.string() }) } },
  }, async (req) => plan.editEntry(db, req.access, req.params.entryId, req.body));

  app.delete(`${base}/calendar/entries/:entryId`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Remover uma data do calendário', params: ZEntryParams, response: { 200: ZOk } },
  }, async (req) => {
    await plan.removeEntry(db, req.access, req.params.entryId);
    return { ok: true as const };
  });

  app.post(`${base}/calendar/import`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Importar datas de um .ics ou CSV: prévia com dry_run, depois tudo ou nada', params: ZClubParams, body: ZImportInput, response: { 200: ZImportResult } },
  }, async (req) => plan.importDates(db, req.access, req.body));

  app.get(`${base}/plan`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Planejamento anual para imprimir: diretoria, calendário por mês, metas e assinatura', params: ZClubParams, querystring: ZYearQuery, response: { 200: ZPlan } },
  }, async (req, reply) => sendKept(req, reply, (q) => plan.annualPlan(q, req.access.clubId, req.query.year)));

  app.put(`${base}/plan`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Metas do ano e "planejamento anual assinado" (data)', params: ZClubParams, body: ZPlanInput, response: { 200: ZOk } },
  }, async (req) => {
    await plan.savePlan(db, req.access, req.body);
    return { ok: true as const };
  });

  // ——— The person's own calendar feed (a member of the club) ———
  app.get(`${base}/calendar/feed`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Meu link de assinatura do calendário (.ics): se há um em vigor', params: ZClubParams, response: { 200: ZFeed } },
  }, async (req) => plan.feedOf(db, req.access.clubId, req.access.profileId));

  app.post(`${base}/calendar/feed`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Gerar (ou trocar) meu link secreto do calendário (.ics); o anterior deixa de funcionar', params: ZClubParams, response: { 200: ZFeed } },
  }, async (req) => plan.regenerateFeed(db, req.access.clubId, req.access.profileId, publicUrl()));

  app.delete(`${base}/calendar/feed`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Revogar meu link do calendário', params: ZClubParams, response: { 200: ZOk } },
  }, async (req) => {
    await plan.revokeFeedOf(db, req.access.clubId, req.access.profileId);
    return { ok: true as const };
  });

  // ——— A guardian: the calendar of their child's club, and their own feed for it ———
  app.get('/api/family/children/:memberId/calendar', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Calendário do clube do filho (responsável)', params: ZChildParams, querystring: ZYearQuery, response: { 200: ZCalendar } },
  }, async (req) => {
    const link = await requireGuardianOf(db, req.caller.profile.id, req.params.memberId);
    return plan.calendar(db, link.clubId, req.query.year, false);
  });

  app.get('/api/family/children/:memberId/calendar/feed', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Meu link de assinatura do calendário do clube do filho (responsável)', params: ZChildParams, response: { 200: ZFeed } },
  }, async (req) => plan.feedOf(db, (await requireGuardianOf(db, req.caller.profile.id, req.params.memberId)).clubId, req.caller.profile.id));

  app.post('/api/family/children/:memberId/calendar/feed', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Gerar (ou trocar) meu link secreto do calendário do clube do filho (responsável)', params: ZChildParams, response: { 200: ZFeed } },
  }, async (req) => plan.regenerateFeed(db, (await requireGuardianOf(db, req.caller.profile.id, req.params.memberId)).clubId, req.caller.profile.id, publicUrl()));

  app.delete('/api/family/children/:memberId/calendar/feed', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Revogar meu link do calendário do clube do filho (responsável)', params: ZChildParams, response: { 200: ZOk } },
  }, async (req) => {
    await plan.revokeFeedOf(db, (await requireGuardianOf(db, req.caller.profile.id, req.params.memberId)).clubId, req.caller.profile.id);
    return { ok: true as const };
  });

  // ——— The feed itself: public, the secret is the URL ———
  app.get('/api/calendar/:file', {
    config: { permission: 'public' },
    schema: { tags, summary: 'O calendário do clube em iCalendar (.ics) para assinar no celular; o segredo é o link', params: ZFeedFile, produces: ['text/calendar'], response: { 200: z.string() } },
  }, async (req, reply) => {
    const m = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(req.params.file);
    const text = m ? await plan.feedIcs(db, m[1]) : null;
    if (text === null) throw notFound(PLAN_MSG.feedNotFound);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="calendario.ics"')
      .header('Cache-Control', 'private, max-age=300')
      .header('Referrer-Policy', 'no-referrer')
      .send(text);
  });
};
