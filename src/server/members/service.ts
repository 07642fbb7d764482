import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import {
  ADMIN_ROLE, INVITATION_DAYS, MEMBER_MSG, roleLabel,
  type TAddMemberResult, type TInvitationLink, type TMember, type ZAddMember, type ZUpdateMember,
} from '../../shared/members.js';
import { AppError, badRequest, conflict, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { grantRefusal } from '../../shared/permissions.js';
import type { ClubAccess } from '../core/access.js';
import { hashToken, newSessionToken } from '../auth/session.js';
import * as repo from './repo.js';
import * as invitations from './invitation-repo.js';
import { draftAtoFromFact } from '../secretaria/ato-drafts.js';

/** 403 unless the actor may give (or take away) this function. */
function assertMayGrant(access: ClubAccess, role: string): void {
  const refusal = grantRefusal(access.role, role);
  if (refusal) throw new AppError('permission_denied', 403, refusal);
}

async function requireUnitOfClub(q: Queryable, clubId: string, unitId: string | null): Promise<void> {
  if (unitId && !(await repo.unitExists(q, clubId, unitId))) throw badRequest(MEMBER_MSG.unitNotFound);
}

async function loadMember(q: Queryable, clubId: string, memberId: string): Promise<TMember> {
  const member = await repo.getMember(q, clubId, memberId);
  if (!member) throw notFound(MEMBER_MSG.notFound);
  return member;
}

/** Creates a single-use invitation link; only the token's hash is stored. */
export async function createInvitation(
  q: Queryable,
  access: ClubAccess,
  i: { email: string | null; profileId: string | null; role: string; unitId: string | null },
): Promise<TInvitationLink> {
  const token = newSessionToken();
  const row = await invitations.insertInvitation(q, {
    clubId: access.clubId, tokenHash: hashToken(token), email: i.email, profileId: i.profileId,
    role: i.role, unitId: i.unitId, createdBy: access.profileId, days: INVITATION_DAYS,
  });
  await writeAudit(q, {
    clubId: access.clubId, actorId: access.profileId, action: 'invitation.create', entity: 'invitation', entityId: row.id,
    after: { email: row.email, profile_id: row.profile_id, role: row.role, unit_id: row.unit_id, expires_at: row.expires_at },
  });
  return { id: row.id, token, path: `/convite/${token}`, email: row.email, expires_at: row.expires_at };
}

/**
 * Adds a member. By e-mail: always a pending invitation bound to that e-mail, whether or not an account
 * holds it (the answer is the same either way; the person joins only by accepting). Accountless: a new
 * profile owned by this club (children without e-mail), which a link can later let them claim. Nothing
 * here ever links a profile another club created (issue 21).
 */
export async function addMember(db: Db, access: ClubAccess, input: z.output<typeof ZAddMember>): Promise<TAddMemberResult> {
  assertMayGrant(access, input.role);
  return db.transaction(async (tx) => {
    await requireUnitOfClub(tx, access.clubId, input.unit_id);
    if (input.mode === 'email') {
      // Only someone already active in this very club is refused: the director sees them in the list anyway.
      if (await repo.isActiveMemberByEmail(tx, access.clubId, input.email)) throw conflict(MEMBER_MSG.alreadyMember);
      const invitation = await createInvitation(tx, access, { email: input.email, profileId: null, role: input.role, unitId: input.unit_id });
      return { result: 'invited' as const, invitation };
    }
    const { id: profileId } = await repo.insertAccountlessProfile(tx, { full_name: input.full_name, email: input.email, ownerClubId: access.clubId });
    const { id } = await repo.insertMember(tx, { clubId: access.clubId, profileId, role: input.role, unitId: input.unit_id, birthDate: input.birth_date });
    const member = await loadMember(tx, access.clubId, id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'member.add', entity: 'club_member', entityId: id, after: member });
    await draftAtoFromFact(tx, access.clubId, { kind: 'admissao', who: { memberId: id }, body: `Admissão como membro do clube, na função de ${roleLabel(member.role)}.` }, access.profileId);
    return { result: 'added' as const, member };
  });
}

/** Refuses to leave the club without an active admin. Call with the admins locked. */
function assertKeepsAnAdmin(activeAdmins: string[], member: TMember, next: { role: string; active: boolean } | null): void {
  const isActiveAdmin = member.active && member.role === ADMIN_ROLE;
  const staysActiveAdmin = next !== null && next.active && next.role === ADMIN_ROLE;
  if (isActiveAdmin && !staysActiveAdmin && activeAdmins.filter((id) => id !== member.id).length === 0) {
    throw new AppError('last_admin', 409, MEMBER_MSG.lastAdmin);
  }
}

