import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHARGE_REPORT_FILE, CHARGE_REPORT_LABEL, ZChargeReportQuery, ZDefaultsReport, ZEventsReport, ZReceivablesReport, type TChargeReportKind,
} from '../../shared/charge-reports.js';
import { ZClubParams } from '../../shared/ids.js';
import type { TClubPermission } from '../../shared/permissions.js';
import * as reports from './reports.js';
import { untilNextClubDayMs } from '../db/club-clock.js';

function sendCsv(reply: FastifyReply, kind: TChargeReportKind, year: number, text: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${CHARGE_REPORT_FILE[kind]}-${year}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(text);
}

/**
 * `reports/receivables`, `reports/defaults` (the treasurer and the direction, 'charges.manage') and
 * `reports/events` ('events.read': the secretary too), each also as `.csv`; `?year=` (default: the
 * club's current year).
 */
export function registerChargeReportRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['charges'];
  const base = '/api/clubs/:clubId/reports';
  const yearOf = async (clubId: string, query: { year?: number }) => query.year ?? reports.clubYear(db, clubId);

  function register<T>(kind: TChargeReportKind, permission: TClubPermission, schema: z.ZodType<T>, read: (q: typeof db, clubId: string, year: number) => Promise<T>, csv: (r: T) => string) {
    typed.get(`${base}/${kind}`, {
      config: { permission },
      schema: { tags, summary: `Relatório: ${CHARGE_REPORT_LABEL[kind]} (ano; padrão: o atual)`, params: ZClubParams, querystring: ZChargeReportQuery, response: { 200: schema as z.ZodType } },
    }, async (req, reply) => {
      // The current year's figures are as of the club's today: kept until its next day (ADR 026, ADR 084).
      const clubId = req.access.clubId;
      return app.answers.send(
        req, reply, req.access, async (q) => reply.serialize(await read(q, clubId, await yearOf(clubId, req.query))) as string, () => untilNextClubDayMs(db, clubId),
      );
    });

    typed.get(`${base}/${kind}.csv`, {
      config: { permission },
      schema: { tags, summary: `Relatório em CSV: ${CHARGE_REPORT_LABEL[kind]}`, params: ZClubParams, querystring: ZChargeReportQuery, produces: ['text/csv'], response: { 200: z.string() } },
    }, async (req, reply) => {
      const year = await yearOf(req.access.clubId, req.query);
      return sendCsv(reply, kind, year, csv(await read(db, req.access.clubId, year)));
    });
  }

  register('receivables', 'charges.manage', ZReceivablesReport, reports.receivables, reports.receivablesCsv);
  register('defaults', 'charges.manage', ZDefaultsReport, reports.defaults, reports.defaultsCsv);
  register('events', 'events.read', ZEventsReport, reports.events, reports.eventsCsv);
}
