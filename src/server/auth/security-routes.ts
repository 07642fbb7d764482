import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SECURITY_MSG, ZChangeEmail, ZChangePassword, ZClubSecurity, ZForgotPassword, ZMfaChallenge, ZMfaCodeBody, ZMfaEnrolment,
  ZRecoveryCodes, ZResetPassword, ZSecurityOverview, ZTokenBody,
} from '../../shared/security.js';
import { requireAuth } from '../http/access.js';
import * as account from './account.js';
import * as mfa from './mfa.js';
import * as clubSecurity from './club-security.js';
import { ZClubParams, zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';

const tags = ['auth'];
const ZMessage = ZOk.extend({ message: z.string() });

/** Password recovery, two-step verification, sessions and e-mail change (issue 13). */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = new mfa.MfaGuard(app.loginThrottle, app.counterStore);

  app.post('/api/auth/password/forgot', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Esqueci minha senha: envia o link (resposta sempre igual)', body: ZForgotPassword, response: { 200: ZMessage } },
  }, async (req) => {
    await account.requestPasswordReset(app, req.body.email, req.ip, account.publicBaseUrl(app));
    return { ok: true as const, message: SECURITY_MSG.forgotSent };
  });

  app.post('/api/auth/password/reset/check', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Se um link de redefinição ainda vale', body: ZTokenBody, response: { 200: z.object({ valid: z.boolean() }) } },
  }, async (req) => ({ valid: await account.resetTokenIsValid(app.db, req.body.token) }));

  app.post('/api/auth/password/reset', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Redefinir senha pelo link (encerra todas as sessões)', body: ZResetPassword, response: { 200: ZMessage } },
  }, async (req) => {
    await account.resetPassword(app, req.body.token, req.body.password, req.ip);
    return { ok: true as const, message: SECURITY_MSG.resetDone };
  });

  app.post('/api/auth/mfa/challenge', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Segunda etapa do login: código TOTP ou de recuperação (aal1 → aal2)', body: ZMfaChallenge, response: { 200: ZOk } },
  }, async (req) => {
    const auth = requireAuth(req);
    await mfa.challenge(app.db, guard, auth, req.body, req.ip);
    return { ok: true as const };
  });

  app.get('/api/auth/security', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Segurança: verificação em duas etapas e sessões', response: { 200: ZSecurityOverview } },
  }, async (req) => account.securityOverview(app.db, req.caller));

  app.post('/api/auth/mfa/enroll', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Começa a ativação: segredo, QR e URL otpauth (fator ainda não verificado)', response: { 200: ZMfaEnrolment } },
  }, async (req) => mfa.startEnrolment(app.db, req.caller));

  app.post('/api/auth/mfa/verify', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Confirma a ativação com um código; devolve os códigos de recuperação', body: ZMfaCodeBody, response: { 200: ZRecoveryCodes } },
  }, async (req) => ({ recovery_codes: await mfa.confirmEnrolment(app.db, guard, req.caller, req.body.code, req.ip) }));

  app.post('/api/auth/mfa/disable', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Desativa a verificação em duas etapas (exige um código atual)', body: ZMfaCodeBody, response: { 200: ZOk } },
  }, async (req) => {
    await mfa.disable(app.db, guard, req.caller, req.body.code, req.ip);
    return { ok: true as const };
  });

  app.post('/api/auth/mfa/recovery-codes', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Gera novos códigos de recuperação (os anteriores deixam de valer)', body: ZMfaCodeBody, response: { 200: ZRecoveryCodes } },
  }, async (req) => ({ recovery_codes: await mfa.regenerateRecoveryCodes(app.db, guard, req.caller, req.body.code, req.ip) }));

  app.delete('/api/auth/sessions/:sessionId', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Encerra uma sessão minha', params: z.object({ sessionId: zId(SECURITY_MSG.sessionNotFound) }), response: { 200: ZOk } },
  }, async (req) => {
    await account.revokeSession(app.db, req.caller, req.params.sessionId);
    return { ok: true as const };
  });

  app.post('/api/auth/sessions/revoke-others', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Sair de todos os outros dispositivos', response: { 200: z.object({ revoked: z.number().int() }) } },
  }, async (req) => ({ revoked: await account.revokeOtherSessions(app.db, req.caller) }));

  app.post('/api/auth/password/change', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Troca a senha (exige a atual; encerra as outras sessões)', body: ZChangePassword, response: { 200: ZMessage } },
  }, async (req) => {
    await account.changePassword(app, req.caller, req.body, req.ip);
    return { ok: true as const, message: SECURITY_MSG.passwordChanged };
  });

  app.post('/api/auth/email/change', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Pede a troca de e-mail: confirmação enviada ao novo endereço', body: ZChangeEmail, response: { 200: ZMessage } },
  }, async (req) => {
    await account.requestEmailChange(app, req.caller, req.body, req.ip, account.publicBaseUrl(app));
    return { ok: true as const, message: SECURITY_MSG.emailChangeSent };
  });

  app.post('/api/auth/email/verify', {
    config: { permission: 'signed_in' },
    schema: { tags, summary: 'Pede a confirmação do e-mail atual da conta (link enviado ao endereço)', response: { 200: ZMessage } },
  }, async (req) => {
    await account.requestEmailVerification(app, req.caller, account.publicBaseUrl(app));
    return { ok: true as const, message: SECURITY_MSG.emailVerifySent };
  });

  app.post('/api/auth/email/confirm', {
    config: { permission: 'public' },
    schema: { tags, summary: 'Confirma o novo e-mail pelo link', body: ZTokenBody, response: { 200: ZMessage } },
  }, async (req) => {
    await account.confirmEmailChange(app, req.body.token, req.ip);
    return { ok: true as const, message: SECURITY_MSG.emailChanged };
  });

  app.get('/api/clubs/:clubId/security', {
    config: { permission: 'club.read' },
    schema: { tags: ['clubs'], summary: 'Regras de segurança do clube', params: ZClubParams, response: { 200: ZClubSecurity } },
  }, async (req) => clubSecurity.getClubSecurity(app.db, req.params.clubId));

  app.put('/api/clubs/:clubId/security', {
    config: { permission: 'club.settings' },
    schema: { tags: ['clubs'], summary: 'Exigir verificação em duas etapas para administradores e tesoureiros', params: ZClubParams, body: ZClubSecurity, response: { 200: ZClubSecurity } },
  }, async (req) => clubSecurity.setClubSecurity(app.db, req.access, req.auth?.aal, req.body));
};
