import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
