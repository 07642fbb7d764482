import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { clubRoutes } from './clubs/routes.js';
import { healthRoutes } from './health/routes.js';

/** Every domain's HTTP routes; app.ts registers them in this order. */
export const domainRoutes: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, clubRoutes, adminRoutes];
