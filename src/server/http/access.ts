import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { MSG } from '../../shared/errors.js';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An active member of the club (or a super admin). Anyone else gets 404, exactly as for a club
 * that does not exist, so ids cannot be probed.
 */
export async function requireClubMember(q: Queryable, req: FastifyRequest, clubId: string): Promise<ClubAccess> {
  const auth = requireAuth(req);
  if (!UUID.test(clubId)) throw new AppError('not_found', 404, MSG.clubNotFound);
  const row = await maybeOne<{ role: string; member: boolean }>(
    q,
    `SELECT cm.role, true AS member FROM club_members cm
       WHERE cm.club_id = $1 AND cm.profile_id = $2 AND cm.active
     UNION ALL
     SELECT 'admin', false FROM clubs c WHERE c.id = $1 AND $3
     LIMIT 1`,
    [clubId, auth.profile.id, auth.profile.user_type === 'super_admin'],
  );
  if (!row) throw new AppError('not_found', 404, MSG.clubNotFound);
  return { clubId, profileId: auth.profile.id, role: row.role, isAdmin: row.role === 'admin', viaSuperAdmin: !row.member };
}

/** An admin of the club (role 'admin', or a super admin). A plain member gets 403; a stranger 404. */
export async function requireClubAdmin(q: Queryable, req: FastifyRequest, clubId: string): Promise<ClubAccess> {
  const access = await requireClubMember(q, req, clubId);
  if (!access.isAdmin) throw new AppError('forbidden', 403, MSG.adminOnly);
  return access;
}
