import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ZOutboxList, ZOutboxMessage, MAIL_MSG } from '../../shared/security.js';
import { MSG } from '../../shared/errors.js';
import { AppError } from '../core/errors.js';
import { getOutboxMessage, listOutbox, retryMail } from './repo.js';
import { resetTwoStep } from '../admin/account-security.js';
import { zId } from '../../shared/ids.js';
import { ZOk } from '../../shared/responses.js';

const tags = ['admin'];
const ZParams = z.object({ id: zId(MAIL_MSG.notFound) });

/** "Caixa de saída" of the super admin: every queued, sent and failed message. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/outbox', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Caixa de saída: e-mails na fila, enviados e com falha', response: { 200: ZOutboxList } },
  }, async () => {
    const rows = await listOutbox(app.db);
    return { delivery: app.mail.mailer.kind, messages: rows };
  });

  app.get('/api/admin/outbox/:id', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Um e-mail da caixa de saída, com o arquivo .eml quando gravado em disco', params: ZParams, response: { 200: ZOutboxMessage } },
  }, async (req) => {
    const row = await getOutboxMessage(app.db, req.params.id);
    if (!row) throw new AppError('not_found', 404, MAIL_MSG.notFound);
    let eml: string | null = null;
    if (row.message_file && /^[\w.-]+\.eml$/.test(row.message_file)) {
      eml = await readFile(path.join(app.mail.outboxDir, row.message_file), 'utf8').catch(() => null);
    }
    return { ...row, eml };
  });

  app.delete('/api/admin/users/:profileId/two-step', {
    config: { permission: 'super_admin' },
    schema: {
      tags,
      summary: 'Desliga a verificação em duas etapas de quem perdeu o celular e os códigos (encerra as sessões da conta)',
      params: z.object({ profileId: zId(MSG.notFound) }),
      response: { 200: ZOk },
    },
  }, async (req) => {
    await resetTwoStep(app.db, req.caller.profile.id, req.params.profileId);
    return { ok: true as const };
  });

  app.post('/api/admin/outbox/:id/retry', {
    config: { permission: 'super_admin' },
    schema: { tags, summary: 'Tentar enviar de novo um e-mail que falhou', params: ZParams, response: { 200: ZOk } },
  }, async (req) => {
    if (!(await retryMail(app.db, req.params.id))) throw new AppError('not_found', 404, MAIL_MSG.notFound);
    app.mail.kick();
    return { ok: true as const };
  });
};
