import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FAMILY_MSG, ZAcceptGuardian, ZConsentText, ZConsentTextInput, ZDeletionStatus, ZFamilyChild, ZGuardian, ZGuardianInput,
  ZGuardianInvitation, ZGuardianInvitationPreview, ZHealthForm, ZHealthRecord, ZMemberFamily, ZMemberFamilyUpdate,
  ZPrivacyNotice, ZPrivacySettings, ZPrivacySettingsInput, ZConsentStatus, ZChildParams, ZChildPush,
} from '../../shared/families.js';
import { forbidden, notFound } from '../core/errors.js';
import { PROGRESS_MSG, ZSubmissionInfo } from '../../shared/progress.js';
import { submitEvidence } from '../progress/submissions.js';
import { readUploadForm } from '../http/evidence.js';
import { evidenceOf } from '../progress/submissions.js';
import { writeAudit } from '../audit/repo.js';
import { ZClubParams, ZTokenParams, zId } from '../../shared/ids.js';
import { MSG } from '../../shared/errors.js';
import { findGuardianLink, requireGuardianOf } from './access.js';
import { healthCipherFor } from './health-key.js';
import * as repo from './repo.js';
import * as guardians from './guardian-service.js';
import * as family from './family-service.js';
import * as health from './health-service.js';
import * as lgpd from './lgpd-service.js';
import { publicBaseUrl } from '../auth/account.js';
import { ZOk } from '../../shared/responses.js';

const ZMemberParams = ZClubParams.extend({ memberId: zId(FAMILY_MSG.childNotFound) });
const ZGuardianParams = ZMemberParams.extend({ guardianId: zId(FAMILY_MSG.guardianNotFound) });
const ZConsentAgain = ZAcceptGuardian;

const clientIp = (req: FastifyRequest) => req.ip || null;

