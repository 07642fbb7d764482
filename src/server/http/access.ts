import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { MSG } from '../../shared/errors.js';
import { SECURITY_MSG } from '../../shared/security.js';
import { AppError } from './errors.js';
import type { AuthState } from './context.js';

export interface ClubAccess {
  clubId: string;
  profileId: string;
  role: string;
  isAdmin: boolean;
  /** A super admin acting in a club they are not a member of. */
  viaSuperAdmin: boolean;
}

/** The signed-in user, or 401. */
export function requireAuth(req: FastifyRequest): AuthState {
  if (!req.auth) throw new AppError('unauthenticated', 401, MSG.unauthenticated);
  return req.auth;
}

/** The signed-in user if super admin, or 403 (the platform area is not a tenant: no id to hide). */
export function requireSuperAdmin(req: FastifyRequest): AuthState {
  const auth = requireAuth(req);
  if (auth.profile.user_type !== 'super_admin') throw new AppError('forbidden', 403, MSG.forbidden);
  return auth;
}

/** Roles the club's 'Exigir verificação em duas etapas' rule applies to. */
const MFA_ROLES = new Set(['admin', 'treasurer']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An active member of the club (or a super admin). Anyone else gets 404, exactly as for a club
 * that does not exist, so ids cannot be probed.
 */
export async function requireClubMember(q: Queryable, req: FastifyRequest, clubId: string): Promise<ClubAccess> {
  const auth = requireAuth(req);
  if (!UUID.test(clubId)) throw new AppError('not_found', 404, MSG.clubNotFound);
  const row = await maybeOne<{ role: string; member: boolean; require_mfa: boolean }>(
    q,
    // A super admin keeps full access in every club, whatever a membership of theirs says (issue 22).
    `SELECT 'admin' AS role, EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.id AND cm.profile_id = $2 AND cm.active) AS member,
            false AS require_mfa
       FROM clubs c WHERE c.id = $1 AND $3
     UNION ALL
     SELECT cm.role, true, c.require_mfa_admins FROM club_members cm JOIN clubs c ON c.id = cm.club_id
       WHERE cm.club_id = $1 AND cm.profile_id = $2 AND cm.active AND NOT $3
     LIMIT 1`,
    [clubId, auth.profile.id, auth.profile.user_type === 'super_admin'],
  );
  if (!row) throw new AppError('not_found', 404, MSG.clubNotFound);
  // Club rule (issue 13): administrators and treasurers use the club only with two-step verification.
  if (row.require_mfa && MFA_ROLES.has(row.role) && auth.aal !== 'aal2') {
    throw new AppError('mfa_enrolment_required', 403, SECURITY_MSG.clubRequiresMfa);
  }
  return { clubId, profileId: auth.profile.id, role: row.role, isAdmin: row.role === 'admin', viaSuperAdmin: !row.member };
}

/** An admin of the club (role 'admin', or a super admin). A plain member gets 403; a stranger 404. */
export async function requireClubAdmin(q: Queryable, req: FastifyRequest, clubId: string): Promise<ClubAccess> {
  const access = await requireClubMember(q, req, clubId);
  if (!access.isAdmin) throw new AppError('forbidden', 403, MSG.adminOnly);
  return access;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CLUB_ROUTE_PREFIX = '/api/clubs/:clubId/';

/**
 * preValidation hook of every route, so it answers before the body is judged: a club deactivated by
 * the platform (clubs.active = false) keeps its reads (for export) but refuses every write under
 * /api/clubs/:clubId/… with 403 (issue 21). Members and strangers are told apart first, so a
 * stranger still gets 404. The super admin may still write, e.g. to reactivate it from its settings.
 */
export async function refuseWritesToDeactivatedClub(this: { db: Queryable }, req: FastifyRequest): Promise<void> {
  if (!WRITE_METHODS.has(req.method) || !req.routeOptions.url?.startsWith(CLUB_ROUTE_PREFIX)) return;
  const clubId = (req.params as { clubId?: unknown }).clubId;
  if (typeof clubId !== 'string' || !UUID.test(clubId)) return;
  const club = await maybeOne<{ active: boolean }>(this.db, 'SELECT active FROM clubs WHERE id = $1', [clubId]);
  if (!club || club.active) return;
  await requireClubMember(this.db, req, clubId);
  if (req.auth?.profile.user_type === 'super_admin') return;
  throw new AppError('club_deactivated', 403, MSG.clubDeactivated);
}
