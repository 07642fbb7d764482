import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProfile } from '../../shared/auth.js';
import { ZClub, ZCreateClub, ZDashboardCounts, ZMyClub } from '../../shared/clubs.js';
import { MSG } from '../../shared/errors.js';
import { notFound } from '../core/errors.js';
import * as repo from './repo.js';
import * as service from './service.js';
import { can } from '../core/access.js';
import { meetingSummary } from '../meetings/service.js';
import { getMemberHome } from '../progress/member-home.js';
import { pendingApprovalCount } from '../progress/service.js';
import { myTasksUnchangedForMs } from '../progress/repo.js';
import { currentPeriodUnchangedForMs } from '../progress/home-repo.js';
import { summaryUnchangedForMs } from '../meetings/repo.js';
import { ZClubPanel } from '../../shared/panel.js';
import { ZClubParams } from '../../shared/ids.js';

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clubs', {
    config: { permission: 'signed_in' },
    schema: { tags: ['clubs'], summary: 'Clubes em que tenho vínculo ativo', response: { 200: z.array(ZMyClub) } },
  }, async (req) => {
    const { profile } = req.caller;
    return repo.listClubsOfProfile(app.db, profile.id, profile.user_type === 'super_admin');
  });

  // A signed-in screen opened directly needs the session and then the clubs: two round trips in a row
  // before the first number on a phone. This answers both at once; a visitor gets no profile and no clubs.
  app.get('/api/boot', {
    config: { permission: 'public' },
    schema: { tags: ['clubs'], summary: 'Sessão e clubes de uma vez (abertura do app)', response: { 200: z.object({ profile: ZProfile.nullable(), clubs: z.array(ZMyClub) }) } },
  }, async (req) => {
    const profile = req.auth?.profile ?? null;
    return { profile, clubs: profile ? await repo.listClubsOfProfile(app.db, profile.id, profile.user_type === 'super_admin') : [] };
  });

  app.post('/api/clubs', {
    config: { permission: 'signed_in' },
    schema: { tags: ['clubs'], summary: 'Criar clube (o criador vira admin)', body: ZCreateClub, response: { 201: ZClub } },
  }, async (req, reply) => {
    const auth = req.caller;
    const maxClubs = auth.profile.user_type === 'super_admin' ? 0 : app.limits.clubsPerAccount;
    const club = await service.createClub(app.db, auth.profile.id, req.body, maxClubs);
    return reply.status(201).send(club);
  });

  app.get('/api/clubs/:clubId', {
    config: { permission: 'club.read' },
    schema: { tags: ['clubs'], summary: 'Dados do clube', params: ZClubParams, response: { 200: ZClub } },
  }, async (req) => {
    const club = await repo.getClub(app.db, req.params.clubId);
    if (!club) throw notFound(MSG.clubNotFound);
    return club;
  });

  app.get('/api/clubs/:clubId/dashboard', {
    config: { permission: 'club.read' },
    schema: { tags: ['clubs'], summary: 'Contadores do painel', params: ZClubParams, response: { 200: ZDashboardCounts } },
  }, async (req, reply) => {
    const access = req.access;
    // Counts of the club's own rows, none read from the clock: kept by the club's data version (ADR 026).
    return app.answers.send(req, reply, access, async (q) => {
      const counts = await repo.dashboardCounts(q, access.clubId);
      if (!counts) throw notFound(MSG.clubNotFound);
      return reply.serialize(counts) as string;
    });
  });

  app.get('/api/clubs/:clubId/panel', {
    config: { permission: 'club.read' },
    schema: { tags: ['clubs'], summary: 'O painel numa leitura: contadores, aprovações, reuniões e o início da pessoa', params: ZClubParams, response: { 200: ZClubPanel } },
  }, async (req, reply) => {
    const access = req.access;
    // Kept by the club's data version, per person, until the first of: a task opens or closes or the club's
    // next day (the home's tasks), the home's period starts or ends, a meeting starts or its 3 hours pass
    // (the meetings' summary).
    const unchangedForMs = async () => Math.min(
      await myTasksUnchangedForMs(app.db, access.clubId), await currentPeriodUnchangedForMs(app.db, access.clubId),
      await summaryUnchangedForMs(app.db, access.clubId));
    return app.answers.send(req, reply, access, async (q) => {
      // One after the other: the parts are small reads, and one connection serves the whole answer.
      const counts = await repo.dashboardCounts(q, access.clubId);
      if (!counts) throw notFound(MSG.clubNotFound);
      const pending = can(access, 'submissions.review') ? await pendingApprovalCount(q, access) : null;
      const meetings = await meetingSummary(q, access);
      const home = await getMemberHome(q, access.clubId, access.profileId);
      return reply.serialize({ counts, pending_approvals: pending, meetings, home }) as string;
    }, unchangedForMs);
  });
};
