import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZClubAuditPage, ZClubAuditQuery, ZPlatformAuditPage, ZPlatformAuditQuery } from '../../shared/audit.js';
import { DEFAULT_TIMEZONE } from '../../shared/timezones.js';
import { clubTimezone } from '../recurring/repo.js';
import { listAudit } from './list.js';
import { ZClubParams } from '../../shared/ids.js';

const tags = ['audit'];

/** The audit log read back: the club's own for its director ('Registro de atividades'), the platform's for the super admin. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/api/clubs/:clubId/audit', {
    config: { permission: 'audit.read' },
    schema: {
      tags, summary: 'Registro de atividades do clube, mais recentes primeiro, paginado por cursor, com filtros',
      params: ZClubParams, querystring: ZClubAuditQuery, response: { 200: ZClubAuditPage },
    },
  }, async (req) => {
    const { clubId } = req.access;
    const timezone = await clubTimezone(db, clubId);
    const q = req.query;
    const page = await listAudit(db, { clubId, action: q.action, actorId: q.actor_id, from: q.from, to: q.to, timezone }, q.after, q.limit);
    return { ...page, entries: page.entries.map(({ club_id: _c, club_name: _n, ...e }) => e), timezone };
  });

  app.get('/api/admin/audit', {
    config: { permission: 'super_admin' },
    schema: {
      tags, summary: 'Auditoria da plataforma (todos os clubes), mais recentes primeiro, paginada por cursor, com filtros',
      querystring: ZPlatformAuditQuery, response: { 200: ZPlatformAuditPage },
    },
  }, async (req) => {
    const q = req.query;
    const filter = { clubId: q.club_id, action: q.action, actorId: null, from: q.from, to: q.to, timezone: DEFAULT_TIMEZONE };
    return { ...(await listAudit(db, filter, q.after, q.limit)), timezone: DEFAULT_TIMEZONE };
  });
};
