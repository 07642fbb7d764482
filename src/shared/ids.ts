import { z } from 'zod';
import { UUID_PATTERN } from './uuid.js';

/** A uuid as PostgreSQL reads one (any hex digits, either case): the one pattern every id is checked with. */
export const UUID_RE = new RegExp(`^${UUID_PATTERN}$`);

/** Whether a value is a well-formed uuid (so it can be looked up without a database error). */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID_RE.test(value);
}

/**
 * An id (in a path, a query or a body): a uuid, else the message given — the route's own pt-BR
 * "não encontrado" or "inválido" (issue 33: one schema instead of a regex copy per module).
 */
export function zId(message: string) {
  return z.string({ error: message }).regex(UUID_RE, message);
}

/**
 * The params of every /api/clubs/:clubId/… route. The club id is judged by the club-access guard
 * before validation (a malformed or unknown club is the same 404), so the schema only names it.
 */
export const ZClubParams = z.object({ clubId: z.string() });

/** The params of an invitation link's routes (a member's or a guardian's): the token in the link. */
export const ZTokenParams = z.object({ token: z.string().min(16).max(100) });
