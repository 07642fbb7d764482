import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProfile, ZRegister } from '../../shared/auth.js';
import {
  MEMBER_MSG, ZAddMember, ZAddMemberResult, ZCsvImport, ZCsvImportResult, ZInvitationAccepted, ZInvitationLink,
  ZInvitationPreview, ZMember, ZMemberPage, ZMemberQuery, ZPendingInvitation, ZUpdateMember,
} from '../../shared/members.js';
import { can } from '../core/access.js';
import { ZClubParams, ZTokenParams, zId } from '../../shared/ids.js';
import { setSessionCookie } from '../auth/session.js';
import * as invitationRepo from './invitation-repo.js';
import * as service from './service.js';
import * as invitationService from './invitation-service.js';
import { importMembersFile } from './csv-import.js';
import { listMembersJson } from './list.js';
import { sendInvitationMail } from '../mail/invitations.js';
import { ZOk } from '../../shared/responses.js';

const ZMemberParams = ZClubParams.extend({ memberId: zId(MEMBER_MSG.notFound) });
const ZInvitationParams = ZClubParams.extend({ invitationId: zId(MEMBER_MSG.invitationInvalid) });

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clubs/:clubId/members', {
    config: { permission: 'club.read' },
    schema: {
      tags: ['members'],
      summary: 'Membros do clube, mais novos primeiro, paginados por cursor, com busca e filtros (e-mails só para quem cuida dos cadastros)',
      params: ZClubParams, querystring: ZMemberQuery, response: { 200: ZMemberPage },
    },
  }, async (req, reply) => {
    const access = req.access;
    return app.answers.send(req, reply, access, (q) => listMembersJson(q, access.clubId, can(access, 'members.read'), req.query));
  });

  app.post('/api/clubs/:clubId/members', {
    config: { permission: 'members.manage' },
    schema: {
      tags: ['members'],
      summary: 'Adicionar membro: por e-mail (conta existente entra já; e-mail novo recebe convite) ou sem conta',
      params: ZClubParams, body: ZAddMember, response: { 201: ZAddMemberResult },
    },
  }, async (req, reply) => {
    const access = req.access;
    const added = await service.addMember(app.db, access, req.body);
    if (added.result === 'invited') await sendInvitationMail(app, req, access.clubId, added.invitation);
    return reply.status(201).send(added);
  });

  app.post('/api/clubs/:clubId/members/import', {
    config: { permission: 'members.manage' },
    schema: {
      tags: ['members'],
      summary: 'Importar membros de CSV ou planilha do Excel .xlsx em base64 (nome, e-mail, função, unidade, nascimento): prévia com dry_run, depois tudo ou nada',
      params: ZClubParams, body: ZCsvImport, response: { 200: ZCsvImportResult },
    },
  }, async (req) => {
    const access = req.access;
    const { csv, xlsx, dry_run } = req.body;
    return importMembersFile(app.db, access, xlsx !== undefined ? { xlsx } : { csv: csv ?? '' }, dry_run);
  });

  app.put('/api/clubs/:clubId/members/:memberId', {
    config: { permission: 'members.manage' },
    schema: { tags: ['members'], summary: 'Editar função, unidade e status do membro', params: ZMemberParams, body: ZUpdateMember, response: { 200: ZMember } },
  }, async (req) => {
    const access = req.access;
    return service.updateMember(app.db, access, req.params.memberId, req.body);
  });

  app.delete('/api/clubs/:clubId/members/:memberId', {
    config: { permission: 'members.manage' },
    schema: { tags: ['members'], summary: 'Remover membro do clube', params: ZMemberParams, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await service.removeMember(app.db, access, req.params.memberId);
    return { ok: true as const };
  });

  app.post('/api/clubs/:clubId/members/:memberId/invitation', {
    config: { permission: 'members.manage' },
    schema: { tags: ['members'], summary: 'Link para um membro sem conta criar o próprio acesso', params: ZMemberParams, response: { 201: ZInvitationLink } },
  }, async (req, reply) => {
    const access = req.access;
    const link = await service.inviteToClaim(app.db, access, req.params.memberId);
    await sendInvitationMail(app, req, access.clubId, link);
    return reply.status(201).send(link);
  });

  app.delete('/api/clubs/:clubId/members/:memberId/claim', {
    config: { permission: 'members.manage' },
    schema: {
      tags: ['members'], summary: 'Desfazer o acesso criado por um link deste clube (o perfil volta a ser sem conta)',
      params: ZMemberParams, response: { 200: ZOk },
    },
  }, async (req) => {
    const access = req.access;
    await service.undoClaim(app.db, access, req.params.memberId);
    return { ok: true as const };
  });

  app.get('/api/clubs/:clubId/invitations', {
    config: { permission: 'members.manage' },
    schema: { tags: ['members'], summary: 'Convites pendentes', params: ZClubParams, response: { 200: z.array(ZPendingInvitation) } },
  }, async (req) => {
    const access = req.access;
    return invitationRepo.listPendingInvitations(app.db, access.clubId);
  });

  app.post('/api/clubs/:clubId/invitations/:invitationId/link', {
    config: { permission: 'members.manage' },
    schema: { tags: ['members'], summary: 'Gerar novo link para um convite pendente (o link anterior deixa de valer)', params: ZInvitationParams, response: { 201: ZInvitationLink } },
  }, async (req, reply) => {
    const access = req.access;
    return reply.status(201).send(await service.reissueInvitationLink(app.db, access, req.params.invitationId));
  });

  app.delete('/api/clubs/:clubId/invitations/:invitationId', {
    config: { permission: 'members.manage' },
    schema: { tags: ['members'], summary: 'Cancelar convite', params: ZInvitationParams, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await service.revokeInvitation(app.db, access, req.params.invitationId);
    return { ok: true as const };
  });

  app.get('/api/invitations/:token', {
    config: { permission: 'public' },
    schema: { tags: ['members'], summary: 'Dados públicos de um convite válido', params: ZTokenParams, response: { 200: ZInvitationPreview } },
  }, async (req) => invitationService.previewInvitation(app.db, req.params.token));

  app.post('/api/invitations/:token/accept', {
    config: { permission: 'signed_in' },
    schema: { tags: ['members'], summary: 'Entrar no clube com o convite (usuário logado)', params: ZTokenParams, response: { 200: ZInvitationAccepted } },
  }, async (req) => invitationService.acceptInvitation(app.db, req.caller.profile, req.params.token));

  app.post('/api/invitations/:token/register', {
    config: { permission: 'public' },
    schema: {
      tags: ['members'],
      summary: 'Criar conta pelo convite e entrar no clube (ou assumir o perfil de membro sem conta)',
      params: ZTokenParams, body: ZRegister,
      response: { 201: z.object({ profile: ZProfile, club_id: z.string() }) },
    },
  }, async (req, reply) => {
    const session = await invitationService.registerWithInvitation(app.db, req.params.token, req.body, {
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
      ip: req.ip,
    });
    setSessionCookie(reply, session, app.config.secureCookies);
    return reply.status(201).send({ profile: session.profile, club_id: session.clubId });
  });
};
