import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../shared/errors.js';
import {
  ZPushDeliveryIssue,
  CATEGORY_LABELS, NOTIFICATION_MSG, ZMarkAllRead, ZPushConfig, ZPushSubscriptionInput, ZPushSubscriptionRemove, ZNotificationListQuery, ZNotificationPage, ZPreferences, ZPreferencesInput, ZUnreadCounts,
} from '../../shared/notifications.js';
import { AppError, notFound } from '../core/errors.js';
import * as repo from './repo.js';
import { decodeCursor } from '../core/cursor.js';
import * as prefs from './preferences.js';
import { readUnsubscribeToken } from './email.js';
import { endpointAllowed } from './push-endpoint.js';
import { zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';

const tags = ['notifications'];
const ZIdParams = z.object({ id: zId(NOTIFICATION_MSG.notFound) });

/**
 * A person's own notifications. Outside /api/clubs because a guardian reads the ones about their child
 * without being a member; a club filter they have no tie to answers 404, as any other club does.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // A mail provider's one-click unsubscribe posts 'List-Unsubscribe=One-Click' as a form (RFC 8058); the
  // token is in the URL, so the form's fields are not read. Only these routes accept a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  const clubInReach = async (profileId: string, clubId: string | undefined): Promise<string | null> => {
    if (!clubId) return null;
    if (!(await repo.belongsToClub(app.db, profileId, clubId))) throw new AppError('not_found', 404, MSG.clubNotFound);
    return clubId;
  };

  app.get('/api/notifications', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Meus avisos, mais recentes primeiro, paginados por cursor (de um clube e os da conta, ou todos)', querystring: ZNotificationListQuery, response: { 200: ZNotificationPage } },
  }, async (req, reply) => {
    const me = req.caller.profile.id;
    // Who may filter by the club is checked on every request; the page is kept by the person's
    // notifications version (ADR 087), which every notice written, rewritten or read moves.
    const clubId = await clubInReach(me, req.query.club_id);
    const after = decodeCursor(req.query.after, repo.ZNotificationCursor);
    return app.answers.sendPersonal(req, reply, req.caller,
      async () => reply.serialize(await repo.listNotifications(app.db, me, clubId, after, req.query.limit)) as string);
  });

  // Polled by every open screen: kept by the person's notifications version (ADR 087).
  app.get('/api/notifications/unread', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Avisos não lidos, por clube (o sino e o seletor de clubes)', response: { 200: ZUnreadCounts } },
  }, async (req, reply) => app.answers.sendPersonal(req, reply, req.caller,
    async () => reply.serialize(await repo.unreadCounts(app.db, req.caller.profile.id)) as string));

  app.post('/api/notifications/:id/read', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Marcar um aviso como lido', params: ZIdParams, response: { 200: ZOk } },
  }, async (req) => {
    if (!(await repo.markRead(app.db, req.caller.profile.id, req.params.id))) throw notFound(NOTIFICATION_MSG.notFound);
    return { ok: true as const };
  });

  app.post('/api/notifications/read-all', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Marcar todos como lidos (de um clube e os da conta, ou todos)', body: ZMarkAllRead, response: { 200: z.object({ marked: z.number().int() }) } },
  }, async (req) => {
    const me = req.caller.profile.id;
    const clubId = await clubInReach(me, req.body.club_id);
    return { marked: await repo.markAllRead(app.db, me, clubId) };
  });

  app.get('/api/notifications/preferences', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Como quero receber cada categoria de aviso', response: { 200: ZPreferences } },
  }, async (req) => prefs.getPreferences(app.db, req.caller.profile.id));

  app.put('/api/notifications/preferences', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Escolher push e e-mail por categoria (no app, sempre) e o horário de silêncio das notificações no celular', body: ZPreferencesInput, response: { 200: ZPreferences } },
  }, async (req) => prefs.savePreferences(app.db, req.caller.profile.id, req.body.preferences, req.body.quiet_hours));

  app.get('/api/notifications/push/key', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Chave pública VAPID para o navegador se inscrever nas notificações push', response: { 200: ZPushConfig } },
  }, async () => ({ public_key: (await app.notifications.keys()).vapidPublicKey || null }));

  app.post('/api/notifications/push/subscriptions', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Permitir notificações push neste aparelho', body: ZPushSubscriptionInput, response: { 201: ZOk } },
  }, async (req, reply) => {
    const me = req.caller.profile.id;
    if (!(await endpointAllowed(req.body.endpoint, app.notifications.endpointRules))) {
      throw new AppError('validation', 400, NOTIFICATION_MSG.endpointNotAllowed, [{ path: 'endpoint', message: NOTIFICATION_MSG.endpointNotAllowed }]);
    }
    await repo.saveSubscription(app.db, me, req.body, req.headers['user-agent']?.slice(0, 300) ?? null);
    return reply.status(201).send({ ok: true as const });
  });

  app.post('/api/notifications/push/subscriptions/remove', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Parar as notificações push neste aparelho', body: ZPushSubscriptionRemove, response: { 200: ZOk } },
  }, async (req) => {
    await repo.removeSubscription(app.db, req.caller.profile.id, req.body.endpoint);
    return { ok: true as const };
  });

  app.post('/api/notifications/unsubscribe', {
    config: { permission: 'public' },
    schema: {
      tags, summary: 'Descadastrar uma categoria de e-mails pelo link assinado do e-mail (sem login; também o List-Unsubscribe de um clique)',
      querystring: z.object({ t: z.string({ error: NOTIFICATION_MSG.unsubscribeInvalid }).max(200, NOTIFICATION_MSG.unsubscribeInvalid).optional() }),
      body: z.object({ token: z.string({ error: NOTIFICATION_MSG.unsubscribeInvalid }).max(200, NOTIFICATION_MSG.unsubscribeInvalid).optional() }).optional(),
      response: { 200: z.object({ message: z.string() }) },
    },
  }, async (req) => {
    const token = req.body?.token ?? req.query.t ?? '';
    const target = readUnsubscribeToken((await app.notifications.keys()).unsubscribeSecret, token);
    if (!target) throw new AppError('invalid_token', 400, NOTIFICATION_MSG.unsubscribeInvalid);
    await app.db.transaction((tx) => prefs.setPreference(tx, target.profileId, target.category, { email: 'off' }));
    return { message: NOTIFICATION_MSG.unsubscribed(CATEGORY_LABELS[target.category]) };
  });

  app.get('/api/admin/push-deliveries', {
    config: { permission: 'super_admin' },
    schema: { tags: ['admin'], summary: 'Notificações no celular com falha ou esperando nova tentativa (as 100 mais recentes)', response: { 200: z.array(ZPushDeliveryIssue) } },
  }, async () => {
    return repo.listPushIssues(app.db);
  });
};
