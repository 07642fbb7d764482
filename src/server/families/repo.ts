import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TConsentStatus, TConsentText, TGuardian, TPrivacySettings } from '../../shared/families.js';
import { minorSql } from '../../shared/minor.js';
import { clubTodayOf } from '../db/club-clock.js';

const GUARDIAN = `g.id, g.member_id, g.full_name, g.email, g.phone, g.relationship,
  CASE WHEN g.accepted_at IS NULL THEN 'invited' ELSE 'active' END AS status,
  (SELECT mq.status FROM mail_queue mq WHERE mq.id = g.invitation_mail_id) AS invitation_mail, g.accepted_at, g.expires_at, g.created_at`;

/** A member record of the club (by its id or the person's profile id) with what decides consent. */
export function findMember(q: Queryable, clubId: string, memberId: string) {
  return maybeOne<{ id: string; club_id: string; profile_id: string; full_name: string; unit_id: string | null; unit_name: string | null; birth_date: string | null; adult_confirmed: boolean; health_access: boolean; minor: boolean }>(
    q,
    `SELECT cm.id, cm.club_id, cm.profile_id, p.full_name, cm.unit_id, u.name AS unit_name, to_char(cm.birth_date, 'YYYY-MM-DD') AS birth_date,
            cm.adult_confirmed, cm.health_access, ${MINOR_SQL('cm')} AS minor
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id LEFT JOIN units u ON u.id = cm.unit_id
      WHERE cm.club_id = $1 AND (cm.id::text = $2 OR cm.profile_id::text = $2)`,
    [clubId, memberId],
  );
}

/** Who is a minor (src/shared/minor.ts, the one definition), on the member's club's today. */
export const MINOR_SQL = (member: string) => minorSql(member, clubTodayOf(`${member}.club_id`));

/**
 * Consent of a member record: 'not_required' for adults while no consent exists,
 * 'granted' while one is in force, 'withdrawn' when every one was withdrawn, else 'pending'.
 */
export const CONSENT_STATUS_SQL = (member: string) => `(
  SELECT CASE
    WHEN bool_or(mc.withdrawn_at IS NULL) THEN 'granted'
    WHEN count(mc.id) > 0 THEN 'withdrawn'
    WHEN ${MINOR_SQL(member)} THEN 'pending'
    ELSE 'not_required' END
    FROM member_consents mc WHERE mc.club_id = ${member}.club_id AND mc.member_id = ${member}.id)`;

export async function consentStatus(q: Queryable, clubId: string, memberId: string): Promise<TConsentStatus> {
  const row = await maybeOne<{ status: TConsentStatus }>(
    q,
    `SELECT ${CONSENT_STATUS_SQL('cm')} AS status FROM club_members cm WHERE cm.club_id = $1 AND cm.id = $2`,
    [clubId, memberId],
  );
  return row?.status ?? 'pending';
}

/** Consent and birth date of every member record of the club, for the member list badges. */
export function listConsentStatuses(q: Queryable, clubId: string) {
  return q.query<{ member_id: string; birth_date: string | null; consent: TConsentStatus; health_access: boolean }>(
    `SELECT cm.id AS member_id, to_char(cm.birth_date, 'YYYY-MM-DD') AS birth_date, ${CONSENT_STATUS_SQL('cm')} AS consent, cm.health_access
       FROM club_members cm WHERE cm.club_id = $1`,
    [clubId],
  );
}

export function updateMemberFamilyFields(q: Queryable, clubId: string, memberId: string, f: { birth_date?: string | null; adult_confirmed?: boolean; health_access?: boolean }) {
  return maybeOne<{ id: string }>(
    q,
    `UPDATE club_members SET
        birth_date = CASE WHEN $3 THEN $4::date ELSE birth_date END,
        adult_confirmed = coalesce($6, adult_confirmed),
        health_access = coalesce($5, health_access), updated_at = now()
      WHERE club_id = $1 AND id = $2 RETURNING id`,
    [clubId, memberId, f.birth_date !== undefined, f.birth_date ?? null, f.health_access ?? null, f.adult_confirmed ?? null],
  );
}

export function listGuardians(q: Queryable, clubId: string, memberId: string) {
  return q.query<TGuardian>(`SELECT ${GUARDIAN} FROM member_guardians g WHERE g.club_id = $1 AND g.member_id = $2 ORDER BY g.created_at`, [clubId, memberId]);
}