/** Guardians, consent, the health form and the LGPD rights (issue 16). */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  const cipher = () => healthCipherFor(app.config.dataDir);

  // Club staff: guardians of a member record, birth date, the 'saúde' permission.
  app.get('/api/clubs/:clubId/members/:memberId/family', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Responsáveis, nascimento, consentimento e permissão saúde de um membro (admin)', params: ZMemberParams, response: { 200: ZMemberFamily } },
  }, async (req) => {
    const access = req.access;
    const member = await repo.findMember(app.db, access.clubId, req.params.memberId);
    if (!member) throw notFound(FAMILY_MSG.childNotFound);
    return {
      member_id: member.id, birth_date: member.birth_date, adult_confirmed: member.adult_confirmed, minor: member.minor, health_access: member.health_access,
      consent: await repo.consentStatus(app.db, access.clubId, member.id),
      guardians: await repo.listGuardians(app.db, access.clubId, member.id),
    };
  });

  app.put('/api/clubs/:clubId/members/:memberId/family', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Definir data de nascimento e permissão saúde (admin)', params: ZMemberParams, body: ZMemberFamilyUpdate, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await app.db.transaction(async (tx) => {
      const member = await repo.findMember(tx, access.clubId, req.params.memberId);
      const updated = member && await repo.updateMemberFamilyFields(tx, access.clubId, member.id, req.body);
      if (!member || !updated) throw notFound(FAMILY_MSG.childNotFound);
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'member.family.update', entity: 'member', entityId: member.id, before: { birth_date: member.birth_date, adult_confirmed: member.adult_confirmed, health_access: member.health_access }, after: req.body });
    });
    return { ok: true as const };
  });

  app.get('/api/clubs/:clubId/consent-status', {
    config: { permission: 'club.settings' },
    schema: {
      tags: ['families'], summary: 'Consentimento de cada membro (admin)', params: ZClubParams,
      response: { 200: z.array(z.object({ member_id: z.string(), birth_date: z.string().nullable(), consent: ZConsentStatus, health_access: z.boolean() })) },
    },
  }, async (req) => {
    const access = req.access;
    return repo.listConsentStatuses(app.db, access.clubId);
  });

  app.get('/api/clubs/:clubId/members/:memberId/guardians', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Responsáveis do membro (admin)', params: ZMemberParams, response: { 200: z.array(ZGuardian) } },
  }, async (req) => {
    const access = req.access;
    const member = await repo.findMember(app.db, access.clubId, req.params.memberId);
    if (!member) throw notFound(FAMILY_MSG.childNotFound);
    return repo.listGuardians(app.db, access.clubId, member.id);
  });

  app.post('/api/clubs/:clubId/members/:memberId/guardians', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Convidar um responsável por e-mail (link também copiável, vinculado ao e-mail)', params: ZMemberParams, body: ZGuardianInput, response: { 201: ZGuardianInvitation } },
  }, async (req, reply) => {
    const access = req.access;
    const invitation = await guardians.addGuardian(app.db, access, req.params.memberId, req.body, publicBaseUrl(app));
    app.mail.kick();
    return reply.status(201).send(invitation);
  });

  app.post('/api/clubs/:clubId/members/:memberId/guardians/:guardianId/link', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Reenviar o convite por e-mail (novo link) a um responsável que ainda não aceitou', params: ZGuardianParams, response: { 201: ZGuardianInvitation } },
  }, async (req, reply) => {
    const access = req.access;
    const invitation = await guardians.renewGuardianLink(app.db, access, req.params.memberId, req.params.guardianId, publicBaseUrl(app));
    app.mail.kick();
    return reply.status(201).send(invitation);
  });

  app.delete('/api/clubs/:clubId/members/:memberId/guardians/:guardianId', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Remover responsável', params: ZGuardianParams, response: { 200: ZOk } },
  }, async (req) => {
    const access = req.access;
    await guardians.removeGuardian(app.db, access, req.params.memberId, req.params.guardianId);
    return { ok: true as const };
  });

  // The club's consent text (versioned) and privacy page settings.
  app.get('/api/clubs/:clubId/consent-text', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Texto de consentimento atual (admin)', params: ZClubParams, response: { 200: ZConsentText } },
  }, async (req) => {
    const access = req.access;
    return repo.getConsentText(app.db, access.clubId);
  });

  app.put('/api/clubs/:clubId/consent-text', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Salvar nova versão do texto de consentimento (admin)', params: ZClubParams, body: ZConsentTextInput, response: { 200: ZConsentText } },
  }, async (req) => {
    const access = req.access;
    return app.db.transaction(async (tx) => {
      const text = await repo.insertConsentText(tx, access.clubId, req.body.body, access.profileId);
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'consent_text.update', entity: 'consent_text', entityId: text.id, after: { version: text.version } });
      return { version: text.version, body: text.body, created_at: text.created_at };
    });
  });

  app.get('/api/clubs/:clubId/privacy-settings', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Dados da página de privacidade (admin)', params: ZClubParams, response: { 200: ZPrivacySettings } },
  }, async (req) => {
    const access = req.access;
    return repo.getPrivacySettings(app.db, access.clubId);
  });

  app.put('/api/clubs/:clubId/privacy-settings', {
    config: { permission: 'club.settings' },
    schema: { tags: ['families'], summary: 'Salvar dados da página de privacidade (admin)', params: ZClubParams, body: ZPrivacySettingsInput, response: { 200: ZPrivacySettings } },
  }, async (req) => {
    const access = req.access;
    return app.db.transaction(async (tx) => {
      const saved = await repo.savePrivacySettings(tx, access.clubId, req.body);
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'privacy.update', entity: 'club', entityId: access.clubId, after: saved });
      return saved;
    });
  });

  app.get('/api/privacy/:clubId', {
    config: { permission: 'public' },
    schema: { tags: ['families'], summary: 'Página de privacidade pública de um clube', params: z.object({ clubId: zId(MSG.notFound) }), response: { 200: ZPrivacyNotice } },
  }, async (req) => {
    const club = await repo.findActiveClub(app.db, req.params.clubId);
    if (!club) throw notFound();
    const [settings, text] = await Promise.all([repo.getPrivacySettings(app.db, club.id), repo.getConsentText(app.db, club.id)]);
    return { club_name: club.name, ...settings, consent_text: text.body, consent_version: text.version };
  });

  // The guardian's invitation link.
  app.get('/api/guardian-invitations/:token', {
    config: { permission: 'public' },
    schema: { tags: ['families'], summary: 'Dados públicos de um convite de responsável', params: ZTokenParams, response: { 200: ZGuardianInvitationPreview } },
  }, async (req) => guardians.previewGuardianInvitation(app.db, req.params.token));

  app.post('/api/guardian-invitations/:token/accept', {
    config: { permission: 'signed_in' },
    schema: {
      tags: ['families'], summary: "Aceitar o convite com 'Li e aceito' (usuário logado com o e-mail convidado)",
      params: ZTokenParams, body: ZAcceptGuardian, response: { 200: z.object({ member_id: z.string(), club_id: z.string() }) },
    },
  }, async (req) => guardians.acceptGuardianInvitation(app.db, req.caller.profile, req.params.token, req.body, clientIp(req)));

  // The guardian's own area (/familia): read-only, their consented children only.
  app.get('/api/family', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Filhos que o responsável acompanha', response: { 200: z.array(ZFamilyChild) } },
  }, async (req) => family.listFamily(app.db, req.caller.profile.id));

  app.post('/api/family/children/:memberId/consent', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Dar o consentimento novamente', params: ZChildParams, body: ZConsentAgain, response: { 200: ZOk } },
  }, async (req) => {
    await family.grantConsentAgain(app.db, req.caller.profile.id, req.params.memberId, req.body.consent_version, clientIp(req));
    return { ok: true as const };
  });

  app.delete('/api/family/children/:memberId/consent', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Retirar o consentimento', params: ZChildParams, response: { 200: ZOk } },
  }, async (req) => {
    await family.withdrawConsent(app.db, req.caller.profile.id, req.params.memberId);
    return { ok: true as const };
  });

  app.put('/api/family/children/:memberId/push', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Permitir notificações no celular do filho', params: ZChildParams, body: ZChildPush, response: { 200: ZOk } },
  }, async (req) => {
    await family.setChildPush(app.db, req.caller.profile.id, req.params.memberId, req.body.allowed);
    return { ok: true as const };
  });

  app.get('/api/family/children/:memberId/consent-text', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Texto de consentimento atual do clube do filho', params: ZChildParams, response: { 200: ZConsentText } },
  }, async (req) => {
    const link = await findGuardianLink(app.db, req.caller.profile.id, req.params.memberId);
    return repo.getConsentText(app.db, link.clubId);
  });

  app.post('/api/family/children/:memberId/tasks/:taskId/submissions', {
    config: { permission: 'signed_in' },
    schema: {
      tags: ['families'], summary: 'Enviar comprovação por um filho sem conta, se o clube permitir (multipart: file, comment)',
      params: ZChildParams.extend({ taskId: zId(PROGRESS_MSG.taskNotFound) }), consumes: ['multipart/form-data'], response: { 201: ZSubmissionInfo },
    },
  }, async (req, reply) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(app.db, me, req.params.memberId);
    if (!(await repo.guardianMaySubmit(app.db, link.clubId, link.childProfileId))) throw forbidden(FAMILY_MSG.evidenceNotAllowed);
    const form = evidenceOf(await readUploadForm(req));
    // The submission is the child's own (as if they had sent it); the audit log names the guardian, in the same transaction.
    const asChild = { clubId: link.clubId, profileId: link.childProfileId, role: 'member', isAdmin: false, viaSuperAdmin: false };
    const created = await submitEvidence(app.db, app.storage, asChild, req.params.taskId, form, (tx, submission) => writeAudit(tx, {
      clubId: link.clubId, actorId: me, action: 'guardian.submit_evidence', entity: 'task_submission', entityId: submission.id,
      after: { member_id: link.memberId, task_id: req.params.taskId },
    }));
    return reply.status(201).send(created);
  });

  app.get('/api/family/children/:memberId/health', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Ficha médica do filho', params: ZChildParams, response: { 200: ZHealthRecord } },
  }, async (req) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(app.db, me, req.params.memberId);
    return health.readHealthForm(app.db, await cipher(), link.clubId, link.memberId, me);
  });

  app.put('/api/family/children/:memberId/health', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Preencher a ficha médica do filho', params: ZChildParams, body: ZHealthForm, response: { 200: ZHealthRecord } },
  }, async (req) => {
    const me = req.caller.profile.id;
    const link = await requireGuardianOf(app.db, me, req.params.memberId);
    return health.saveHealthForm(app.db, await cipher(), link.clubId, link.memberId, me, req.body);
  });

  // Health form for club staff: directors, the 'saúde' permission and the member themself.
  app.get('/api/clubs/:clubId/members/:memberId/health', {
    config: { permission: 'club.read' },
    schema: { tags: ['families'], summary: 'Ficha médica do membro (diretoria, permissão saúde ou o próprio)', params: ZMemberParams, response: { 200: ZHealthRecord } },
  }, async (req) => {
    const access = req.access;
    const member = await repo.findMember(app.db, access.clubId, req.params.memberId);
    if (!member) throw notFound(FAMILY_MSG.childNotFound);
    await health.assertClubHealthAccess(app.db, access, member.profile_id);
    return health.readHealthForm(app.db, await cipher(), access.clubId, member.id, access.profileId);
  });

  app.put('/api/clubs/:clubId/members/:memberId/health', {
    config: { permission: 'club.read' },
    schema: { tags: ['families'], summary: 'Salvar a ficha médica do membro', params: ZMemberParams, body: ZHealthForm, response: { 200: ZHealthRecord } },
  }, async (req) => {
    const access = req.access;
    const member = await repo.findMember(app.db, access.clubId, req.params.memberId);
    if (!member) throw notFound(FAMILY_MSG.childNotFound);
    await health.assertClubHealthAccess(app.db, access, member.profile_id);
    return health.saveHealthForm(app.db, await cipher(), access.clubId, member.id, access.profileId, req.body);
  });

  app.get('/api/clubs/:clubId/health-forms', {
    config: { permission: 'club.read' },
    schema: {
      tags: ['families'], summary: 'Fichas médicas por unidade, para imprimir (diretoria ou permissão saúde)',
      params: ZClubParams, querystring: z.object({ unit_id: zId('Unidade inválida').optional() }), response: { 200: z.array(ZHealthRecord) },
    },
  }, async (req) => {
    const access = req.access;
    await health.assertClubHealthAccess(app.db, access, null);
    return health.printHealthForms(app.db, await cipher(), access, req.query.unit_id ?? null);
  });

  // LGPD rights of the signed-in person.
  app.get('/api/me/data-export', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Meus dados: tudo sobre mim (e meus filhos) em JSON + CSV num zip' },
  }, async (req, reply) => {
    const me = req.caller.profile.id;
    const zip = lgpd.exportZip(await lgpd.collectExport(app.db, await cipher(), me), await lgpd.clubTimeZones(app.db, me));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', 'attachment; filename="trilha-meus-dados.zip"')
      .header('Cache-Control', 'no-store')
      .send(zip);
  });

  app.get('/api/me/deletion-request', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Pedido de exclusão da conta em andamento', response: { 200: ZDeletionStatus } },
  }, async (req) => lgpd.deletionStatus(app.db, req.caller.profile.id));

  app.post('/api/me/deletion-request', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Pedir a exclusão da minha conta (7 dias para cancelar)', response: { 201: ZDeletionStatus } },
  }, async (req, reply) => reply.status(201).send(await lgpd.requestDeletion(app.db, req.caller.profile.id)));

  app.delete('/api/me/deletion-request', {
    config: { permission: 'signed_in' },
    schema: { tags: ['families'], summary: 'Cancelar o pedido de exclusão', response: { 200: ZDeletionStatus } },
  }, async (req) => lgpd.cancelDeletion(app.db, req.caller.profile.id));
};
