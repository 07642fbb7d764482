import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';
import { REGIONAL_MSG, ZRegionalClub, ZRegionalShare, ZRegionalView, ZShareInput } from '../../shared/associacao-regional.js';
import * as regional from './regional.js';

const tags = ['associacao'];
const ZShareParams = ZClubParams.extend({ shareId: zId(REGIONAL_MSG.notFound) });
const base = '/api/clubs/:clubId/associacao/regional-shares';
/** A signed-in route, so the club guard does not judge the id: a malformed one is a 404 like an unshared one. */
const ZRegionalClubParams = z.object({ clubId: zId(REGIONAL_MSG.clubNotFound) });

/** The regional view (issue 48, ADR 077): the club's consent, and the coordinator's read-only counts. */
export const associacaoRegionalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(base, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Com quem o clube compartilha a visão regional (e-mail e quem consentiu)', params: ZClubParams, response: { 200: z.array(ZRegionalShare) } },
  }, async (req) => regional.listShares(db, req.access.clubId));

  app.post(base, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Compartilhar com a coordenação regional (o consentimento do clube; envia o link por e-mail)', params: ZClubParams, body: ZShareInput, response: { 201: ZRegionalShare } },
  }, async (req, reply) => {
    const share = await regional.addShare(db, req.access, req.body.email, app.config.publicUrl);
    app.mail.kick();
    return reply.status(201).send(share);
  });

  app.delete(`${base}/:shareId`, {
    config: { permission: 'associacao.manage' },
    schema: { tags, summary: 'Revogar o compartilhamento: a coordenação deixa de ver o clube na hora', params: ZShareParams, response: { 200: ZOk } },
  }, async (req) => {
    await regional.revokeShare(db, req.access, req.params.shareId);
    return { ok: true as const };
  });

  app.get('/api/regional/summary', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Quantos clubes compartilham a visão regional com o seu e-mail confirmado (para o menu)', response: { 200: z.object({ email_verified: z.boolean(), clubs: z.number().int() }) } },
  }, async (req) => regional.regionalSummary(db, req.caller.profile.id));

  // The coordinator's reads are kept (ADR 026) under the versions of every club shared with them and
  // their e-mail's state, until a shared club's next day: a hundred clubs side by side cost their
  // statements once per change, not once per request.
  const version = (req: FastifyRequest) => () => regional.viewVersion(db, req.caller.profile.id);
  const validFor = (req: FastifyRequest) => () => regional.viewUnchangedForMs(db, req.caller.profile.id);

  app.get('/api/regional/clubs', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Visão regional: os clubes que compartilharam com o seu e-mail confirmado, lado a lado (só números)', response: { 200: ZRegionalView } },
  }, async (req, reply) => app.answers.sendCrossClub(req, reply, req.caller.profile.id, version(req),
    async () => reply.serialize(await regional.regionalView(db, req.caller.profile.id)) as string, validFor(req)));

  app.get('/api/regional/clubs/:clubId', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Visão regional de um clube (404 se o clube não compartilhou com você)', params: ZRegionalClubParams, response: { 200: ZRegionalClub } },
  }, async (req, reply) => app.answers.sendCrossClub(req, reply, req.caller.profile.id, version(req),
    async () => reply.serialize(await regional.regionalClub(db, req.caller.profile.id, req.params.clubId)) as string, validFor(req)));
};
