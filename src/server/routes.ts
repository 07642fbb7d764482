import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes.js';
import { clubRoutes } from './clubs/routes.js';
import { healthRoutes } from './health/routes.js';
import { progressRoutes } from './progress/routes.js';
import { rankingRoutes } from './ranking/routes.js';
import { badgeRoutes } from './badges/routes.js';

/** Every domain's HTTP routes; app.ts registers them in this order. */
export const domainRoutes: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, clubRoutes, progressRoutes, rankingRoutes, badgeRoutes];
