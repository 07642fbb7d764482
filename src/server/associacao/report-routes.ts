import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { REPORT_MSG, ZReport, ZReportCreate, ZReportSummary, ZReportUpdate } from '../../shared/associacao-reports.js';
import * as reports from './reports.js';
import { sendKept } from '../http/kept-read.js';

const tags = ['associacao'];
const ZReportParams = ZClubParams.extend({ reportId: zId(REPORT_MSG.notFound) });
const base = '/api/clubs/:clubId/associacao/reports';

/** The reports the Associação asks for (issue 48, ADR 077): drafts computed from Trilha's data, closed for good. */
export const associacaoReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(base, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Relatórios para a Associação (mensais ou bimestrais), do mais novo ao mais antigo', params: ZClubParams, response: { 200: z.array(ZReportSummary) } },
  }, async (req, reply) => sendKept(req, reply, (q) => reports.listReports(q, req.access.clubId)));

  app.post(base, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Gerar o rascunho do relatório de um mês ou bimestre a partir dos dados do Trilha', params: ZClubParams, body: ZReportCreate, response: { 201: ZReport } },
  }, async (req, reply) => reply.status(201).send(await reports.createReport(db, req.access, req.body)));

  app.get(`${base}/:reportId`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Um relatório: cada campo calculado pelo Trilha, o valor alterado e a nota', params: ZReportParams, response: { 200: ZReport } },
  }, async (req, reply) => sendKept(req, reply, (q) => reports.getReport(q, req.access.clubId, req.params.reportId)));

  app.put(`${base}/:reportId`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Editar o rascunho: campos alterados (cada um com uma nota) e observações', params: ZReportParams, body: ZReportUpdate, response: { 200: ZReport } },
  }, async (req) => reports.updateReport(db, req.access, req.params.reportId, req.body));

  app.post(`${base}/:reportId/close`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Fechar o relatório: os números ficam congelados e ele não muda mais', params: ZReportParams, response: { 200: ZReport } },
  }, async (req) => reports.closeReport(db, req.access, req.params.reportId));

  app.delete(`${base}/:reportId`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Descartar um rascunho (um relatório fechado fica)', params: ZReportParams, response: { 200: ZOk } },
  }, async (req) => {
    await reports.removeDraft(db, req.access, req.params.reportId);
    return { ok: true as const };
  });

  app.get(`${base}/:reportId/report.csv`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Exportar o relatório em CSV (o Excel abre; fórmulas neutralizadas)', params: ZReportParams, response: { 200: z.string() } },
  }, async (req, reply) => {
    const r = await reports.getReport(db, req.access.clubId, req.params.reportId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="relatorio-${r.year}-${String(r.month).padStart(2, '0')}-${r.period_kind === 'monthly' ? 'mensal' : 'bimestral'}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(reports.reportCsv(r));
  });
};
