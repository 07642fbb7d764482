import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../shared/errors.js';
import {
  NOTIFICATION_MSG, ZMarkAllRead, ZNotificationListQuery, ZNotificationPage, ZPreferences, ZPreferencesInput, ZUnreadCounts,
} from '../../shared/notifications.js';
import { requireAuth } from '../http/access.js';
import { AppError, notFound } from '../http/errors.js';
import * as repo from './repo.js';
import * as prefs from './preferences.js';

const tags = ['notifications'];
const ZIdParams = z.object({ id: z.uuid({ error: NOTIFICATION_MSG.notFound }) });
const ZOk = z.object({ ok: z.literal(true) });

/**
 * A person's own notifications. Outside /api/clubs because a guardian reads the ones about their child
 * without being a member; a club filter they have no tie to answers 404, as any other club does.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const clubInReach = async (profileId: string, clubId: string | undefined): Promise<string | null> => {
    if (!clubId) return null;
    if (!(await repo.belongsToClub(app.db, profileId, clubId))) throw new AppError('not_found', 404, MSG.clubNotFound);
    return clubId;
  };

  app.get('/api/notifications', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Meus avisos, mais recentes primeiro, paginados por cursor (de um clube e os da conta, ou todos)', querystring: ZNotificationListQuery, response: { 200: ZNotificationPage } },
  }, async (req) => {
    const me = requireAuth(req).profile.id;
    const clubId = await clubInReach(me, req.query.club_id);
    return repo.listNotifications(app.db, me, clubId, req.query.after, req.query.limit);
  });

  app.get('/api/notifications/unread', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Avisos não lidos, por clube (o sino e o seletor de clubes)', response: { 200: ZUnreadCounts } },
  }, async (req) => repo.unreadCounts(app.db, requireAuth(req).profile.id));

  app.post('/api/notifications/:id/read', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Marcar um aviso como lido', params: ZIdParams, response: { 200: ZOk } },
  }, async (req) => {
    if (!(await repo.markRead(app.db, requireAuth(req).profile.id, req.params.id))) throw notFound(NOTIFICATION_MSG.notFound);
    return { ok: true as const };
  });

  app.post('/api/notifications/read-all', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Marcar todos como lidos (de um clube e os da conta, ou todos)', body: ZMarkAllRead, response: { 200: z.object({ marked: z.number().int() }) } },
  }, async (req) => {
    const me = requireAuth(req).profile.id;
    const clubId = await clubInReach(me, req.body.club_id);
    return { marked: await repo.markAllRead(app.db, me, clubId) };
  });

  app.get('/api/notifications/preferences', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Como quero receber cada categoria de aviso', response: { 200: ZPreferences } },
  }, async (req) => prefs.getPreferences(app.db, requireAuth(req).profile.id));

  app.put('/api/notifications/preferences', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Escolher push e e-mail por categoria (no app, sempre)', body: ZPreferencesInput, response: { 200: ZPreferences } },
  }, async (req) => prefs.savePreferences(app.db, requireAuth(req).profile.id, req.body.preferences));
};
