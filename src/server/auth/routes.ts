import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLogin, ZMe, ZProfile, ZRegister } from '../../shared/auth.js';
import { countSignup } from '../http/rate-limit.js';
import * as service from './service.js';
import { SESSION_COOKIE, setSessionCookie } from './session.js';
import { ZOk } from '../../shared/responses.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { headers: Record<string, unknown>; ip: string }) => ({
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    ip: req.ip,
  });

  app.post('/api/auth/register', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'Criar conta', body: ZRegister, response: { 201: ZMe } },
  }, async (req, reply) => {
    await countSignup(app.counterStore, app.limits, req);
    const session = await service.register(app.db, req.body, meta(req));
    setSessionCookie(reply, session, app.config.secureCookies);
    return reply.status(201).send({ profile: session.profile });
  });

  app.post('/api/auth/login', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'Entrar', body: ZLogin, response: { 200: ZMe } },
  }, async (req, reply) => {
    const session = await service.login(app.db, app.loginThrottle, req.body, meta(req));
    setSessionCookie(reply, session, app.config.secureCookies);
    return session.mfaRequired ? { profile: session.profile, mfa_required: true } : { profile: session.profile };
  });

  app.post('/api/auth/logout', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'Sair (revoga a sessão no servidor)', response: { 200: ZOk } },
  }, async (req, reply) => {
    await service.logout(app.db, req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  app.get('/api/auth/me', {
    config: { permission: 'signed_in', bulkhead: false },
    schema: { tags: ['auth'], summary: 'Usuário da sessão', response: { 200: ZMe } },
  }, async (req) => ({ profile: req.caller.profile }));

  // The web app asks this on every page, anonymous ones too: a visitor is an answer (profile null),
  // not a 401 that the browser logs as an error on the landing page.
  app.get('/api/auth/session', {
    config: { permission: 'public', bulkhead: false },
    schema: { tags: ['auth'], summary: 'Sessão atual (profile nulo para um visitante)', response: { 200: z.object({ profile: ZProfile.nullable() }) } },
  }, async (req) => ({ profile: req.auth?.profile ?? null }));
};
