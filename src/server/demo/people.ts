import type { DemoContext, DemoStep } from './context.js';
import { one } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { DEMO_GUARDIAN, DEMO_GUARDIAN_CHILD, DEMO_INSTRUCTOR } from './base.js';
import { createInvitation } from '../members/service.js';
import { acceptInvitation } from '../members/invitation-service.js';
import * as families from '../families/repo.js';
import { acceptGuardianInvitation } from '../families/guardian-service.js';
import { GUARDIAN_INVITATION_DAYS } from '../../shared/families.js';
import { hashToken, newSessionToken } from '../auth/session.js';
import { enrol, listRequirements, setInstructors } from '../programme/service.js';
import { sign } from '../programme/signing.js';
import { clubDate } from '../db/club-clock.js';

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Signatures the instructor gives the demo kid in Amigo: some, not all (he is halfway). */
const KID_SIGNED = 3;

const account = (db: DemoContext['db'], passwordHash: string, name: string, email: string) =>
  one<{ id: string; email: string }>(db, `INSERT INTO profiles (full_name, email, password_hash) VALUES ($1, $2, $3) RETURNING id, email`, [name, email, passwordHash]);

/**
 * The guardian (a role the other steps leave out) of the demo kid, Rafael, who has a login, and of his
 * brother: a link per child as the club would send, each accepted with consent to the club's current term.
 * Runs before the roll calls and the programme, so what they tell guardians reaches him.
 */
export const seedDemoGuardian: DemoStep = async ({ db, clubId, adminId, passwordHash }) => {
  const guardian = await account(db, passwordHash, DEMO_GUARDIAN.name, DEMO_GUARDIAN.email);
  const term = await one<{ version: number }>(db, `SELECT max(version) AS version FROM consent_texts WHERE club_id = $1`, [clubId]);
  const children = await db.query<{ id: string }>(
    `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.full_name = ANY ($2::text[]) ORDER BY p.full_name`,
    [clubId, DEMO_GUARDIAN.children]);
  for (const child of children) {
    const token = newSessionToken();
    await families.insertGuardian(db, {
      clubId, memberId: child.id, fullName: DEMO_GUARDIAN.name, email: DEMO_GUARDIAN.email, phone: '(11) 98765-4321', relationship: DEMO_GUARDIAN.relationship,
      tokenHash: hashToken(token), days: GUARDIAN_INVITATION_DAYS, createdBy: adminId,
    });
    await acceptGuardianInvitation(db, guardian, token, { accept: true, consent_version: term.version }, null);
  }
};

/**
 * The instructor, joining as a real person does: invited by the director (she is told the invitation was
 * accepted) and assigned to Amigo and to the especialidade Aranhas (EN-001); the demo kid enrolled in Amigo
 * with a few requisitos the instructor signed (he and his guardian are told); and a kid made 'pronto para
 * investidura' in the especialidade by the instructor, so the director's bell has unread notices. Runs
 * after the programme step (its requisitos and enrolments).
 */
export const seedDemoInstructor: DemoStep = async ({ db, clubId, adminId, passwordHash }) => {
  const director: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  // The instructor: invited by e-mail, accepted with their own account.
  const instructor = await account(db, passwordHash, DEMO_INSTRUCTOR.name, DEMO_INSTRUCTOR.email);
  const invitation = await createInvitation(db, director, { email: DEMO_INSTRUCTOR.email, profileId: null, role: 'instructor', unitId: null });
  await acceptInvitation(db, instructor, invitation.token);
  const { id: instructorMember } = await one<{ id: string }>(db, `SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, instructor.id]);
  for (const item of ['AMIGO', 'EN-001']) await setInstructors(db, director, item, [instructorMember]);

  const kid = await one<{ id: string }>(
    db, `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND lower(p.email) = $2`, [clubId, DEMO_GUARDIAN_CHILD]);
  // The kid in Amigo, a few requisitos signed by the instructor of the class.
  const byInstructor: ClubAccess = { clubId, profileId: instructor.id, role: 'instructor', unitId: null, isAdmin: false, viaSuperAdmin: false };
  const enrolled = await db.query(`SELECT 1 FROM programme_enrolments WHERE club_id = $1 AND member_id = $2 AND item_code = 'AMIGO'`, [clubId, kid.id]);
  if (enrolled.length === 0) await enrol(db, director, kid.id, 'AMIGO');
  const amigo = await listRequirements(db, clubId, 'AMIGO');
  const { today } = await one<{ today: string }>(db, `SELECT ${clubDate()}::text AS today FROM clubs c WHERE c.id = $1`, [clubId]);
  // Enrolled a month ago, before the first signature.
  await db.query(`UPDATE programme_enrolments SET started_on = $3::date WHERE club_id = $1 AND member_id = $2 AND item_code = 'AMIGO'`, [clubId, kid.id, daysBefore(today, 7 * KID_SIGNED + 7)]);
  // One requisito a week, the last one a week ago.
  for (const [i, r] of amigo.slice(0, KID_SIGNED).entries()) {
    await sign(db, byInstructor, { requirement_id: r.id, member_ids: [kid.id], signed_on: daysBefore(today, 7 * (KID_SIGNED - i)) });
  }

  // The instructor completes a kid's especialidade: 'pronto para investidura' reaches the director.
  const [pending] = await db.query<{ member_id: string }>(
    `SELECT e.member_id FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE e.club_id = $1 AND e.item_code = 'EN-001' AND e.completed_on IS NULL ORDER BY p.full_name, e.member_id LIMIT 1`, [clubId]);
  if (pending) {
    for (const r of await listRequirements(db, clubId, 'EN-001')) await sign(db, byInstructor, { requirement_id: r.id, member_ids: [pending.member_id] });
  }
};
