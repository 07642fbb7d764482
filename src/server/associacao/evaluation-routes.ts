import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { ZEvalImport, ZEvalImportResult, ZEvalItemList, ZEvalItemsInput, ZEvalMarkInput, ZEvalYearQuery, ZEvaluation } from '../../shared/associacao-evaluation.js';
import * as evaluation from './evaluation.js';
import { importItems, itemsCsv } from './evaluation-io.js';
import { sendKept } from '../http/kept-read.js';

const tags = ['associacao'];

/** The Associação's evaluation (issue 48): the club's checklist and score, its item list, and the platform's example list (super admin). */
export const associacaoEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const base = '/api/clubs/:clubId/associacao/evaluation';

  app.get(base, {
    config: { permission: 'associacao.read' },
    schema: { tags, summary: 'Avaliação do clube no ano: cada item com o que o Trilha já comprova, o que falta e a pontuação', params: ZClubParams, querystring: ZEvalYearQuery, response: { 200: ZEvaluation } },
  }, async (req, reply) => sendKept(req, reply, (q) => evaluation.evaluation(q, req.access.clubId, req.query.year)));

  app.put(`${base}/mark`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Marcar (ou desmarcar) como feito um item que o Trilha não comprova sozinho, com uma observação', params: ZClubParams, body: ZEvalMarkInput, response: { 200: ZOk } },
  }, async (req) => {
    await evaluation.markItem(db, req.access, req.body);
    return { ok: true as const };
  });

  app.get(`${base}/items`, {
    config: { permission: 'associacao.read' },
    schema: { tags, summary: 'Itens da avaliação que o clube usa: a cópia do clube ou a lista da plataforma', params: ZClubParams, response: { 200: ZEvalItemList } },
  }, async (req) => evaluation.itemList(db, req.access.clubId));

  app.put(`${base}/items`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Substituir os itens da avaliação do clube (código, título, pontos, prazo dd/mm, evidência, prova, meta)', params: ZClubParams, body: ZEvalItemsInput, response: { 200: ZEvalItemList } },
  }, async (req) => evaluation.saveItems(db, { clubId: req.access.clubId, actorId: req.access.profileId }, req.body.items));

  app.delete(`${base}/items`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Voltar à lista de itens da plataforma (a cópia do clube é apagada)', params: ZClubParams, response: { 200: ZEvalItemList } },
  }, async (req) => evaluation.resetItems(db, req.access));

  app.post(`${base}/items/import`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Importar os itens da avaliação de um CSV: prévia com dry_run, depois tudo ou nada', params: ZClubParams, body: ZEvalImport, response: { 200: ZEvalImportResult } },
  }, async (req) => importItems(db, { clubId: req.access.clubId, actorId: req.access.profileId }, req.body));

  app.get(`${base}/items.csv`, {
    config: { permission: 'associacao.read' },
    schema: { tags, summary: 'Exportar os itens da avaliação em CSV (UTF-8, ";"; fórmulas neutralizadas)', params: ZClubParams, produces: ['text/csv'], response: { 200: z.string() } },
  }, async (req, reply) => reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename="avaliacao-itens.csv"')
    .header('Cache-Control', 'no-store')
    .send(itemsCsv(await evaluation.itemList(db, req.access.clubId))));

  // ——— The platform's example list (super admin): every club without a copy of its own uses it ———
  app.get('/api/admin/evaluation/items', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Itens da avaliação da plataforma (super admin)', response: { 200: ZEvalItemList } },
  }, async () => evaluation.itemList(db, null));

  app.put('/api/admin/evaluation/items', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Substituir os itens da avaliação da plataforma (super admin)', body: ZEvalItemsInput, response: { 200: ZEvalItemList } },
  }, async (req) => evaluation.saveItems(db, { clubId: null, actorId: req.caller.profile.id }, req.body.items));

  app.post('/api/admin/evaluation/items/import', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Importar os itens da avaliação da plataforma de um CSV (super admin): prévia com dry_run, depois tudo ou nada', body: ZEvalImport, response: { 200: ZEvalImportResult } },
  }, async (req) => importItems(db, { clubId: null, actorId: req.caller.profile.id }, req.body));

  app.get('/api/admin/evaluation/items.csv', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Exportar os itens da avaliação da plataforma em CSV (super admin)', produces: ['text/csv'], response: { 200: z.string() } },
  }, async (_req, reply) => reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename="avaliacao-itens-plataforma.csv"')
    .header('Cache-Control', 'no-store')
    .send(itemsCsv(await evaluation.itemList(db, null))));
};
