import type { Queryable } from '../db/index.js';
import { can, scopeOf, type ClubAccess } from '../core/access.js';
import { AppError } from '../core/errors.js';
import { PROGRAMME_MSG } from '../../shared/programme.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import * as repo from './repo.js';

/**
 * Who signs what (ADR 040), from the one table's 'programme.sign': the direction on every member and
 * item; an instructor on the items the club assigned to them; a counsellor on the members of their
 * own unit. Nobody signs their own requisito.
 */
export interface Signer {
  access: ClubAccess;
  /** The signer's own club-member id and unit (null for a super admin from outside). */
  memberId: string | null;
  unitId: string | null;
  assigned: Set<string>;
}

export async function signerOf(q: Queryable, access: ClubAccess): Promise<Signer> {
  const own = await repo.findOwnMembership(q, access.clubId, access.profileId);
  const assigned = new Set<string>();
  if (own && access.role === 'instructor') {
    for (const r of await repo.assignedItemCodes(q, access.clubId, own.member_id)) {
      assigned.add(r.item_code);
    }
  }
  return { access, memberId: own?.member_id ?? null, unitId: own?.unit_id ?? null, assigned };
}

/** Why the signer may not sign this member's requisito of this item, or null if they may. */
export function signRefusal(signer: Signer, member: Pick<repo.MemberRef, 'profile_id' | 'unit_id'>, itemCode: string): AppError | null {
  const access = { ...signer.access, unitId: signer.unitId };
  const scope = scopeOf(access, 'programme.sign');
  if (!scope) return new AppError('permission_denied', 403, PERMISSION_MSG.forbidden('programme.sign'));
  if (member.profile_id === signer.access.profileId) return new AppError('forbidden', 403, PROGRAMME_MSG.signOwn);
  if (scope === 'unit') return member.unit_id !== null && member.unit_id === signer.unitId ? null : new AppError('forbidden', 403, PROGRAMME_MSG.notYourUnit);
  if (signer.access.role === 'instructor' && !signer.assigned.has(itemCode)) return new AppError('forbidden', 403, PROGRAMME_MSG.notAssigned);
  return null;
}

/** Who may read a member's cartão: the member, anyone who may sign for them or manage the programme. */
export function mayReadCard(signer: Signer, member: Pick<repo.MemberRef, 'profile_id' | 'unit_id'>): boolean {
  if (member.profile_id === signer.access.profileId) return true;
  const access = { ...signer.access, unitId: signer.unitId };
  if (can(access, 'programme.manage')) return true;
  const scope = scopeOf(access, 'programme.sign');
  if (scope === 'club') return true;
  return scope === 'unit' && member.unit_id !== null && member.unit_id === signer.unitId;
}
