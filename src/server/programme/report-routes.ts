import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_STALE_WEEKS, REPORT_KINDS, REPORT_LABEL, ZAreaRow, ZClassProgressRow, ZMemberProgressRow, ZStaleQuery, ZStaleRequirementRow, ZUnitProgressRow, type TReportKind,
} from '../../shared/programme-reports.js';
import { ZClubParams } from '../../shared/ids.js';
import { readReport, reportCsv } from './reports.js';
import { untilNextClubDayMs } from '../db/club-clock.js';

const ROW: Record<TReportKind, z.ZodType> = {
  classes: ZClassProgressRow,
  units: ZUnitProgressRow,
  members: ZMemberProgressRow,
  stale: ZStaleRequirementRow,
  areas: ZAreaRow,
};
const FILE: Record<TReportKind, string> = { classes: 'progresso-por-classe', units: 'progresso-por-unidade', members: 'progresso-por-membro', stale: 'requisitos-sem-assinatura', areas: 'especialidades-por-area' };

/**
 * `reports/<kind>` (JSON) and `reports/<kind>.csv` of the programme, for the secretary and the
 * direction ('programme.manage'); `stale` takes `?weeks=` (1–104, default 4).
 */
export function registerReportRoutes(app: FastifyInstance, base: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['programme'];
  for (const kind of REPORT_KINDS) {
    const querystring = kind === 'stale' ? ZStaleQuery : z.object({});
    const weeksOf = (query: unknown) => (query as { weeks?: number }).weeks ?? DEFAULT_STALE_WEEKS;
    typed.get(`${base}/reports/${kind}`, {
      config: { permission: 'programme.manage' },
      schema: { tags, summary: `Relatório do programa: ${REPORT_LABEL[kind]}`, params: ZClubParams, querystring, response: { 200: z.array(ROW[kind]) } },
    }, async (req, reply) => {
      // 'Sem assinatura há N semanas' and the progress are as of the club's today: kept until its next day (ADR 026, ADR 084).
      const clubId = req.access.clubId;
      return app.answers.send(
        req, reply, req.access, async (q) => reply.serialize(await readReport(q, clubId, kind, weeksOf(req.query))) as string, () => untilNextClubDayMs(app.db, clubId),
      );
    });

    typed.get(`${base}/reports/${kind}.csv`, {
      config: { permission: 'programme.manage' },
      schema: { tags, summary: `Relatório do programa em CSV: ${REPORT_LABEL[kind]}`, params: ZClubParams, querystring, produces: ['text/csv'], response: { 200: z.string() } },
    }, async (req, reply) => {
      const rows = await readReport(app.db, req.access.clubId, kind, weeksOf(req.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${FILE[kind]}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(reportCsv(kind, rows));
    });
  }
}