export function insertGuardian(
  q: Queryable,
  g: { clubId: string; memberId: string; fullName: string; email: string; phone: string | null; relationship: string; tokenHash: string; days: number; createdBy: string },
) {
  return one<TGuardian>(
    q,
    `INSERT INTO member_guardians AS g (club_id, member_id, full_name, email, phone, relationship, token_hash, expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8::int), $9) RETURNING ${GUARDIAN}`,
    [g.clubId, g.memberId, g.fullName, g.email, g.phone, g.relationship, g.tokenHash, g.days, g.createdBy],
  );
}

/** A new link for a guardian not yet accepted (the old one stops working). */
export function renewGuardianToken(q: Queryable, clubId: string, guardianId: string, tokenHash: string, days: number) {
  return maybeOne<TGuardian>(
    q,
    `UPDATE member_guardians g SET token_hash = $3, expires_at = now() + make_interval(days => $4::int), updated_at = now()
      WHERE g.club_id = $1 AND g.id = $2 AND g.accepted_at IS NULL RETURNING ${GUARDIAN}`,
    [clubId, guardianId, tokenHash, days],
  );
}

/** Records the invitation e-mail just queued for the guardian. */
export function setGuardianInvitationMail(q: Queryable, guardianId: string, mailId: string) {
  return one<TGuardian>(q, `UPDATE member_guardians g SET invitation_mail_id = $2 WHERE g.id = $1 RETURNING ${GUARDIAN}`, [guardianId, mailId]);
}

export function deleteGuardian(q: Queryable, clubId: string, memberId: string, guardianId: string) {
  return maybeOne<TGuardian>(q, `DELETE FROM member_guardians g WHERE g.club_id = $1 AND g.member_id = $2 AND g.id = $3 RETURNING ${GUARDIAN}`, [clubId, memberId, guardianId]);
}

export interface GuardianInvitationRow {
  id: string;
  club_id: string;
  member_id: string;
  email: string;
  full_name: string;
  relationship: string;
  expires_at: string;
  club_name: string;
  child_name: string;
}

/** A usable guardian link (not accepted, not expired, club active). */
export function findValidGuardianInvitation(q: Queryable, tokenHash: string, forUpdate = false) {
  return maybeOne<GuardianInvitationRow>(
    q,
    `SELECT g.id, g.club_id, g.member_id, g.email, g.full_name, g.relationship, g.expires_at, c.name AS club_name, p.full_name AS child_name
       FROM member_guardians g JOIN clubs c ON c.id = g.club_id
       JOIN club_members cm ON cm.id = g.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE g.token_hash = $1 AND g.accepted_at IS NULL AND g.expires_at > now() AND c.active
      ${forUpdate ? 'FOR UPDATE OF g' : ''}`,
    [tokenHash],
  );
}

