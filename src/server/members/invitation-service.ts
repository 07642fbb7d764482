import type { z } from 'zod';
import { notify } from '../notifications/notify.js';
import type { Db, Queryable } from '../db/index.js';
import { AUTH_MSG, type ZRegister } from '../../shared/auth.js';
import { MEMBER_MSG, roleLabel, type TInvitationPreview } from '../../shared/members.js';
import { AppError, PG, conflict, isPgError, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { hashToken } from '../auth/session.js';
import { hashPassword, openSession, type NewSession } from '../auth/service.js';
import * as authRepo from '../auth/repo.js';
import * as invitations from './invitation-repo.js';
import { draftAtoFromFact } from '../secretaria/ato-drafts.js';

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

const sameEmail = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Joins that club only, with exactly the role and unit written on the invitation: an earlier membership
 * comes back with the invitation's role, never its own old one, and the audit log records both.
 */
async function joinByInvitation(tx: Queryable, inv: invitations.InvitationRow, profileId: string, action: string): Promise<void> {
  const before = await invitations.upsertMembership(tx, { clubId: inv.club_id, profileId, role: inv.role, unitId: inv.unit_id });
  // A claim gives the member a login on the membership they already have; a join never demotes anyone.
  if (before?.active && inv.profile_id !== profileId) throw conflict(MEMBER_MSG.alreadyMember);
  if (!(await invitations.markUsed(tx, inv.id, profileId))) throw invalid();
  const kept = before?.active ? before : null;
  // A join (or a return) is an admissão in the livro de atos; a claim of one's own membership is not.
  if (!kept) await draftAtoFromFact(tx, inv.club_id, { kind: 'admissao', who: { profileId }, body: `Admissão como membro do clube, na função de ${roleLabel(inv.role)}, por convite aceito.` }, profileId);
  // Whoever sent the link learns it was used (their club shows the member's name anyway).
  const sent = await invitations.findInvitationSender(tx, inv.id, profileId);
  if (sent?.created_by && sent.created_by !== profileId) {
    await notify(tx, {
      clubId: inv.club_id, to: [sent.created_by], category: 'leadership', kind: 'invitation.accepted', link: '/dashboard/membros',
      title: `Convite aceito: ${sent.full_name}`, body: 'Agora faz parte do clube.',
    });
  }
  await writeAudit(tx, {
    clubId: inv.club_id, actorId: profileId, action, entity: 'invitation', entityId: inv.id,
    before,
    after: { role: kept?.role ?? inv.role, unit_id: kept ? kept.unit_id : inv.unit_id, active: true, reactivated: before !== null && !before.active },
  });
}

/** A signed-in person joins the club through a link (single use) sent to their own e-mail. */
export async function acceptInvitation(db: Db, account: { id: string; email: string | null }, token: string): Promise<{ club_id: string }> {
  return db.transaction(async (tx) => {
    const inv = await invitations.findValidInvitation(tx, hashToken(token), true);
    if (!inv || inv.profile_has_account) throw invalid();
    // A claim link belongs to an accountless profile; an existing account cannot take it over.
    if (inv.profile_id) throw new AppError('claim_needs_new_account', 409, MEMBER_MSG.invitationClaimNeedsNewAccount);
    if (!sameEmail(inv.email, account.email)) throw new AppError('invitation_wrong_email', 403, MEMBER_MSG.invitationWrongEmail);
    await joinByInvitation(tx, inv, account.id, 'invitation.accept');
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
      // Bound to the e-mail it was issued for; a claim link without one is single use and audited.
      if (inv.email !== null && !sameEmail(inv.email, input.email)) throw new AppError('invitation_wrong_email', 403, MEMBER_MSG.invitationWrongEmail);
      if (await authRepo.findProfileByEmail(tx, input.email)) throw conflict(AUTH_MSG.emailTaken);
      const profile = inv.profile_id
        ? await invitations.claimProfile(tx, inv.profile_id, { full_name: input.full_name, email: input.email, password_hash: passwordHash })
        : await authRepo.createProfile(tx, { full_name: input.full_name, email: input.email, password_hash: passwordHash, user_type: 'member' });
      await joinByInvitation(tx, inv, profile.id, inv.profile_id ? 'invitation.claim' : 'invitation.register');
      return { profile, clubId: inv.club_id };
    });
    const session = await openSession(db, profile, false, meta);
    return { ...session, clubId };
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw conflict(AUTH_MSG.emailTaken);
    throw err;
  }
}
