import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROGRESS_MSG,
  ZCompleteTask,
  ZCompletionResult,
  ZMemberProfile,
  ZMyTask,
  ZMyTaskDetail,
  ZOnBehalf,
  ZPendingCount,
  ZPointAdjustment,
  ZPointAdjustmentResult,
  ZRejectSubmission,
  ZSubmissionInfo,
  ZSubmissionPage,
  ZSubmissionQuery,
} from '../../shared/progress.js';
import { can, type ClubAccess } from '../core/access.js';
import { notFound } from '../core/errors.js';
import { SANITIZER_VERSION, withServedIcon } from '../badges/icon.js';
import { sendJsonText } from '../http/json-text.js';
import { sendAnswer, Unkept } from '../http/answer-cache.js';
import type { Db } from '../db/index.js';
import * as repo from './repo.js';
import * as profiles from './profile-repo.js';
import * as service from './service.js';
import * as submissions from './submissions.js';
import { readUploadForm, sendEvidence } from '../http/evidence.js';
import { listQueueJson } from './queue.js';
import * as batches from './point-batches.js';
import { getMemberHome } from './member-home.js';
import { ZMemberHome } from '../../shared/member-home.js';
import { BATCH_MSG, ZPointBatch, ZPointBatchResult, ZPointBatchUndoResult } from '../../shared/point-batches.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { MSG } from '../../shared/errors.js';
import { ZOk } from '../../shared/responses.js';

const ZClubTask = ZClubParams.extend({ taskId: zId(PROGRESS_MSG.taskNotFound) });
const ZClubMember = ZClubParams.extend({ memberId: zId(PROGRESS_MSG.memberNotFound) });
const ZClubSubmission = ZClubParams.extend({ submissionId: zId(MSG.notFound) });

/**
 * A profile answer: the JSON text PostgreSQL writes for it (profile-repo.ts), sent as it is. Only when
 * an earned badge's icon was stored by older sanitiser rules is the profile read as rows and the icon
 * cleaned here (ADR 023).
 */
async function sendMemberProfile(
  app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, access: ClubAccess, memberId: string, hideEmail: boolean,
) {
  const clubId = access.clubId;
  // Kept by the club's data version (ADR 026); a profile with a stale icon is not kept: it is cleaned on each read.
  return sendAnswer(req, reply, await app.answers.cachedRead(req, app.answers.keyOf(req, access), () => app.answers.readClub(req, access, async (db) => {
    const found = await profiles.getProfileJson(db, clubId, memberId, SANITIZER_VERSION, hideEmail);
    if (!found) throw notFound(PROGRESS_MSG.memberNotFound);
    if (!found.stale_icons) return found.json;
    const profile = await profiles.getProfileWithLists(db, clubId, memberId);
    if (!profile) throw notFound(PROGRESS_MSG.memberNotFound);
    return new Unkept(reply.serialize({ ...profile, email: hideEmail ? null : profile.email, badges: profile.badges.map(withServedIcon) }) as string);
  })));
}

async function taskDetail(db: Db, clubId: string, profileId: string, taskId: string) {
  const task = await repo.getMemberTask(db, clubId, profileId, taskId);
  if (!task) throw notFound(PROGRESS_MSG.taskNotFound);
  const { assignment_id: assignmentId, ...rest } = task;
  const questions = task.type === 'quiz' || task.type === 'form' ? await repo.listMemberQuestions(db, task.id, assignmentId) : [];
  const subtasks = task.type === 'milestone' ? await repo.listMemberSubtasks(db, task.id, profileId) : [];
  const subs = task.type === 'submission' ? await repo.listAssignmentSubmissions(db, assignmentId) : [];
  return { ...rest, questions, subtasks, submissions: subs };
}

