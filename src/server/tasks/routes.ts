import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QUESTION_MSG, SUBTASK_MSG, TASK_BADGE_MSG, TASK_MSG, ZBadgeSummary, ZFormAnswers, ZLinkBadge, ZQuestion, ZQuestionInput, ZReorder, ZSubtask, ZSubtaskInput, ZTask, ZTaskBadge, ZTaskInput,
} from '../../shared/tasks.js';
import * as service from './service.js';
import { clubTimezone } from '../events/repo.js';
import { DEFAULT_TIMEZONE } from '../../shared/timezones.js';
import { formAnswers, formAnswersCsv } from './form-answers.js';
import { ZClubParams, zId } from '../../shared/ids.js';

const ZTaskParams = ZClubParams.extend({ taskId: zId(TASK_MSG.notFound) });
const ZQuestionParams = ZTaskParams.extend({ questionId: zId(QUESTION_MSG.notFound) });
const ZSubtaskParams = ZTaskParams.extend({ subtaskId: zId(SUBTASK_MSG.notFound) });
const ZBadgeParams = ZTaskParams.extend({ badgeId: zId(TASK_BADGE_MSG.notLinked) });
const tags = ['tasks'];

/** Tasks, their questions, subtasks and badges. Members read active tasks; only admins write. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/clubs/:clubId/tasks';

  app.get(base, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Tarefas do clube (mais novas primeiro; membros veem só as ativas)', params: ZClubParams, response: { 200: z.array(ZTask) } },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(req, reply, access, (q) => service.listTasksJson(q, access));
  });

  app.post(base, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Criar tarefa', params: ZClubParams, body: ZTaskInput, response: { 201: ZTask } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.createTask(app.db, access, req.body));
  });

  app.get(`${base}/:taskId`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Uma tarefa', params: ZTaskParams, response: { 200: ZTask } },
  }, async (req) => service.getVisibleTask(app.db, req.access, req.params.taskId));

  app.put(`${base}/:taskId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Atualizar tarefa', params: ZTaskParams, body: ZTaskInput, response: { 200: ZTask } },
  }, async (req) => service.updateTask(app.db, req.access, req.params.taskId, req.body));

  app.delete(`${base}/:taskId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Excluir tarefa (e suas perguntas, subtarefas e vínculos de badges)', params: ZTaskParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    await service.deleteTask(app.db, req.access, req.params.taskId);
    return reply.status(204).send(null);
  });

  // Questions (quiz and form tasks) ---------------------------------------------------------------

  app.get(`${base}/:taskId/questions`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Perguntas em ordem (sem a resposta correta para membros)', params: ZTaskParams, response: { 200: z.array(ZQuestion) } },
  }, async (req) => service.listQuestions(app.db, req.access, req.params.taskId));

  app.get(`${base}/:taskId/answers`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Respostas dos membros às perguntas (formulário ou quiz)', params: ZTaskParams, response: { 200: ZFormAnswers } },
  }, async (req) => formAnswers(app.db, req.access, req.params.taskId));

  app.get(`${base}/:taskId/answers.csv`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Respostas dos membros (CSV pt-BR)', params: ZTaskParams, response: { 200: z.string() } },
  }, async (req, reply) => {
    const access = req.access;
    const data = await formAnswers(app.db, access, req.params.taskId);
    const timezone = await clubTimezone(app.db, access.clubId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="respostas.csv"')
      .header('Cache-Control', 'no-store')
      .send(formAnswersCsv(data, timezone ?? DEFAULT_TIMEZONE));
  });

  app.post(`${base}/:taskId/questions`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Adicionar pergunta ao fim da lista', params: ZTaskParams, body: ZQuestionInput, response: { 201: ZQuestion } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.createQuestion(app.db, access, req.params.taskId, req.body));
  });

  app.put(`${base}/:taskId/questions/order`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Reordenar perguntas', params: ZTaskParams, body: ZReorder, response: { 200: z.array(ZQuestion) } },
  }, async (req) => {
    const access = req.access;
    await service.reorderChildren(app.db, access, 'question', req.params.taskId, req.body.ids);
    return service.listQuestions(app.db, access, req.params.taskId);
  });

  app.put(`${base}/:taskId/questions/:questionId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Atualizar pergunta', params: ZQuestionParams, body: ZQuestionInput, response: { 200: ZQuestion } },
  }, async (req) => {
    const access = req.access;
    return service.updateQuestion(app.db, access, req.params.taskId, req.params.questionId, req.body);
  });

  app.delete(`${base}/:taskId/questions/:questionId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Excluir pergunta', params: ZQuestionParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    const access = req.access;
    await service.deleteChild(app.db, access, 'question', req.params.taskId, req.params.questionId);
    return reply.status(204).send(null);
  });

  // Subtasks (milestone tasks) ---------------------------------------------------------------------

  app.get(`${base}/:taskId/subtasks`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Subtarefas em ordem', params: ZTaskParams, response: { 200: z.array(ZSubtask) } },
  }, async (req) => service.listSubtasks(app.db, req.access, req.params.taskId));

  app.post(`${base}/:taskId/subtasks`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Adicionar subtarefa ao fim da lista', params: ZTaskParams, body: ZSubtaskInput, response: { 201: ZSubtask } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.createSubtask(app.db, access, req.params.taskId, req.body));
  });

  app.put(`${base}/:taskId/subtasks/order`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Reordenar subtarefas', params: ZTaskParams, body: ZReorder, response: { 200: z.array(ZSubtask) } },
  }, async (req) => {
    const access = req.access;
    await service.reorderChildren(app.db, access, 'subtask', req.params.taskId, req.body.ids);
    return service.listSubtasks(app.db, access, req.params.taskId);
  });

  app.put(`${base}/:taskId/subtasks/:subtaskId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Atualizar subtarefa', params: ZSubtaskParams, body: ZSubtaskInput, response: { 200: ZSubtask } },
  }, async (req) => {
    const access = req.access;
    return service.updateSubtask(app.db, access, req.params.taskId, req.params.subtaskId, req.body);
  });

  app.delete(`${base}/:taskId/subtasks/:subtaskId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Excluir subtarefa', params: ZSubtaskParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    const access = req.access;
    await service.deleteChild(app.db, access, 'subtask', req.params.taskId, req.params.subtaskId);
    return reply.status(204).send(null);
  });

  // Badges linked to a task ------------------------------------------------------------------------

  app.get(`${base}/:taskId/badges`, {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Badges concedidos ao concluir a tarefa', params: ZTaskParams, response: { 200: z.array(ZTaskBadge) } },
  }, async (req) => service.listTaskBadges(app.db, req.access, req.params.taskId));

  app.get(`${base}/:taskId/available-badges`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Badges ativos que ainda podem ser vinculados', params: ZTaskParams, response: { 200: z.array(ZBadgeSummary) } },
  }, async (req) => service.listLinkableBadges(app.db, req.access, req.params.taskId));

  app.post(`${base}/:taskId/badges`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Vincular badge', params: ZTaskParams, body: ZLinkBadge, response: { 201: z.array(ZTaskBadge) } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.linkBadge(app.db, access, req.params.taskId, req.body.badge_id));
  });

  app.delete(`${base}/:taskId/badges/:badgeId`, {
    config: { permission: 'tasks.manage' },
    schema: { tags, summary: 'Desvincular badge', params: ZBadgeParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    const access = req.access;
    await service.unlinkBadge(app.db, access, req.params.taskId, req.params.badgeId);
    return reply.status(204).send(null);
  });
};