export async function markGuardianAccepted(q: Queryable, guardianId: string, profileId: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE member_guardians SET profile_id = $2, accepted_at = now(), token_hash = NULL, updated_at = now()
      WHERE id = $1 AND accepted_at IS NULL RETURNING id`,
    [guardianId, profileId],
  );
  return rows.length > 0;
}

export function currentConsentText(q: Queryable, clubId: string) {
  return maybeOne<{ id: string; version: number; body: string; created_at: string }>(
    q,
    `SELECT id, version, body, created_at FROM consent_texts WHERE club_id = $1 ORDER BY version DESC LIMIT 1`,
    [clubId],
  );
}

export async function getConsentText(q: Queryable, clubId: string): Promise<TConsentText> {
  const t = await currentConsentText(q, clubId);
  return { version: t?.version ?? null, body: t?.body ?? null, created_at: t?.created_at ?? null };
}

export function insertConsentText(q: Queryable, clubId: string, body: string, createdBy: string) {
  return one<{ id: string; version: number; body: string; created_at: string }>(
    q,
    `INSERT INTO consent_texts (club_id, version, body, created_by)
     VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM consent_texts WHERE club_id = $1), $2, $3)
     RETURNING id, version, body, created_at`,
    [clubId, body, createdBy],
  );
}

export function insertConsent(
  q: Queryable,
  c: { clubId: string; memberId: string; guardianId: string | null; guardianProfileId: string; consentTextId: string; version: number; ip: string | null },
) {
  return one<{ id: string; accepted_at: string }>(
    q,
    `INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, accepted_at`,
    [c.clubId, c.memberId, c.guardianId, c.guardianProfileId, c.consentTextId, c.version, c.ip],
  );
}

export async function withdrawConsents(q: Queryable, clubId: string, memberId: string, guardianProfileId: string): Promise<number> {
  const rows = await q.query(
    `UPDATE member_consents SET withdrawn_at = now(), withdrawn_by = $3
      WHERE club_id = $1 AND member_id = $2 AND guardian_profile_id = $3 AND withdrawn_at IS NULL RETURNING id`,
    [clubId, memberId, guardianProfileId],
  );
  return rows.length;
}

export async function getPrivacySettings(q: Queryable, clubId: string): Promise<TPrivacySettings> {
  const row = await maybeOne<TPrivacySettings>(q, `SELECT controller_name, controller_contact, retention_text, guardian_evidence FROM club_privacy_settings WHERE club_id = $1`, [clubId]);
  return row ?? { controller_name: null, controller_contact: null, retention_text: null, guardian_evidence: false };
}

export async function savePrivacySettings(q: Queryable, clubId: string, s: TPrivacySettings): Promise<TPrivacySettings> {
  return one<TPrivacySettings>(
    q,
    `INSERT INTO club_privacy_settings (club_id, controller_name, controller_contact, retention_text, guardian_evidence) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (club_id) DO UPDATE SET controller_name = EXCLUDED.controller_name, controller_contact = EXCLUDED.controller_contact,
       retention_text = EXCLUDED.retention_text, guardian_evidence = EXCLUDED.guardian_evidence, updated_at = now()
     RETURNING controller_name, controller_contact, retention_text, guardian_evidence`,
    [clubId, s.controller_name, s.controller_contact, s.retention_text, s.guardian_evidence],
  );
}

export interface GuardianLink {
  guardianId: string;
  clubId: string;
  memberId: string;
  childProfileId: string;
  relationship: string;
  consented: boolean;
}

/**
 * The one rule of a guardian link in force, as SQL over `member_guardians g` and `club_members cm`
 * (joined on the member): accepted, an active membership of an active club, with a consent in force.
 * Reading the child's data (`access.ts`) and being told about the child (notifications: `guardiansByMember`)
 * both go through it: a withdrawn consent hides the child on /familia and stops every notice about them.
 */
export const GUARDIAN_IN_FORCE_SQL = `g.profile_id IS NOT NULL AND g.accepted_at IS NOT NULL AND cm.active
  AND EXISTS (SELECT 1 FROM clubs c WHERE c.id = cm.club_id AND c.active)
  AND EXISTS (SELECT 1 FROM member_consents mc WHERE mc.club_id = cm.club_id AND mc.member_id = cm.id AND mc.withdrawn_at IS NULL)`;

/** The accepted link of this account to that member record (active, in an active club), consent in force or not. */
export function findGuardianLinkRow(q: Queryable, guardianProfileId: string, memberId: string) {
  return maybeOne<GuardianLink>(
    q,
    `SELECT g.id AS "guardianId", cm.club_id AS "clubId", cm.id AS "memberId", cm.profile_id AS "childProfileId", g.relationship,
            EXISTS (SELECT 1 FROM member_consents mc WHERE mc.club_id = cm.club_id AND mc.member_id = cm.id AND mc.withdrawn_at IS NULL) AS consented
       FROM member_guardians g
       JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
       JOIN clubs c ON c.id = cm.club_id
      WHERE g.profile_id = $1 AND g.member_id = $2 AND g.accepted_at IS NOT NULL AND cm.active AND c.active`,
    [guardianProfileId, memberId],
  );
}

export interface LinkedChild {
  member_id: string;
  club_id: string;
  club_name: string;
  profile_id: string;
  full_name: string;
  relationship: string;
  consent: TConsentStatus;
  child_push_allowed: boolean;
}

/** Every child this account follows as an accepted guardian, in any club. */
export function listLinkedChildren(q: Queryable, guardianProfileId: string) {
  return q.query<LinkedChild>(
    `SELECT cm.id AS member_id, cm.club_id, c.name AS club_name, cm.profile_id, p.full_name, g.relationship,
            ${CONSENT_STATUS_SQL('cm')} AS consent, g.child_push_allowed
       FROM member_guardians g
       JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
       JOIN clubs c ON c.id = cm.club_id JOIN profiles p ON p.id = cm.profile_id
      WHERE g.profile_id = $1 AND g.accepted_at IS NOT NULL AND cm.active AND c.active
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, pt_sort_key(c.name) COLLATE "C", c.name`,
    [guardianProfileId],
  );
}

/** A member's active savings goals, by name. */
export function listActiveSavingsGoals(q: Queryable, clubId: string, profileId: string) {
  return q.query<{ name: string; goal_amount: string; current_amount: string }>(
    `SELECT name, goal_amount::text, current_amount::text FROM savings_goals WHERE club_id = $1 AND profile_id = $2 AND active ORDER BY pt_sort_key(name) COLLATE "C", name`,
    [clubId, profileId],
  );
}

export async function hasHealthRecord(q: Queryable, clubId: string, memberId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM health_records WHERE club_id = $1 AND member_id = $2`, [clubId, memberId]);
  return rows.length > 0;
}

