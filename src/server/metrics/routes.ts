import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { MSG } from '../../shared/errors.js';
import type { BulkheadStats } from '../core/bulkhead-stats.js';
import { createAppMetrics } from './metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `header` is `Bearer <token>`; compared in constant time over fixed-length digests. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics for Prometheus (issue 46). With no METRICS_TOKEN the address answers 404, as if it did
 * not exist, and nothing is counted; with one, a scrape must send `Authorization: Bearer <token>`
 * (else 401).
 */
export async function registerMetrics(app: FastifyInstance, token: string | null, bulkhead: BulkheadStats | null = null): Promise<void> {
  const metrics = token ? createAppMetrics(app, app.db, app.reads, bulkhead) : null;
  app.get('/metrics', { config: { permission: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!metrics || !token) return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ error: { code: 'unauthenticated', message: 'Informe o token das métricas (METRICS_TOKEN).' } });
    }
    return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(await metrics.text());
  });
}

/** METRICS_TOKEN, trimmed; empty means none. */
export function metricsTokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.METRICS_TOKEN?.trim() || null;
}
