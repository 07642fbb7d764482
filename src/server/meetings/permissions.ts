import { scopeOf, type ClubAccess } from '../core/access.js';

/**
 * Who may read and mark the roll call of a meeting, from the club's permission table
 * (`attendance.record` marks: directors and associates on every unit, a counsellor on their own;
 * `attendance.report` reads: also secretaries on every unit).
 */
export interface RollCaller {
  access: ClubAccess;
  /** The caller's own unit (null when none). */
  unitId: string | null;
}

/** Whether the caller may mark a member who belongs to `memberUnitId`. */
export function mayCallRoll(caller: RollCaller, memberUnitId: string | null): boolean {
  const scope = scopeOf({ ...caller.access, unitId: caller.unitId }, 'attendance.record');
  return scope === 'club' || (scope === 'unit' && caller.unitId !== null && caller.unitId === memberUnitId);
}

/** Which members the caller may see on the roll-call sheet: 'all', one unit, or none. */
export function rollReadScope(caller: RollCaller): { all: true } | { all: false; unitId: string } | null {
  const access = { ...caller.access, unitId: caller.unitId };
  const scope = scopeOf(access, 'attendance.report');
  if (scope === 'club') return { all: true };
  if (scope === 'unit' && caller.unitId) return { all: false, unitId: caller.unitId };
  return null;
}

/** Whether the caller may call the roll at all (menu entry, roll-call screen). */
export function mayCallAnyRoll(caller: RollCaller): boolean {
  return scopeOf({ ...caller.access, unitId: caller.unitId }, 'attendance.record') !== null;
}
