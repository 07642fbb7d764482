import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { promoteLocally } from '../admin/account-security.js';
import { seedDemo } from '../demo/seed.js';
import { LOCAL_ADMIN_HEADER, LOCAL_ADMIN_PREFIX } from './channel.js';


export interface LocalAdminOptions {
  token: string;
  /** Writes a snapshot now (embedded engine only). */
  backup?: () => Promise<{ file: string; size: number }>;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The channel the commands use while the server owns DATA_DIR (issue 11, ADR 009): the work happens in
 * the one process that holds the database. Hidden from the OpenAPI document; without the token every
 * route answers 404, as if it did not exist.
 */
export const localAdminRoutes: FastifyPluginAsyncZod<LocalAdminOptions> = async (app, opts) => {
  const expected = digest(opts.token);
  const notFound = { error: { code: 'not_found', message: 'Não encontrado.' } };

  app.addHook('onRequest', async (req, reply) => {
    const sent = req.headers[LOCAL_ADMIN_HEADER];
    // Digests have the same length, so the comparison takes the same time whatever was sent.
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), expected)) return reply.status(404).send(notFound);
  });

  const hidden = { hide: true, tags: ['local-admin'] };
  // Seeding and snapshotting a large database can outlast the 60 s every other request gets.
  const handlerTimeout = 10 * 60_000;

  app.post(`${LOCAL_ADMIN_PREFIX}/seed-demo`, { config: { permission: 'local_admin' }, schema: hidden, handlerTimeout }, async (_req, reply) => {
    try {
      const result = await seedDemo(app.db, app.storage, (await app.notifications.keys()).unsubscribeSecret);
      app.log.info(result, 'local admin: demo seed');
      return result;
    } catch (err) {
      // The seed is one transaction, so nothing stayed; the server's log and the command both say why.
      const reason = err instanceof Error ? err.message : String(err);
      app.log.error({ err }, 'local admin: demo seed refused, nothing was written');
      return reply.status(409).send({ error: { code: 'seed_failed', message: `O clube de demonstração não foi criado: ${reason}` } });
    }
  });

  app.post(`${LOCAL_ADMIN_PREFIX}/promote-superadmin`, {
    config: { permission: 'local_admin' },
    schema: { ...hidden, body: z.object({ email: z.string().min(1).max(320) }) },
  }, async (req) => {
    const promoted = await promoteLocally(app.db, req.body.email);
    app.log.info({ promoted }, 'local admin: super admin promotion');
    return { promoted };
  });

  app.post(`${LOCAL_ADMIN_PREFIX}/backup`, { config: { permission: 'local_admin' }, schema: hidden, handlerTimeout }, async (_req, reply) => {
    if (!opts.backup) return reply.status(409).send({ error: { code: 'not_embedded', message: 'Backups automáticos existem só no banco embutido. No PostgreSQL, use pg_dump.' } });
    return opts.backup();
  });
};
