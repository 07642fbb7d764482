import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { enqueueMail } from '../mail/queue.js';
import { guardianInvitationMail } from '../mail/templates.js';
import {
  FAMILY_MSG, GUARDIAN_INVITATION_DAYS, type TGuardian, type TGuardianInvitation, type TGuardianInvitationPreview, type ZAcceptGuardian, type ZGuardianInput,
} from '../../shared/families.js';
import { AppError, PG, conflict, isPgError, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { hashToken, newSessionToken } from '../auth/session.js';
import * as repo from './repo.js';

const invalid = () => notFound(FAMILY_MSG.invitationInvalid);

/** The page a guardian opens from the invitation. */
export const guardianInvitationPath = (token: string) => `/responsavel/${token}`;

/** The invitation e-mail, pt-BR: sent through the mail queue, and shown to the club to copy if it wishes. */
export function guardianInvitationMessage(m: { guardianName: string; inviterName: string; childName: string; clubName: string; link: string; expiresAt: string }): { subject: string; body: string } {
  const until = new Date(m.expiresAt).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return {
    subject: `${m.clubName}: acompanhe ${m.childName} no Trilha`,
    body: [
      `Olá, ${m.guardianName}!`,
      '',
      `${m.inviterName ? `${m.inviterName} (${m.clubName})` : m.clubName} convidou você para acompanhar ${m.childName} no Trilha: pontos, conquistas, tarefas e metas.`,
      'Pela lei (LGPD, art. 14), o clube precisa do seu consentimento para tratar os dados de menores de 18 anos.',
      'Abra o link abaixo, entre ou crie sua conta com este e-mail, leia o termo de consentimento e aceite:',
      '',
      m.link,
      '',
      `O link vale até ${until} e só pode ser usado uma vez.`,
    ].join('\n'),
  };
}

/**
 * Creates or renews the link and queues its e-mail in the same transaction: a guardian is never listed
 * as invited without the message on its way (the mail worker sends it; the list shows when it left).
 */
async function issueLink(db: Db, access: ClubAccess, memberId: string, create: (tx: Queryable, tokenHash: string, memberId: string) => Promise<TGuardian>, publicUrl: string): Promise<TGuardianInvitation> {
  const token = newSessionToken();
  return db.transaction(async (tx) => {
    const member = await repo.findMember(tx, access.clubId, memberId);
    if (!member) throw notFound(FAMILY_MSG.childNotFound);
    const created = await create(tx, hashToken(token), member.id);
    const path = guardianInvitationPath(token);
    const names = await repo.invitationNames(tx, access.clubId, access.profileId);
    const link = `${publicUrl}${path}`;
    const message = guardianInvitationMessage({
      guardianName: created.full_name, inviterName: names?.inviter ?? '', childName: member.full_name, clubName: names?.club ?? '', link, expiresAt: created.expires_at ?? '',
    });
    const mailId = await enqueueMail(tx, { to: created.email, ...guardianInvitationMail(message, link) });
    const guardian = await repo.setGuardianInvitationMail(tx, created.id, mailId);
    return { guardian, token, path, message };
  });
}

/** Adds a guardian to a member record and returns their single-use link, bound to their e-mail. */
export async function addGuardian(db: Db, access: ClubAccess, memberRef: string, input: z.output<typeof ZGuardianInput>, publicUrl: string): Promise<TGuardianInvitation> {
  try {
    return await issueLink(db, access, memberRef, async (tx, tokenHash, memberId) => {
      const guardian = await repo.insertGuardian(tx, {
        clubId: access.clubId, memberId, fullName: input.full_name, email: input.email, phone: input.phone, relationship: input.relationship,
        tokenHash, days: GUARDIAN_INVITATION_DAYS, createdBy: access.profileId,
      });
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'guardian.invite', entity: 'guardian', entityId: guardian.id, after: { member_id: memberId, email: input.email, relationship: input.relationship } });
      return guardian;
    }, publicUrl);
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw conflict(FAMILY_MSG.guardianExists);
    throw err;
  }
}

/** 'Reenviar e-mail': a fresh link, e-mailed again, for a guardian who has not accepted yet; the previous one stops working. */
export async function renewGuardianLink(db: Db, access: ClubAccess, memberRef: string, guardianId: string, publicUrl: string): Promise<TGuardianInvitation> {
  return issueLink(db, access, memberRef, async (tx, tokenHash, memberId) => {
    const guardians = await repo.listGuardians(tx, access.clubId, memberId);
    if (!guardians.some((g) => g.id === guardianId)) throw notFound(FAMILY_MSG.guardianNotFound);
    const renewed = await repo.renewGuardianToken(tx, access.clubId, guardianId, tokenHash, GUARDIAN_INVITATION_DAYS);
    if (!renewed) throw conflict('Este responsável já aceitou o convite.');
    return renewed;
  }, publicUrl);
}

export async function removeGuardian(db: Db, access: ClubAccess, memberId: string, guardianId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await repo.deleteGuardian(tx, access.clubId, memberId, guardianId);
    if (!removed) throw notFound(FAMILY_MSG.guardianNotFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'guardian.remove', entity: 'guardian', entityId: guardianId, before: removed });
  });
}

/** What /responsavel/<token> shows before signing in; used, expired and unknown links are one 404. */
export async function previewGuardianInvitation(db: Db, token: string): Promise<TGuardianInvitationPreview> {
  const inv = await repo.findValidGuardianInvitation(db, hashToken(token));
  if (!inv) throw invalid();
  const text = await repo.currentConsentText(db, inv.club_id);
  return {
    club_name: inv.club_name, child_name: inv.child_name, guardian_name: inv.full_name, email: inv.email, relationship: inv.relationship,
    consent_text: text?.body ?? null, consent_version: text?.version ?? null, expires_at: inv.expires_at,
  };
}

/**
 * The signed-in guardian accepts: the link must have been sent to their account's e-mail, and they
 * must accept the version of the consent text they read (a newer one is shown again). Records who,
 * when, which version and from which address.
 */
export async function acceptGuardianInvitation(
  db: Db, account: { id: string; email: string | null }, token: string, input: z.output<typeof ZAcceptGuardian>, ip: string | null,
): Promise<{ member_id: string; club_id: string }> {
  return db.transaction(async (tx) => {
    const inv = await repo.findValidGuardianInvitation(tx, hashToken(token), true);
    if (!inv) throw invalid();
    if (!account.email || account.email.toLowerCase() !== inv.email.toLowerCase()) throw new AppError('invitation_wrong_email', 403, FAMILY_MSG.invitationWrongEmail);
    const text = await repo.currentConsentText(tx, inv.club_id);
    if (!text) throw conflict(FAMILY_MSG.noConsentText);
    if (text.version !== input.consent_version) throw new AppError('consent_text_changed', 409, 'O texto de consentimento mudou. Leia a nova versão e aceite novamente.');
    if (!(await repo.markGuardianAccepted(tx, inv.id, account.id))) throw invalid();
    const consent = await repo.insertConsent(tx, {
      clubId: inv.club_id, memberId: inv.member_id, guardianId: inv.id, guardianProfileId: account.id, consentTextId: text.id, version: text.version, ip,
    });
    await writeAudit(tx, {
      clubId: inv.club_id, actorId: account.id, action: 'consent.grant', entity: 'member_consent', entityId: consent.id,
      after: { member_id: inv.member_id, guardian_id: inv.id, version: text.version, ip },
    });
    return { member_id: inv.member_id, club_id: inv.club_id };
  });
}
