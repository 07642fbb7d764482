import { z } from 'zod';
import { zEmail } from './email.js';
import { PERIOD_KINDS } from './associacao-reports.js';
import { ZReadiness } from './associacao.js';

/**
 * The regional view (issue 48, ADR 077): a club's direction shares its readiness, evaluation and reports
 * with a regional coordinator's e-mail; the coordinator reads counts only, never a member.
 */
export const REGIONAL_MSG = {
  email: 'Informe o e-mail da coordenação regional.',
  exists: 'Este e-mail já recebe a visão regional do clube.',
  notFound: 'Compartilhamento não encontrado.',
  clubNotFound: 'Clube não encontrado na sua visão regional.',
} as const;

export const ZShareInput = z.object({ email: zEmail(REGIONAL_MSG.email) });

/** One active share of the club: the coordinator's e-mail and who gave the club's consent. */
export const ZRegionalShare = z.object({
  id: z.string(),
  email: z.string(),
  consented_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type TRegionalShare = z.infer<typeof ZRegionalShare>;

/** The readiness panel's counts, never its member list. */
export const ZRegionalReadiness = ZReadiness.omit({ members: true });

export const ZRegionalReport = z.object({
  period_kind: z.enum(PERIOD_KINDS),
  year: z.number().int(),
  month: z.number().int(),
  label: z.string(),
  status: z.enum(['draft', 'closed']),
  closed_at: z.string().nullable(),
});

/**
 * One shared club as the coordinator sees it: counts, the diretoria's empty posts (names of posts, never
 * of people), the reports of the year and the score of the Associação's evaluation for that year.
 */
export const ZRegionalClub = z.object({
  club_id: z.string(),
  club_name: z.string(),
  readiness: ZRegionalReadiness,
  diretoria_missing: z.array(z.string()),
  reports: z.array(ZRegionalReport),
  evaluation: z.object({ year: z.number(), score: z.number(), max: z.number(), done: z.number(), total: z.number() }).nullable(),
});
export type TRegionalClub = z.infer<typeof ZRegionalClub>;

export const ZRegionalView = z.object({
  /** Whether the account's e-mail is verified: an unverified one sees no club. */
  email_verified: z.boolean(),
  clubs: z.array(ZRegionalClub),
});
export type TRegionalView = z.infer<typeof ZRegionalView>;
