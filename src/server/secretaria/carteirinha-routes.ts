import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARD_MSG, ZCard, ZCardCheck, ZCardRow, ZIssueCards, ZMyCard } from '../../shared/carteirinha.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { notFound } from '../core/errors.js';
import { MINUTE, tooManyRequests } from '../core/throttle.js';
import { cardKeyOf, checkCard, issueCards, listCards, myCard, revokeCard } from './carteirinha.js';
import { sendKept } from '../http/kept-read.js';

const tags = ['secretaria'];
const base = '/api/clubs/:clubId/secretaria/carteirinhas';
/** Checks of a card's QR per client address and minute (besides the API's limit for every anonymous call). */
export const CARD_CHECKS_PER_MINUTE = 30;

/** The carteirinha (issue 47): the secretary and the direction issue and revoke, a member reads their own, anyone checks a QR. */
export const carteirinhaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  let key: Buffer | null = null;
  const cardKey = async () => (key ??= cardKeyOf((await app.notifications.keys()).unsubscribeSecret));

  app.get(base, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Membros ativos e a carteirinha em vigor de cada um (para imprimir)', params: ZClubParams, response: { 200: z.array(ZCardRow) } },
  }, async (req, reply) => {
    const signing = await cardKey();
    return sendKept(req, reply, (q) => listCards(q, signing, req.access.clubId));
  });

  app.post(base, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Emitir (ou reemitir) as carteirinhas dos membros escolhidos; a anterior de cada um é revogada', params: ZClubParams, body: ZIssueCards, response: { 201: z.array(ZCard) } },
  }, async (req, reply) => reply.status(201).send(await issueCards(db, await cardKey(), req.access, req.body)));

  app.post(`${base}/:id/revoke`, {
    config: { permission: 'secretaria.manage' },
    schema: { tags, summary: 'Revogar uma carteirinha (o QR passa a dizer "Carteirinha revogada")', params: ZClubParams.extend({ id: zId(CARD_MSG.cardNotFound) }), response: { 200: ZOk } },
  }, async (req) => {
    await revokeCard(db, req.access, req.params.id);
    return { ok: true as const };
  });

  app.get('/api/clubs/:clubId/carteirinha', {
    config: { permission: 'club.read' },
    schema: { tags, summary: 'A minha carteirinha (no celular do membro)', params: ZClubParams, response: { 200: ZMyCard } },
  }, async (req) => ({ card: await myCard(db, await cardKey(), req.access) }));

  app.get('/api/carteirinha/:token', {
    config: { permission: 'public' },
    schema: {
      tags, summary: 'Conferência pública do QR: só "Membro ativo do Clube X até dd/mm/aaaa", "Carteirinha revogada" ou "vencida"; desconhecida → 404',
      params: z.object({ token: z.string().max(200) }), response: { 200: ZCardCheck },
    },
  }, async (req, reply) => {
    if (app.limits.anonPerMinute !== 0) {
      const hit = await app.counterStore.hit(`carteirinha-check:${req.ip}`, MINUTE);
      if (hit.count > CARD_CHECKS_PER_MINUTE) throw tooManyRequests(hit.resetInMs / 1000);
    }
    const result = await checkCard(db, req.params.token);
    if (!result) throw notFound(CARD_MSG.unknown);
    void reply.header('cache-control', 'no-store');
    return result;
  });
};
