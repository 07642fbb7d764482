import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBadge, ZBadgeInput, ZClubBadgeInput, ZGrantBadge } from '../../shared/badges.js';
import { PROGRESS_MSG, ZAwardedBadge } from '../../shared/progress.js';
import { BADGE_MSG } from '../../shared/badges.js';
import { notFound } from '../core/errors.js';
import * as repo from './repo.js';
import * as service from './service.js';
import * as clubBadges from './club-badges.js';
import { ZClubParams, zId } from '../../shared/ids.js';

const ZBadgeParams = z.object({ badgeId: zId(BADGE_MSG.notFound) });

export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['badges'];

  app.get('/api/admin/badges', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Todos os badges (super admin)', response: { 200: z.array(ZBadge) } },
  }, async () => {
    return (await repo.listBadges(app.db)).map(service.toBadge);
  });

  app.get('/api/admin/badges/:badgeId', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Um badge (super admin)', params: ZBadgeParams, response: { 200: ZBadge } },
  }, async (req) => {
    const row = await repo.getBadge(app.db, req.params.badgeId);
    if (!row || row.club_id !== null) throw notFound(BADGE_MSG.notFound);
    return service.toBadge(row);
  });

  app.post('/api/admin/badges', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Criar badge (SVG sanitizado)', body: ZBadgeInput, response: { 201: ZBadge } },
  }, async (req, reply) => {
    const auth = req.caller;
    return reply.status(201).send(await service.createBadge(app.db, auth.profile.id, req.body));
  });

  app.put('/api/admin/badges/:badgeId', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Editar badge', params: ZBadgeParams, body: ZBadgeInput, response: { 200: ZBadge } },
  }, async (req) => {
    const auth = req.caller;
    return service.updateBadge(app.db, auth.profile.id, req.params.badgeId, req.body);
  });

  app.delete('/api/admin/badges/:badgeId', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Excluir badge', params: ZBadgeParams, response: { 204: z.null() } },
  }, async (req, reply) => {
    const auth = req.caller;
    await service.deleteBadge(app.db, auth.profile.id, req.params.badgeId);
    return reply.status(204).send(null);
  });

  app.get('/api/clubs/:clubId/badges', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'Badges ativos da plataforma e do clube, por raridade', params: ZClubParams, response: { 200: z.array(ZBadge) } },
  }, async (req, reply) => {
    const access = req.access;
    // Kept by the club's data version, which the platform's badges move too (ADR 026); written by the route's own serializer.
    return app.answers.send(req, reply, access, async (q) => reply.serialize((await repo.listActiveBadges(q, access.clubId)).map(service.toBadge)) as string);
  });

  app.get('/api/clubs/:clubId/badges/own', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Badges próprios do clube, ativos ou não (admins)', params: ZClubParams, response: { 200: z.array(ZBadge) } },
  }, async (req) => {
    const access = req.access;
    return (await repo.listClubBadges(app.db, access.clubId)).map(service.toBadge);
  });

  app.post('/api/clubs/:clubId/badges', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Criar badge do clube (ícone da galeria, sem SVG)', params: ZClubParams, body: ZClubBadgeInput, response: { 201: ZBadge } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await clubBadges.createClubBadge(app.db, access, req.body));
  });

  app.put('/api/clubs/:clubId/badges/:badgeId', {
    config: { permission: 'club.settings' },
    schema: { tags, summary: 'Editar ou desativar badge do clube', params: ZClubParams.extend(ZBadgeParams.shape), body: ZClubBadgeInput, response: { 200: ZBadge } },
  }, async (req) => {
    const access = req.access;
    return clubBadges.updateClubBadge(app.db, access, req.params.badgeId, req.body);
  });

  app.post('/api/clubs/:clubId/members/:memberId/badges', {
    config: { permission: 'badges.award' },
    schema: { tags, summary: 'Conceder badge manual a um membro', params: ZClubParams.extend({ memberId: zId(PROGRESS_MSG.memberNotFound) }), body: ZGrantBadge, response: { 201: z.object({ badges_awarded: z.array(ZAwardedBadge) }) } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.grantManualBadge(app.db, access, req.params.memberId, req.body.badge_id));
  });
};
