import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MSG, JOB_LABEL, ZAdminClub, ZAdminClubList, ZAdminClubQuery, ZAdminCreateClub, ZAdminDeleteClub, ZAdminUpdateClub, ZAdminUserList, ZAdminUserQuery,
  ZJobFailure, ZPlatformReport, ZPlatformStats, ZReportQuery, ZSetBlocked, ZSetUserType,
} from '../../shared/admin.js';
import { ZClub } from '../../shared/clubs.js';
import { sendAnswer } from '../http/answer-cache.js';
import { latestBackup } from '../backup/backup.js';
import { readTogether } from '../db/read-together.js';
import type { ReplicaFence } from '../db/index.js';
import type { FastifyRequest } from 'fastify';
import * as repo from './repo.js';
import * as service from './service.js';
import { zId } from '../../shared/ids.js';
import { MSG } from '../../shared/errors.js';
import { ZOk } from '../../shared/responses.js';

const tags = ['admin'];
const ZProfileParams = z.object({ profileId: zId(ADMIN_MSG.userNotFound) });
// No club-access guard judges the id on the platform's routes: the schema does (a malformed id is the 404).
const ZAdminClubParams = z.object({ clubId: zId(MSG.clubNotFound) });

/** The super admin area: platform stats, every club, every account. Only user_type 'super_admin' passes. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The key of kept platform reads: one read of the version for the requests that ask together.
  const platformVersion = readTogether(() => repo.platformDataVersion(app.db));
  // The platform's reads go to the replica once it shows the version the primary just did (ADR 080).
  const platformKeyAndFence = async (req: FastifyRequest, profileId: string): Promise<[string | null, ReplicaFence]> => {
    const version = await platformVersion();
    return [app.answers.platformKeyOf(req, profileId, version), { key: 'platform', version, read: (q) => repo.platformDataVersion(q) }];
  };
  app.get('/api/admin/stats', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Contadores da plataforma', response: { 200: ZPlatformStats } },
  }, async (req) => {
    const auth = req.caller;
    const embedded = app.db.engine === 'pglite';
    const last = embedded ? await latestBackup(app.config.dataDir) : null;
    // The counters are kept by the platform's data version (ADR 026); the backup is read from disk each time.
    const [key, fence] = await platformKeyAndFence(req, auth.profile.id);
    const counts = JSON.parse((await app.answers.cachedRead(req, key, () => app.reads.read(fence, async (q) => JSON.stringify(await repo.platformStats(q))))).json) as Awaited<ReturnType<typeof repo.platformStats>>;
    return {
      ...counts,
      bancoEmbutido: embedded,
      ultimoBackup: last ? { em: last.createdAt, bytes: last.size } : null,
    };
  });

  app.get('/api/admin/job-failures', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Tarefas automáticas com falha agora (por clube ou no todo), tentadas de novo a cada execução', response: { 200: z.array(ZJobFailure) } },
  }, async () => {
    const rows = await repo.listJobFailures(app.db);
    return rows.map((r) => ({ ...r, job_label: JOB_LABEL[r.job] ?? r.job }));
  });

  app.get('/api/admin/clubs', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Clubes da plataforma com totais, mais novos primeiro, paginados', querystring: ZAdminClubQuery, response: { 200: ZAdminClubList } },
  }, async (req, reply) => {
    const auth = req.caller;
    const [key, fence] = await platformKeyAndFence(req, auth.profile.id);
    return sendAnswer(req, reply, await app.answers.cachedRead(req, key, () => app.reads.read(fence, (q) => service.listClubsJson(q, req.query))));
  });

  app.post('/api/admin/clubs', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Criar clube para outra pessoa (primeiro admin por e-mail)', body: ZAdminCreateClub, response: { 201: ZAdminClub } },
  }, async (req, reply) => {
    const auth = req.caller;
    return reply.status(201).send(await service.createClubFor(app.db, auth.profile.id, req.body));
  });

  app.patch('/api/admin/clubs/:clubId', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Editar, ativar ou desativar um clube', params: ZAdminClubParams, body: ZAdminUpdateClub, response: { 200: ZAdminClub } },
  }, async (req) => {
    const auth = req.caller;
    return service.updateClub(app.db, auth.profile.id, req.params.clubId, req.body);
  });

  app.delete('/api/admin/clubs/:clubId', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Excluir um clube e todos os seus dados', params: ZAdminClubParams, body: ZAdminDeleteClub, response: { 204: z.null() } },
  }, async (req, reply) => {
    const auth = req.caller;
    await service.deleteClub(app.db, app.storage, auth.profile.id, req.params.clubId, req.body.confirm_name);
    return reply.status(204).send(null);
  });

  app.post('/api/admin/clubs/:clubId/open', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Abrir um clube como admin (registrado na auditoria)', params: ZAdminClubParams, response: { 200: ZClub } },
  }, async (req) => {
    const auth = req.caller;
    return service.openClubAsAdmin(app.db, auth.profile.id, req.params.clubId);
  });

  app.get('/api/admin/users', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Buscar usuários por nome ou e-mail', querystring: ZAdminUserQuery, response: { 200: ZAdminUserList } },
  }, async (req) => {
    return service.searchUsers(app.db, req.query);
  });

  app.put('/api/admin/users/:profileId/user-type', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Promover a super admin ou remover', params: ZProfileParams, body: ZSetUserType, response: { 200: ZOk } },
  }, async (req) => {
    const auth = req.caller;
    await service.setUserType(app.db, auth.profile.id, req.params.profileId, req.body.user_type);
    return { ok: true as const };
  });

  app.put('/api/admin/users/:profileId/blocked', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Bloquear (encerra as sessões) ou desbloquear', params: ZProfileParams, body: ZSetBlocked, response: { 200: ZOk } },
  }, async (req) => {
    const auth = req.caller;
    await service.setBlocked(app.db, auth.profile.id, req.params.profileId, req.body.blocked);
    return { ok: true as const };
  });

  app.get('/api/admin/reports', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Relatório da plataforma', querystring: ZReportQuery, response: { 200: ZPlatformReport } },
  }, async (req) => {
    return service.platformReport(app.db, req.query.months);
  });

  app.get('/api/admin/reports/export.csv', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Relatório da plataforma em CSV', querystring: ZReportQuery, produces: ['text/csv'] },
  }, async (req, reply) => {
    const report = await service.platformReport(app.db, req.query.months);
    const day = report.generated_at.slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="trilha-relatorio-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(service.reportCsv(report));
  });
};
