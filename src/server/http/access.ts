import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { MSG } from '../../shared/errors.js';
import {
  CLUB_PERMISSIONS, PERMISSION_MSG, routePermissionLabel,
  type TClubPermission, type TRoutePermission,
} from '../../shared/permissions.js';
import { SECURITY_MSG } from '../../shared/security.js';
import { AppError } from '../core/errors.js';
import { assertUnitInReach, can, canManageUnit, scopeOf, type AuthState, type ClubAccess } from '../core/access.js';
import { membershipSql, type MembershipRow } from '../auth/repo.js';
import { clubIsActive } from '../clubs/repo.js';
import { isUuid } from '../../shared/ids.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (issue 14): every route declares one; `permissions.test.ts` fails otherwise. */
    permission?: TRoutePermission;
  }
  interface FastifyRequest {
    /**
     * The caller's standing in the club of a /api/clubs/:clubId/… route, resolved once by the guard
     * that enforces the route's declared permission (`enforceDeclaredPermission`). Reading it on a
     * route that declares no club permission is a programming error (500).
     */
    readonly access: ClubAccess;
    /**
     * The signed-in caller of a route that declares 'signed_in', 'super_admin' or a club permission,
     * as the same guard checked it. Reading it on a public route is a programming error (500).
     */
    readonly caller: AuthState;
  }
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

/** One membership lookup per request, made by the route's declared guard and read by its handler as `req.access`. */
const accessOfRequest = new WeakMap<FastifyRequest, ClubAccess>();

/** Memberships read with the session (the auth plugin), so a club route needs no second lookup. */
const prefetched = new WeakMap<FastifyRequest, { clubId: string; profileId: string; row: MembershipRow | null; dataVersion: string | null }>();

/** Called by the auth plugin with the membership (and the club's data version) it read in the same statement as the session. */
export function rememberMembership(req: FastifyRequest, clubId: string, profileId: string, row: MembershipRow | null, dataVersion: string | null): void {
  prefetched.set(req, { clubId, profileId, row, dataVersion });
}

/** The data version of the club in the URL as the session lookup read it, or null (not read: nothing may be kept). */
export function clubDataVersionOf(req: FastifyRequest, clubId: string): string | null {
  const pre = prefetched.get(req);
  return pre && pre.clubId === clubId ? pre.dataVersion : null;
}

/** The club id of a /api/clubs/:clubId/… route, when it is a well-formed id. */
export function clubIdOfRoute(req: FastifyRequest): string | null {
  if (!req.routeOptions.url?.startsWith(CLUB_ROUTE_PREFIX)) return null;
  const clubId = (req.params as { clubId?: unknown } | undefined)?.clubId;
  return typeof clubId === 'string' && isUuid(clubId) ? clubId : null;
}

/**
 * The caller's standing in the club: an active member (or a super admin). Anyone else gets 404,
 * exactly as for a club that does not exist, so ids cannot be probed. Read once per request.
 */
async function resolveClubAccess(q: Queryable, req: FastifyRequest, clubId: string): Promise<ClubAccess> {
  const auth = requireAuth(req);
  if (!isUuid(clubId)) throw new AppError('not_found', 404, MSG.clubNotFound);
  const cached = accessOfRequest.get(req);
  if (cached && cached.clubId === clubId && cached.profileId === auth.profile.id) return cached;
  const pre = prefetched.get(req);
  const row = pre && pre.clubId === clubId && pre.profileId === auth.profile.id
    ? pre.row
    : await maybeOne<MembershipRow>(q, membershipSql('$1', '$2', '$3'), [clubId, auth.profile.id, auth.profile.user_type === 'super_admin']);
  if (!row) throw new AppError('not_found', 404, MSG.clubNotFound);
  // Club rule: administrators and treasurers use the club only with two-step verification.
  if (row.require_mfa && MFA_ROLES.has(row.role) && auth.aal !== 'aal2') {
    throw new AppError('mfa_enrolment_required', 403, SECURITY_MSG.clubRequiresMfa);
  }
  const access: ClubAccess = {
    clubId, profileId: auth.profile.id, role: row.role, unitId: row.unit_id, isAdmin: row.role === 'admin', viaSuperAdmin: !row.member,
  };
  accessOfRequest.set(req, access);
  return access;
}

