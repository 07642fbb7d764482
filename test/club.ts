import { addMember, call, createClub, signUp, uniqueEmail, type Session, type TestContext } from './api.js';
import type { TestDb } from './db.js';

export interface StaffedClub {
  /** The director who created the club. */
  admin: Session;
  treasurer: Session;
  secretary: Session;
  /** The plain members, in the order of `members`. */
  members: Session[];
  /** The director of another club: nothing of this club is theirs. */
  stranger: Session;
  club: { id: string; slug: string; name: string };
  /** `/api/clubs/:id` */
  base: string;
  /** The id of the caixa named by `cashAccount` (empty when none was asked for). */
  cash: string;
}

/**
 * The fixture of the treasury and events tests: a throwaway first account (the platform's super
 * admin), a director with the club, its treasurer and secretary, plain members, the director of
 * another club and, when named, a caixa with a zero initial balance.
 */
export async function setUpStaffedClub(
  ctx: TestContext,
  clubName: string,
  opts: { members: string[]; cashAccount?: string },
): Promise<StaffedClub> {
  await signUp(ctx.app, { name: 'Super Admin' });
  const admin = await signUp(ctx.app, { name: 'Diretora' });
  const club = await createClub(ctx.app, admin, clubName);
  const base = `/api/clubs/${club.id}`;
  const treasurer = await signUp(ctx.app, { name: 'Tesoureira' });
  const secretary = await signUp(ctx.app, { name: 'Secretário' });
  const members: Session[] = [];
  for (const name of opts.members) members.push(await signUp(ctx.app, { name }));
  await addMember(ctx.db, club.id, treasurer.profile.id, 'treasurer');
  await addMember(ctx.db, club.id, secretary.profile.id, 'secretary');
  for (const m of members) await addMember(ctx.db, club.id, m.profile.id);
  const stranger = await signUp(ctx.app, { name: 'Diretor de outro clube' });
  await createClub(ctx.app, stranger, 'Outro Clube');
  let cash = '';
  if (opts.cashAccount) {
    const res = await call(ctx.app, 'POST', `${base}/cash-accounts`, { as: admin, body: { name: opts.cashAccount, initial_balance: '0' } });
    if (res.statusCode !== 201) throw new Error(`create cash account failed ${res.statusCode}: ${res.body}`);
    cash = res.json().id;
  }
  return { admin, treasurer, secretary, members, stranger, club, base, cash };
}

/** The club_members id of an account in a club. */
export async function memberIdOf(db: TestDb, clubId: string, profileId: string): Promise<string> {
  const [m] = await db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, profileId]);
  if (!m) throw new Error(`no member ${profileId} in club ${clubId}`);
  return m.id;
}

/**
 * Writes an accepted guardian of a member straight into the database ('Carla Souza', the mother);
 * with `consent`, the guardian also accepted the club's consent term version 1 (every club starts with it).
 */
export async function addGuardian(
  db: TestDb,
  clubId: string,
  memberProfileId: string,
  guardian: Session,
  opts: { consent: boolean; phone?: string },
): Promise<{ memberId: string; guardianId: string }> {
  const memberId = await memberIdOf(db, clubId, memberProfileId);
  const [g] = await db.query<{ id: string }>(
    `INSERT INTO member_guardians (club_id, member_id, full_name, email, phone, relationship, profile_id, accepted_at)
     VALUES ($1, $2, 'Carla Souza', 'carla@teste.com', $3, 'Mãe', $4, now()) RETURNING id`,
    [clubId, memberId, opts.phone ?? null, guardian.profile.id],
  );
  if (opts.consent) {
    const [text] = await db.query<{ id: string }>(`SELECT id FROM consent_texts WHERE club_id = $1 AND version = 1`, [clubId]);
    await db.query(
      `INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version) VALUES ($1, $2, $3, $4, $5, 1)`,
      [clubId, memberId, g.id, guardian.profile.id, text.id],
    );
  }
  return { memberId, guardianId: g.id };
}

/**
 * A child without an account added through the API, with a birth date, and a guardian who was
 * invited by e-mail, signed up and accepted the invitation with the club's consent term.
 */
export async function inviteChild(
  ctx: TestContext,
  as: Session,
  clubId: string,
  child: { name: string; unitId?: string | null; birthDate: string; guardianName: string; relationship: string },
): Promise<{ memberId: string; profileId: string; guardian: Session }> {
  const base = `/api/clubs/${clubId}`;
  const added = await call(ctx.app, 'POST', `${base}/members`, { as, body: { mode: 'accountless', full_name: child.name, role: 'member', unit_id: child.unitId ?? null } });
  if (added.statusCode !== 201) throw new Error(`add child failed ${added.statusCode}: ${added.body}`);
  const memberId = added.json().member.id as string;
  await call(ctx.app, 'PUT', `${base}/members/${memberId}/family`, { as, body: { birth_date: child.birthDate } });
  const email = uniqueEmail('resp');
  const { token } = (await call(ctx.app, 'POST', `${base}/members/${memberId}/guardians`, { as, body: { full_name: child.guardianName, email, relationship: child.relationship } })).json();
  const guardian = await signUp(ctx.app, { name: child.guardianName, email });
  const version = (await call(ctx.app, 'GET', `/api/guardian-invitations/${token}`)).json().consent_version;
  const accepted = await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: guardian, body: { accept: true, consent_version: version } });
  if (accepted.statusCode !== 200) throw new Error(`accept invitation failed ${accepted.statusCode}: ${accepted.body}`);
  return { memberId, profileId: added.json().member.profile_id, guardian };
}