export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['progress'];

  app.get('/api/clubs/:clubId/my-tasks', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Minhas Tarefas: tarefas disponíveis e meu progresso', params: ZClubParams, response: { 200: z.array(ZMyTask) } },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(
      req, reply, access, (q) => repo.listMemberTasksJson(q, access.clubId, access.profileId), () => repo.myTasksUnchangedForMs(app.db, access.clubId),
    );
  });

  app.get('/api/clubs/:clubId/my-tasks/:taskId', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Uma tarefa com perguntas (sem respostas corretas), subtarefas e envios', params: ZClubTask, response: { 200: ZMyTaskDetail } },
  }, async (req) => {
    const access = req.access;
    return taskDetail(app.db, access.clubId, access.profileId, req.params.taskId);
  });

  app.post('/api/clubs/:clubId/my-tasks/:taskId/start', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Escolher uma tarefa (cria minha atribuição)', params: ZClubTask, response: { 200: z.object({ status: z.string() }) } },
  }, async (req) => {
    const access = req.access;
    return service.startTask(app.db, access, req.params.taskId);
  });

  app.post('/api/clubs/:clubId/my-tasks/:taskId/complete', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Concluir tarefa (ou registrar por um membro)', params: ZClubTask, body: ZCompleteTask, response: { 200: ZCompletionResult } },
  }, async (req) => {
    const access = req.access;
    return service.completeTask(app.db, access, req.params.taskId, req.body);
  });

  app.post('/api/clubs/:clubId/my-tasks/:taskId/subtasks/:subtaskId/complete', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Concluir subtarefa de um marco', params: ZClubTask.extend({ subtaskId: zId(PROGRESS_MSG.taskNotFound) }), body: ZOnBehalf, response: { 200: ZCompletionResult } },
  }, async (req) => {
    const access = req.access;
    return service.completeSubtask(app.db, access, req.params.taskId, req.params.subtaskId, req.body.profile_id);
  });

  app.post('/api/clubs/:clubId/my-tasks/:taskId/submissions', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Enviar comprovação (multipart: file, comment)', params: ZClubTask, consumes: ['multipart/form-data'], response: { 201: ZSubmissionInfo } },
  }, async (req, reply) => {
    const access = req.access;
    const created = await submissions.submitEvidence(app.db, app.storage, access, req.params.taskId, submissions.evidenceOf(await readUploadForm(req)));
    return reply.status(201).send(created);
  });

  app.get('/api/clubs/:clubId/members/:memberId/tasks', {
    config: { permission: 'progress.record' },
    schema: { tags, summary: 'Tarefas de um membro (para registrar por ele)', params: ZClubMember, response: { 200: z.array(ZMyTask) } },
  }, async (req, reply) => {
    const access = req.access;
    const target = await service.resolveTarget(app.db, access, req.params.memberId);
    return sendJsonText(reply, await repo.listMemberTasksJson(app.db, access.clubId, target.profileId));
  });

  app.get('/api/clubs/:clubId/members/:memberId/tasks/:taskId', {
    config: { permission: 'progress.record' },
    schema: { tags, summary: 'Uma tarefa de um membro', params: ZClubMember.extend({ taskId: zId(PROGRESS_MSG.taskNotFound) }), response: { 200: ZMyTaskDetail } },
  }, async (req) => {
    const access = req.access;
    const target = await service.resolveTarget(app.db, access, req.params.memberId);
    return taskDetail(app.db, access.clubId, target.profileId, req.params.taskId);
  });

  app.get('/api/clubs/:clubId/submissions', {
    config: { permission: 'submissions.review' },
    schema: {
      tags, summary: 'Fila de aprovações por status, paginada por cursor (aguardando: mais antigos primeiro; revisados: mais recentes primeiro)',
      params: ZClubParams, querystring: ZSubmissionQuery, response: { 200: ZSubmissionPage },
    },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(req, reply, access, (q) => listQueueJson(q, access.clubId, service.unitFilter(access, 'submissions.review'), req.query));
  });

  app.get('/api/clubs/:clubId/submissions/pending-count', {
    config: { permission: 'submissions.review' },
    schema: { tags, summary: 'Quantos envios aguardam aprovação', params: ZClubParams, response: { 200: ZPendingCount } },
  }, async (req) => {
    const access = req.access;
    return { pending: await service.pendingApprovalCount(app.db, access) };
  });

  app.get('/api/clubs/:clubId/submissions/:submissionId/evidence', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Arquivo de comprovação (admins ou quem enviou)', params: ZClubSubmission, querystring: z.object({ download: z.enum(['1']).optional() }) },
  }, async (req, reply) => {
    const access = req.access;
    return sendEvidence(reply, await submissions.readEvidence(app.db, app.storage, access, req.params.submissionId), Boolean(req.query.download));
  });

  app.post('/api/clubs/:clubId/submissions/:submissionId/approve', {
    config: { permission: 'submissions.review' },
    schema: { tags, summary: 'Aprovar envio (pontos concedidos)', params: ZClubSubmission, response: { 200: ZCompletionResult } },
  }, async (req) => {
    const access = req.access;
    return submissions.approveSubmission(app.db, access, req.params.submissionId);
  });

  app.post('/api/clubs/:clubId/submissions/:submissionId/reject', {
    config: { permission: 'submissions.review' },
    schema: { tags, summary: 'Rejeitar envio com motivo', params: ZClubSubmission, body: ZRejectSubmission, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await submissions.rejectSubmission(app.db, access, req.params.submissionId, req.body.reason);
    return { ok: true as const };
  });

  app.post('/api/clubs/:clubId/point-adjustments', {
    config: { permission: 'points.adjust' },
    schema: { tags, summary: 'Pontuar membro ou unidade (bônus/penalidade com motivo)', params: ZClubParams, body: ZPointAdjustment, response: { 201: ZPointAdjustmentResult } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.adjustPoints(app.db, access, req.body));
  });

  app.post('/api/clubs/:clubId/point-adjustments/batch', {
    config: { permission: 'points.batch' },
    schema: { tags, summary: 'Pontuar vários: os mesmos pontos e motivo para vários membros (tudo ou nada)', params: ZClubParams, body: ZPointBatch, response: { 201: ZPointBatchResult } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await batches.scoreMany(app.db, access, req.body));
  });

  app.post('/api/clubs/:clubId/point-adjustments/batch/:batchId/undo', {
    config: { permission: 'points.batch' },
    schema: { tags, summary: 'Desfazer um lote de pontos inteiro', params: ZClubParams.extend({ batchId: zId(BATCH_MSG.notFound) }), response: { 200: ZPointBatchUndoResult } },
  }, async (req) => {
    const access = req.access;
    return batches.undoBatch(app.db, access, req.params.batchId);
  });

  app.get('/api/clubs/:clubId/home', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Início do membro: meus pontos, minha posição, minha unidade, próximas tarefas e badges', params: ZClubParams, response: { 200: ZMemberHome } },
  }, async (req) => {
    const access = req.access;
    return getMemberHome(app.db, access.clubId, access.profileId);
  });

  app.get('/api/clubs/:clubId/profile', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Meu Perfil: pontos, posição, badges e histórico', params: ZClubParams, response: { 200: ZMemberProfile } },
  }, async (req, reply) => {
    const access = req.access;
    return sendMemberProfile(app, req, reply, access, access.profileId, false);
  });

  app.get('/api/clubs/:clubId/members/:memberId/profile', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Perfil de um membro (admins e conselheiros da unidade)', params: ZClubMember, response: { 200: ZMemberProfile } },
  }, async (req, reply) => {
    const access = req.access;
    if (!can(access, 'members.read')) await service.resolveTarget(app.db, access, req.params.memberId);
    // Personal data reaches only the functions that keep member records, not counsellors (issues 14, 21).
    return sendMemberProfile(app, req, reply, access, req.params.memberId, !can(access, 'members.read'));
  });
};
