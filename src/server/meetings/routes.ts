import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEETING_MSG,
  ZAttendanceInput,
  ZAttendanceReport,
  ZAttendanceSaved,
  ZAttendanceSheet,
  ZCriterion,
  ZCriterionInput,
  ZMeeting,
  ZMeetingInput,
  ZMeetingPermissions,
  ZMeetingRule,
  ZMeetingRuleCreated,
  ZMeetingRuleInput,
  ZMeetingSummary,
  ZMemberAttendance,
  ZReportQuery,
} from '../../shared/meetings.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, forbidden, notFound } from '../core/errors.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { mayCallAnyRoll, rollReadScope } from './permissions.js';
import { attendanceCsv, attendanceReport, memberAttendance } from './report.js';
import { generateRuleMeetings } from './rules.js';
import * as repo from './repo.js';
import * as service from './service.js';
import { ZOk } from '../../shared/responses.js';

const tags = ['meetings'];
const ZMeetingParams = ZClubParams.extend({ id: zId(MEETING_MSG.notFound) });
const ZCriterionParams = ZClubParams.extend({ id: zId(MEETING_MSG.criterionNotFound) });

export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** The report's reader: admins and secretaries see every unit, a counsellor their own. */
  async function reportScope(access: ClubAccess): Promise<string | null> {
    const scope = rollReadScope(await service.rollCaller(db, access));
    if (!scope) throw forbidden(MEETING_MSG.readForbidden);
    return scope.all ? null : scope.unitId;
  }

  app.get('/api/clubs/:clubId/meetings', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Reuniões do clube, mais recentes primeiro', params: ZClubParams, response: { 200: z.array(ZMeeting) } },
  }, async (req) => repo.listMeetings(db, req.access.clubId));

  app.get('/api/clubs/:clubId/meetings/summary', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Próxima reunião e presença da última (painel)', params: ZClubParams, response: { 200: ZMeetingSummary } },
  }, async (req) => service.meetingSummary(db, req.access));

  app.get('/api/clubs/:clubId/meetings/permissions', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'O que a pessoa pode fazer com reuniões', params: ZClubParams, response: { 200: ZMeetingPermissions } },
  }, async (req) => {
    const access = req.access;
    const caller = await service.rollCaller(db, access);
    return { manage: access.isAdmin, call_roll: mayCallAnyRoll(caller), read_roll: rollReadScope(caller) !== null };
  });

  app.post('/api/clubs/:clubId/meetings', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Criar reunião (admin)', params: ZClubParams, body: ZMeetingInput, response: { 201: ZMeeting } },
  }, async (req, reply) => reply.status(201).send(await service.createMeeting(db, req.access, req.body)));

  app.put('/api/clubs/:clubId/meetings/:id', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Editar reunião (admin)', params: ZMeetingParams, body: ZMeetingInput, response: { 200: ZMeeting } },
  }, async (req) => service.updateMeeting(db, req.access, req.params.id, req.body));

  app.delete('/api/clubs/:clubId/meetings/:id', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Cancelar reunião (admin; os pontos da chamada são estornados)', params: ZMeetingParams, response: { 200: ZMeeting } },
  }, async (req) => service.cancelMeeting(db, req.access, req.params.id));

  app.get('/api/clubs/:clubId/meetings/:id/attendance', {
    config: { permission: 'attendance.report' },
    schema: { tags, summary: 'Chamada de uma reunião (admin e secretaria: todas as unidades; conselheiro: a sua)', params: ZMeetingParams, response: { 200: ZAttendanceSheet } },
  }, async (req) => service.getAttendanceSheet(db, req.access, req.params.id));

  app.put('/api/clubs/:clubId/meetings/:id/attendance', {
    config: { permission: 'attendance.record' },
    schema: { tags, summary: 'Salvar a chamada dos membros listados (substitui as marcações anteriores)', params: ZMeetingParams, body: ZAttendanceInput, response: { 200: ZAttendanceSaved } },
  }, async (req) => service.saveAttendance(db, req.access, req.params.id, req.body.marks));

  app.get('/api/clubs/:clubId/meetings/report', {
    config: { permission: 'attendance.report' },
    schema: { tags, summary: 'Presença por membro, unidade e semana num período', params: ZClubParams, querystring: z.object({ from: z.string().optional(), to: z.string().optional() }), response: { 200: ZAttendanceReport } },
  }, async (req) => {
    const access = req.access;
    const unitId = await reportScope(access);
    const range = ZReportQuery.safeParse(req.query);
    if (!range.success || range.data.from > range.data.to) throw badRequest(MEETING_MSG.periodInvalid);
    return attendanceReport(db, access.clubId, range.data.from, range.data.to, unitId);
  });

  app.get('/api/clubs/:clubId/meetings/report.csv', {
    config: { permission: 'attendance.report' },
    schema: { tags, summary: 'Exportar presença por membro (CSV pt-BR)', params: ZClubParams, querystring: z.object({ from: z.string().optional(), to: z.string().optional() }), response: { 200: z.string() } },
  }, async (req, reply) => {
    const access = req.access;
    const unitId = await reportScope(access);
    const range = ZReportQuery.safeParse(req.query);
    if (!range.success || range.data.from > range.data.to) throw badRequest(MEETING_MSG.periodInvalid);
    const report = await attendanceReport(db, access.clubId, range.data.from, range.data.to, unitId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="presenca-${range.data.from}-a-${range.data.to}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(attendanceCsv(report));
  });

  app.get('/api/clubs/:clubId/meetings/attendance-of/:id', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Presença de um membro (o próprio, admin, secretaria ou o conselheiro da unidade)', params: ZClubParams.extend({ id: zId(MEETING_MSG.memberUnknown) }), response: { 200: ZMemberAttendance } },
  }, async (req) => {
    const access = req.access;
    const member = await repo.findMember(db, access.clubId, req.params.id);
    if (!member) throw notFound(MEETING_MSG.memberUnknown);
    if (member.profile_id !== access.profileId) {
      const scope = rollReadScope(await service.rollCaller(db, access));
      if (!scope || (!scope.all && scope.unitId !== member.unit_id)) throw forbidden(MEETING_MSG.readForbidden);
    }
    return memberAttendance(db, access.clubId, member.member_id);
  });

  // ——— Recurring rules ———
  app.get('/api/clubs/:clubId/meeting-rules', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Regras de reuniões recorrentes', params: ZClubParams, response: { 200: z.array(ZMeetingRule) } },
  }, async (req) => repo.listRules(db, req.access.clubId));

  app.post('/api/clubs/:clubId/meeting-rules', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Criar regra recorrente (cria as próximas reuniões, uma vez cada)', params: ZClubParams, body: ZMeetingRuleInput, response: { 201: ZMeetingRuleCreated } },
  }, async (req, reply) => {
    const access = req.access;
    const rule = await repo.insertRule(db, access.clubId, { ...req.body, start_date: req.body.start_date ?? null });
    const created = await generateRuleMeetings(db, { ruleId: rule.id });
    const [fresh] = (await repo.listRules(db, access.clubId)).filter((r) => r.id === rule.id);
    return reply.status(201).send({ rule: fresh ?? rule, created });
  });

  app.delete('/api/clubs/:clubId/meeting-rules/:id', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Encerrar regra recorrente (as reuniões já criadas ficam)', params: ZMeetingParams, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    if (!(await repo.deactivateRule(db, access.clubId, req.params.id))) throw notFound(MEETING_MSG.notFound);
    return { ok: true as const };
  });

  // ——— Inspection criteria ———
  app.get('/api/clubs/:clubId/meeting-criteria', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Critérios de inspeção do clube', params: ZClubParams, response: { 200: z.array(ZCriterion) } },
  }, async (req) => repo.listCriteria(db, req.access.clubId));

  app.post('/api/clubs/:clubId/meeting-criteria', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Criar critério de inspeção (admin)', params: ZClubParams, body: ZCriterionInput, response: { 201: ZCriterion } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await repo.insertCriterion(db, access.clubId, req.body));
  });

  app.put('/api/clubs/:clubId/meeting-criteria/:id', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Editar critério de inspeção (admin)', params: ZCriterionParams, body: ZCriterionInput, response: { 200: ZCriterion } },
  }, async (req) => {
    const access = req.access;
    const criterion = await repo.updateCriterion(db, access.clubId, req.params.id, req.body);
    if (!criterion) throw notFound(MEETING_MSG.criterionNotFound);
    return criterion;
  });
};
