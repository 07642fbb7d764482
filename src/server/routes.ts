import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/routes.js';
import { associacaoRoutes } from './associacao/routes.js';
import { associacaoPlanRoutes } from './associacao/plan-routes.js';
import { associacaoReportRoutes } from './associacao/report-routes.js';
import { associacaoRegionalRoutes } from './associacao/regional-routes.js';
import { associacaoEvaluationRoutes } from './associacao/evaluation-routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { securityRoutes } from './auth/security-routes.js';
import { mailRoutes } from './mail/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { badgeRoutes } from './badges/routes.js';
import { chargeRoutes } from './charges/routes.js';
import { clubRoutes } from './clubs/routes.js';
import { eventRoutes } from './events/routes.js';
import { campRoutes } from './camps/routes.js';
import { familyRoutes } from './families/routes.js';
import { financeRoutes } from './finance/routes.js';
import { healthRoutes } from './health/routes.js';
import { meetingRoutes } from './meetings/routes.js';
import { patrimonioRoutes } from './patrimonio/routes.js';
import { patrimonioReportRoutes } from './patrimonio/report-routes.js';
import { uniformRoutes } from './patrimonio/uniform-routes.js';
import { memberRoutes } from './members/routes.js';
import { periodRoutes } from './periods/routes.js';
import { programmeRoutes } from './programme/routes.js';
import { progressRoutes } from './progress/routes.js';
import { rankingRoutes } from './ranking/routes.js';
import { recurringRoutes } from './recurring/routes.js';
import { carteirinhaRoutes } from './secretaria/carteirinha-routes.js';
import { secretariaBookRoutes } from './secretaria/book-routes.js';
import { secretariaRoutes } from './secretaria/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { taskRoutes } from './tasks/routes.js';
import { unitRoutes } from './units/routes.js';

/** Every domain's HTTP routes; app.ts registers them in this order. */
export const domainRoutes: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  securityRoutes,
  clubRoutes,
  memberRoutes,
  unitRoutes,
  periodRoutes,
  meetingRoutes,
  programmeRoutes,
  settingsRoutes,
  taskRoutes,
  recurringRoutes,
  progressRoutes,
  rankingRoutes,
  badgeRoutes,
  financeRoutes,
  chargeRoutes,
  eventRoutes,
  campRoutes,
  familyRoutes,
  adminRoutes,
  auditRoutes,
  mailRoutes,
  notificationRoutes,
  patrimonioRoutes,
  patrimonioReportRoutes,
  uniformRoutes,
  associacaoRoutes,
  associacaoPlanRoutes,
  associacaoReportRoutes,
  associacaoRegionalRoutes,
  associacaoEvaluationRoutes,
  secretariaRoutes,
  carteirinhaRoutes,
  secretariaBookRoutes,
];
