import type { ClubAccess } from '../http/access.js';
import { COUNSELOR_ROLES as COUNSELOR_LIST, SECRETARY_ROLES as SECRETARY_LIST } from '../../shared/meetings.js';

/**
 * Who may read and mark the roll call of a meeting. Kept in one place so it can move to the shared
 * permission table when club functions land: admins mark every unit; a counsellor marks the members of
 * their own unit; a secretary reads every unit. Both the English keys and the pt-BR titles count.
 */
const COUNSELOR_ROLES = new Set(COUNSELOR_LIST);
const SECRETARY_ROLES = new Set(SECRETARY_LIST);

export interface RollCaller {
  access: ClubAccess;
  /** The caller's own unit (null when none). */
  unitId: string | null;
}

/** Whether the caller may mark a member who belongs to `memberUnitId`. */
export function mayCallRoll(caller: RollCaller, memberUnitId: string | null): boolean {
  if (caller.access.isAdmin) return true;
  return COUNSELOR_ROLES.has(caller.access.role) && caller.unitId !== null && caller.unitId === memberUnitId;
}

/** Which members the caller may see on the roll-call sheet: 'all', one unit, or none. */
export function rollReadScope(caller: RollCaller): { all: true } | { all: false; unitId: string } | null {
  if (caller.access.isAdmin || SECRETARY_ROLES.has(caller.access.role)) return { all: true };
  if (COUNSELOR_ROLES.has(caller.access.role) && caller.unitId) return { all: false, unitId: caller.unitId };
  return null;
}

/** Whether the caller may call the roll at all (menu entry, roll-call screen). */
export function mayCallAnyRoll(caller: RollCaller): boolean {
  return caller.access.isAdmin || (COUNSELOR_ROLES.has(caller.access.role) && caller.unitId !== null);
}
