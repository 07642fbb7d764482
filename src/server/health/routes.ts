import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers (and says whether its database does).
  app.get('/api/health', {
    config: { permission: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Saúde do serviço e do banco',
      response: { 200: z.object({ status: z.literal('ok'), engine: z.string() }), 503: z.object({ status: z.literal('error'), engine: z.string() }) },
    },
  }, async (_req, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, engine: app.db.engine };
    } catch {
      return reply.status(503).send({ status: 'error' as const, engine: app.db.engine });
    }
  });

  // Readiness: send traffic here or not. The server listens only once its migrations are done, so a
  // probe before that finds no port; after, 503 while the database does not answer or a stop drains.
  app.get('/api/ready', {
    config: { permission: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Pronto para receber requisições (sonda de prontidão do balanceador)',
      description: '200 quando as migrações terminaram e o banco responde; 503 enquanto o banco não responde ou enquanto o servidor está parando (SIGTERM).',
      response: {
        200: z.object({ status: z.literal('ready') }),
        503: z.object({ status: z.enum(['draining', 'database_unavailable']) }),
      },
    },
  }, async (_req, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' as const });
    try {
      await app.db.query('SELECT 1');
      return { status: 'ready' as const };
    } catch {
      return reply.status(503).send({ status: 'database_unavailable' as const });
    }
  });
};