export async function updateMember(db: Db, access: ClubAccess, memberId: string, input: z.output<typeof ZUpdateMember>): Promise<TMember> {
  return db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, access.clubId);
    const before = await loadMember(tx, access.clubId, memberId);
    assertMayGrant(access, before.role);
    assertMayGrant(access, input.role);
    assertKeepsAnAdmin(admins, before, input);
    await requireUnitOfClub(tx, access.clubId, input.unit_id);
    await repo.updateMember(tx, access.clubId, memberId, input);
    const after = await loadMember(tx, access.clubId, memberId);
    const action = before.role !== after.role ? 'member.role_change' : 'member.update';
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action, entity: 'club_member', entityId: memberId, before, after });
    // A function given (a leader's, not 'member') is a nomeação in the livro de atos; the secretary adds the term.
    if (before.role !== after.role && after.role !== 'member' && after.active) {
      await draftAtoFromFact(tx, access.clubId, { kind: 'nomeacao', who: { memberId }, roleTitle: roleLabel(after.role), body: `Nomeação para a função de ${roleLabel(after.role)}.` }, access.profileId);
    }
    return after;
  });
}

export async function removeMember(db: Db, access: ClubAccess, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, access.clubId);
    const before = await loadMember(tx, access.clubId, memberId);
    assertMayGrant(access, before.role);
    assertKeepsAnAdmin(admins, before, null);
    // Written before the row goes: the act keeps the name (its member link is cleared with the row).
    await draftAtoFromFact(tx, access.clubId, { kind: 'desligamento', who: { memberId }, body: 'Desligamento do clube.' }, access.profileId);
    await repo.deleteMember(tx, access.clubId, memberId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'member.remove', entity: 'club_member', entityId: memberId, before });
  });
}

/** A link that lets an accountless member set their own e-mail and password on their profile. */
export async function inviteToClaim(db: Db, access: ClubAccess, memberId: string): Promise<TInvitationLink> {
  return db.transaction(async (tx) => {
    const member = await loadMember(tx, access.clubId, memberId);
    assertMayGrant(access, member.role);
    if (member.has_account) throw conflict(MEMBER_MSG.hasAccount);
    // Only the club that created an accountless profile may hand it to someone.
    if ((await repo.profileOwnerClub(tx, member.profile_id)) !== access.clubId) throw conflict(MEMBER_MSG.notOwnProfile);
    return createInvitation(tx, access, { email: member.email, profileId: member.profile_id, role: member.role, unitId: member.unit_id });
  });
}

/** 'Gerar novo link': a new single-use link for a pending invitation; the previous one is dead from now on. */
export async function reissueInvitationLink(db: Db, access: ClubAccess, invitationId: string): Promise<TInvitationLink> {
  return db.transaction(async (tx) => {
    const token = newSessionToken();
    const row = await invitations.replaceInvitationToken(tx, access.clubId, invitationId, hashToken(token), INVITATION_DAYS);
    if (!row) throw notFound(MEMBER_MSG.invitationInvalid);
    await writeAudit(tx, {
      clubId: access.clubId, actorId: access.profileId, action: 'invitation.reissue', entity: 'invitation', entityId: row.id,
      after: { expires_at: row.expires_at },
    });
    return { id: row.id, token, path: `/convite/${token}`, email: row.email, expires_at: row.expires_at };
  });
}

export async function revokeInvitation(db: Db, access: ClubAccess, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await invitations.deleteInvitation(tx, access.clubId, invitationId))) throw notFound(MEMBER_MSG.invitationInvalid);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'invitation.revoke', entity: 'invitation', entityId: invitationId });
  });
}

/**
 * Undoes a claim made through this club's link: the profile goes back to a member without an account
 * (its contact e-mail as on the link), every session of it ends, and the audit log keeps who had it.
 */
export async function undoClaim(db: Db, access: ClubAccess, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await loadMember(tx, access.clubId, memberId);
    assertMayGrant(access, member.role);
    const claim = await invitations.findUsedClaim(tx, access.clubId, member.profile_id);
    if (!member.has_account || !claim || (await repo.profileOwnerClub(tx, member.profile_id)) !== access.clubId) {
      throw conflict(MEMBER_MSG.notClaimedHere);
    }
    await invitations.releaseClaimedProfile(tx, member.profile_id, claim.email);
    await writeAudit(tx, {
      clubId: access.clubId, actorId: access.profileId, action: 'member.claim_undo', entity: 'club_member', entityId: memberId,
      before: { email: member.email, claimed_by: claim.used_by, claimed_at: claim.used_at }, after: { email: claim.email, has_account: false },
    });
  });
}
