import type { TProfile } from '../../shared/auth.js';
import { PERMISSION_MSG, permissionScope, type TClubPermission } from '../../shared/permissions.js';
import { AppError } from './errors.js';

/** The signed-in caller of a request, as the auth plugin read its session. */
export interface AuthState {
  sessionId: string;
  profile: TProfile;
  /** Assurance level of the session: aal2 once a second factor was checked (issue 13). */
  aal: 'aal1' | 'aal2';
  /** The account has a verified second factor. */
  mfaEnrolled: boolean;
  /** The version of the person's notifications, read with the session (ADR 087): the key of their kept bell and list. */
  noticesVersion: string;
}

export interface ClubAccess {
  clubId: string;
  profileId: string;
  /** The caller's function in the club ('admin' for a super admin). */
  role: string;
  /** The unit the caller belongs to (a counsellor's unit), or null. */
  unitId?: string | null;
  /** Director ('admin'): may do everything in the club. */
  isAdmin: boolean;
  /** A super admin acting in a club they are not a member of. */
  viaSuperAdmin: boolean;
}

/**
 * Who acts in a write that needs no function of its own (a payment, a registration, a job): the part of
 * `ClubAccess` an audit entry and a ledger line record. A route passes its `req.access`; a guardian's
 * registration and a job build one (issue 44: one "who acts").
 */
export type Actor = Pick<ClubAccess, 'clubId' | 'profileId'>;

/** How far the caller holds a permission: the whole club, only their unit, or not at all. */
export function scopeOf(access: ClubAccess, permission: TClubPermission): 'club' | 'unit' | null {
  const scope = permissionScope(access.role, permission);
  // A unit-scoped function without a unit acts on nobody.
  return scope === 'unit' && !access.unitId ? null : scope;
}

/** Whether the caller holds the permission at any scope. */
export function can(access: ClubAccess, permission: TClubPermission): boolean {
  return scopeOf(access, permission) !== null;
}

/**
 * Whether the caller may act on the members of a unit with this permission (default: the roll call):
 * club-wide holders on any unit, a counsellor only on their own.
 */
export function canManageUnit(access: ClubAccess, unitId: string | null, permission: TClubPermission = 'attendance.record'): boolean {
  const scope = scopeOf(access, permission);
  return scope === 'club' || (scope === 'unit' && unitId !== null && unitId === (access.unitId ?? null));
}

/** 403 unless the caller may act on a member of this unit; the message says why. */
export function assertUnitInReach(access: ClubAccess, unitId: string | null, permission: TClubPermission): void {
  if (canManageUnit(access, unitId, permission)) return;
  throw new AppError('permission_denied', 403, can(access, permission) ? PERMISSION_MSG.otherUnit : PERMISSION_MSG.forbidden(permission));
}