/** The caller's access as the declared-permission guard resolved it (the getter behind `req.access`). */
export function accessOf(req: FastifyRequest): ClubAccess {
  const access = accessOfRequest.get(req);
  if (!access) throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} reads req.access but declares no club permission`);
  return access;
}

/** Permissions whose guard proves nothing about the caller: a handler checks for itself. */
const GUARD_ADMITS_ANYONE = new Set<TRoutePermission | undefined>([undefined, 'public', 'local_admin']);

/** The caller the declared-permission guard admitted (the getter behind `req.caller`). */
export function callerOf(req: FastifyRequest): AuthState {
  const permission = req.routeOptions.config?.permission;
  if (GUARD_ADMITS_ANYONE.has(permission) || !req.auth) {
    throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} reads req.caller but its guard admits anyone ('${String(permission)}')`);
  }
  return req.auth;
}

/** Declares `req.access` and `req.caller` on every request (read through `accessOf` and `callerOf`). */
export function decorateClubAccess(app: FastifyInstance): void {
  app.decorateRequest('access', { getter(this: FastifyRequest) { return accessOf(this); } });
  app.decorateRequest('caller', { getter(this: FastifyRequest) { return callerOf(this); } });
}

/**
 * A permission beyond the one the route declares (checked where the handler knows it needs it):
 * 403 naming who may, as the guard answers.
 */
function requireCan(access: ClubAccess, permission: TClubPermission): ClubAccess {
  if (!can(access, permission)) throw new AppError('permission_denied', 403, PERMISSION_MSG.forbidden(permission));
  return access;
}

function isClubPermission(p: TRoutePermission): p is TClubPermission {
  return p in CLUB_PERMISSIONS;
}

/**
 * onRoute hook: a route declaring a club permission must take `:clubId`; its OpenAPI summary gets
 * who may call it appended.
 */
export function checkRouteDeclaration(route: RouteOptions): void {
  const permission = route.config?.permission;
  if (!permission) return;
  if (isClubPermission(permission) && !route.url.includes(':clubId')) {
    throw new Error(`${String(route.method)} ${route.url} declares the club permission '${permission}' but has no :clubId`);
  }
}

/** The OpenAPI summary of a route with who may call it (issue 14). */
export function summaryWithPermission(summary: unknown, permission: TRoutePermission | undefined): string | undefined {
  const base = typeof summary === 'string' ? summary : undefined;
  if (!permission) return base;
  const who = `Quem pode: ${routePermissionLabel(permission)}.`;
  return base ? `${base} — ${who}` : who;
}

/**
 * preValidation hook of every route: enforces the route's declared permission before its body is
 * judged, so a refused caller always gets 401/403/404 (never a 400 that tells what the body lacks).
 */
export function enforceDeclaredPermission(this: { db: Queryable }, req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): Promise<void> | void {
  // Settled at once unless a club's access must be read: no promise per request on the other routes.
  const permission = req.routeOptions.config?.permission;
  if (!permission || permission === 'public' || permission === 'local_admin') return done();
  if (permission === 'signed_in' || permission === 'super_admin') {
    try {
      if (permission === 'signed_in') requireAuth(req);
      else requireSuperAdmin(req);
    } catch (err) {
      return done(err as Error);
    }
    return done();
  }
  const clubId = (req.params as { clubId?: unknown }).clubId;
  // The caller's access, read once here, is what the handler gets as `req.access`.
  return resolveClubAccess(this.db, req, typeof clubId === 'string' ? clubId : '').then((access) => {
    requireCan(access, permission);
  });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CLUB_ROUTE_PREFIX = '/api/clubs/:clubId/';

/**
 * preValidation hook of every route, so it answers before the body is judged: a club deactivated by
 * the platform (clubs.active = false) keeps its reads (for export) but refuses every write under
 * /api/clubs/:clubId/… with 403 (issue 21). Members and strangers are told apart first, so a
 * stranger still gets 404. The super admin may still write, e.g. to reactivate it from its settings.
 */
export function refuseWritesToDeactivatedClub(this: { db: Queryable }, req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): Promise<void> | void {
  if (!WRITE_METHODS.has(req.method) || !req.routeOptions.url?.startsWith(CLUB_ROUTE_PREFIX)) return done();
  const clubId = (req.params as { clubId?: unknown }).clubId;
  if (typeof clubId !== 'string' || !isUuid(clubId)) return done();
  return refuseIfDeactivated(this.db, req, clubId);
}

async function refuseIfDeactivated(db: Queryable, req: FastifyRequest, clubId: string): Promise<void> {
  if ((await clubIsActive(db, clubId)) !== false) return;
  await resolveClubAccess(db, req, clubId);
  if (req.auth?.profile.user_type === 'super_admin') return;
  throw new AppError('club_deactivated', 403, MSG.clubDeactivated);
}

export { assertUnitInReach, can, canManageUnit, scopeOf, type AuthState, type ClubAccess };
