import type { DemoStep } from './context.js';
import { one } from '../db/index.js';
import type { ClubAccess } from '../plugins/access.js';
import { DEMO_GUARDIAN, DEMO_GUARDIAN_CHILD, DEMO_INSTRUCTOR } from './base.js';
import { createInvitation } from '../members/service.js';
import { acceptInvitation } from '../members/invitation-service.js';
import * as families from '../families/repo.js';
import { acceptGuardianInvitation } from '../families/guardian-service.js';
import { GUARDIAN_INVITATION_DAYS } from '../../shared/families.js';
import { hashToken, newSessionToken } from '../auth/session.js';
import { enrol, listRequirements, setInstructors } from '../programme/service.js';
import { sign } from '../programme/signing.js';

/** Signatures the instructor gives the demo kid in Amigo: some, not all (he is halfway). */
const KID_SIGNED = 3;

/**
 * The roles the other steps leave out, each joining the way a real person does: an instructor invited by
 * the director (she is told the invitation was accepted), assigned to Amigo and to the especialidade of
 * felinos; a guardian who accepted the club's consent term for the demo kid (Rafael, who has a login);
 * the kid enrolled in Amigo with a few requisitos signed by the instructor (he and his guardian are
 * told); and a kid made 'pronto para investidura' in the especialidade by the instructor, so the
 * director's bell has unread notices. Runs after the programme step (its requisitos and enrolments).
 */
export const seedDemoPeople: DemoStep = async ({ db, clubId, adminId, passwordHash }) => {
  const director: ClubAccess = { clubId, profileId: adminId, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  const account = (name: string, email: string) =>
    one<{ id: string; email: string }>(db, `INSERT INTO profiles (full_name, email, password_hash) VALUES ($1, $2, $3) RETURNING id, email`, [name, email, passwordHash]);

  // The instructor: invited by e-mail, accepted with their own account.
  const instructor = await account(DEMO_INSTRUCTOR.name, DEMO_INSTRUCTOR.email);
  const invitation = await createInvitation(db, director, { email: DEMO_INSTRUCTOR.email, profileId: null, role: 'instructor', unitId: null });
  await acceptInvitation(db, instructor, invitation.token);
  const { id: instructorMember } = await one<{ id: string }>(db, `SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, instructor.id]);
  for (const item of ['AMIGO', 'EN-001']) await setInstructors(db, director, item, [instructorMember]);

  // The guardian of the demo kid: a link as the club would send, accepted with consent to the current term.
  const kid = await one<{ id: string }>(
    db, `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND lower(p.email) = $2`, [clubId, DEMO_GUARDIAN_CHILD]);
  const guardian = await account(DEMO_GUARDIAN.name, DEMO_GUARDIAN.email);
  const token = newSessionToken();
  await families.insertGuardian(db, {
    clubId, memberId: kid.id, fullName: DEMO_GUARDIAN.name, email: DEMO_GUARDIAN.email, phone: '(11) 98765-4321', relationship: DEMO_GUARDIAN.relationship,
    tokenHash: hashToken(token), days: GUARDIAN_INVITATION_DAYS, createdBy: adminId,
  });
  const term = await one<{ version: number }>(db, `SELECT max(version) AS version FROM consent_texts WHERE club_id = $1`, [clubId]);
  await acceptGuardianInvitation(db, guardian, token, { accept: true, consent_version: term.version }, null);

  // The kid in Amigo, a few requisitos signed by the instructor of the class.
  const byInstructor: ClubAccess = { clubId, profileId: instructor.id, role: 'instructor', unitId: null, isAdmin: false, viaSuperAdmin: false };
  const enrolled = await db.query(`SELECT 1 FROM programme_enrolments WHERE club_id = $1 AND member_id = $2 AND item_code = 'AMIGO'`, [clubId, kid.id]);
  if (enrolled.length === 0) await enrol(db, director, kid.id, 'AMIGO');
  const amigo = await listRequirements(db, clubId, 'AMIGO');
  for (const r of amigo.slice(0, KID_SIGNED)) await sign(db, byInstructor, { requirement_id: r.id, member_ids: [kid.id] });

  // The instructor completes a kid's especialidade: 'pronto para investidura' reaches the director.
  const [pending] = await db.query<{ member_id: string }>(
    `SELECT e.member_id FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE e.club_id = $1 AND e.item_code = 'EN-001' AND e.completed_on IS NULL ORDER BY p.full_name, e.member_id LIMIT 1`, [clubId]);
  if (pending) {
    for (const r of await listRequirements(db, clubId, 'EN-001')) await sign(db, byInstructor, { requirement_id: r.id, member_ids: [pending.member_id] });
  }
};