/** The club allows guardians' evidence (setting) and the child has no account of their own. */
export async function guardianMaySubmit(q: Queryable, clubId: string, childProfileId: string): Promise<boolean> {
  const rows = await q.query<{ ok: boolean }>(
    `SELECT coalesce((SELECT guardian_evidence FROM club_privacy_settings WHERE club_id = $1), false)
            AND (SELECT password_hash IS NULL FROM profiles WHERE id = $2) AS ok`,
    [clubId, childProfileId],
  );
  return rows[0]?.ok === true;
}

export async function setChildPushAllowed(q: Queryable, guardianId: string, allowed: boolean): Promise<void> {
  await q.query(`UPDATE member_guardians SET child_push_allowed = $2, updated_at = now() WHERE id = $1`, [guardianId, allowed]);
}

/** The club's name and the inviter's, for a guardian's invitation. */
export function invitationNames(q: Queryable, clubId: string, inviterProfileId: string) {
  return maybeOne<{ club: string; inviter: string | null }>(q,
    `SELECT c.name AS club, (SELECT p.full_name FROM profiles p WHERE p.id = $2) AS inviter FROM clubs c WHERE c.id = $1`, [clubId, inviterProfileId]);
}

/** An active club, for its public privacy page. */
export function findActiveClub(q: Queryable, clubId: string) {
  return maybeOne<{ id: string; name: string }>(q, `SELECT id, name FROM clubs WHERE id = $1 AND active`, [clubId]);
}

/** Whether this account is an active member of the club with the 'saúde' permission. */
export async function hasHealthAccess(q: Queryable, clubId: string, profileId: string): Promise<boolean> {
  const me = await maybeOne<{ health_access: boolean }>(q, `SELECT health_access FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active`, [clubId, profileId]);
  return me?.health_access === true;
}

export function findHealthRecord(q: Queryable, clubId: string, memberId: string) {
  return maybeOne<{ ciphertext: string; updated_at: string }>(q, `SELECT ciphertext, updated_at FROM health_records WHERE club_id = $1 AND member_id = $2`, [clubId, memberId]);
}

export function upsertHealthRecord(q: Queryable, clubId: string, memberId: string, ciphertext: string, actorId: string) {
  return maybeOne<{ updated_at: string }>(
    q,
    `INSERT INTO health_records (club_id, member_id, ciphertext, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO UPDATE SET ciphertext = EXCLUDED.ciphertext, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING updated_at`,
    [clubId, memberId, ciphertext, actorId],
  );
}

/** Every active member of one unit (or the whole club) with consent and the sealed health form, if any. */
export function listHealthForms(q: Queryable, clubId: string, unitId: string | null) {
  return q.query<{ member_id: string; full_name: string; unit_name: string | null; consent: string; ciphertext: string | null; updated_at: string | null }>(
    `SELECT cm.id AS member_id, p.full_name, u.name AS unit_name, ${CONSENT_STATUS_SQL('cm')} AS consent, h.ciphertext, h.updated_at
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN health_records h ON h.member_id = cm.id
      WHERE cm.club_id = $1 AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2::uuid)
      ORDER BY pt_sort_key(u.name) COLLATE "C" NULLS LAST, u.name, pt_sort_key(p.full_name) COLLATE "C", p.full_name`,
    [clubId, unitId],
  );
}
