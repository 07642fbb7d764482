import type { z } from 'zod';
import type { Db } from '../db/index.js';
import { AUTH_MSG, type ZRegister } from '../../shared/auth.js';
import { MEMBER_MSG, type TInvitationPreview } from '../../shared/members.js';
import { AppError, PG, conflict, isPgError, notFound } from '../http/errors.js';
import { writeAudit } from '../audit/repo.js';
import { hashToken } from '../auth/session.js';
import { hashPassword, openSession, type NewSession } from '../auth/service.js';
import * as authRepo from '../auth/repo.js';
import * as invitations from './invitation-repo.js';

const invalid = () => notFound(MEMBER_MSG.invitationInvalid);

/** What the /convite page shows; used, expired and unknown links all answer the same 404. */
export async function previewInvitation(db: Db, token: string): Promise<TInvitationPreview> {
  const inv = await invitations.findValidInvitation(db, hashToken(token));
  if (!inv || inv.profile_has_account) throw invalid();
  return {
    club_id: inv.club_id,
    club_name: inv.club_name,
    club_logo_url: inv.club_logo_url,
    kind: inv.profile_id ? 'claim' : 'join',
    email: inv.email,
    full_name: inv.full_name,
    expires_at: inv.expires_at,
  };
}

/** A signed-in person joins the club through a link (single use). */
export async function acceptInvitation(db: Db, profileId: string, token: string): Promise<{ club_id: string }> {
  return db.transaction(async (tx) => {
    const inv = await invitations.findValidInvitation(tx, hashToken(token), true);
    if (!inv) throw invalid();
    // A claim link belongs to an accountless profile; an existing account cannot take it over.
    if (inv.profile_id && inv.profile_id !== profileId) throw new AppError('claim_needs_new_account', 409, MEMBER_MSG.invitationClaimNeedsNewAccount);
    await invitations.upsertMembership(tx, { clubId: inv.club_id, profileId, role: inv.role, unitId: inv.unit_id });
    if (!(await invitations.markUsed(tx, inv.id, profileId))) throw invalid();
    await writeAudit(tx, { clubId: inv.club_id, actorId: profileId, action: 'invitation.accept', entity: 'invitation', entityId: inv.id });
    return { club_id: inv.club_id };
  });
}

/**
 * Creates an account through a link and joins the club, or, for a claim link, sets e-mail and
 * password on the accountless member's own profile so their progress stays theirs.
 */
export async function registerWithInvitation(
  db: Db,
  token: string,
  input: z.output<typeof ZRegister>,
  meta: { userAgent?: string; ip?: string },
): Promise<NewSession & { clubId: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    const { profile, clubId } = await db.transaction(async (tx) => {
      const inv = await invitations.findValidInvitation(tx, hashToken(token), true);
      if (!inv || inv.profile_has_account) throw invalid();
      const owner = await authRepo.findProfileByEmail(tx, input.email);
      if (owner && owner.id !== inv.profile_id) throw conflict(AUTH_MSG.emailTaken);
      const profile = inv.profile_id
        ? await invitations.claimProfile(tx, inv.profile_id, { full_name: input.full_name, email: input.email, password_hash: passwordHash })
        : await authRepo.createProfile(tx, { full_name: input.full_name, email: input.email, password_hash: passwordHash, user_type: 'member' });
      await invitations.upsertMembership(tx, { clubId: inv.club_id, profileId: profile.id, role: inv.role, unitId: inv.unit_id });
      if (!(await invitations.markUsed(tx, inv.id, profile.id))) throw invalid();
      await writeAudit(tx, {
        clubId: inv.club_id, actorId: profile.id, action: inv.profile_id ? 'invitation.claim' : 'invitation.register',
        entity: 'invitation', entityId: inv.id,
      });
      return { profile, clubId: inv.club_id };
    });
    const session = await openSession(db, profile, false, meta);
    return { ...session, clubId };
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw conflict(AUTH_MSG.emailTaken);
    throw err;
  }
}
