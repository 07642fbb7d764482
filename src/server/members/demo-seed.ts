import type { DemoStep } from '../demo/context.js';
import { hashToken, newSessionToken } from '../auth/session.js';
import { INVITATION_DAYS } from '../../shared/members.js';

/** An open invitation: a new counsellor invited by e-mail, not yet registered. Prints its link. */
export const seedDemoInvitations: DemoStep = async ({ db, clubId, adminId, unitIds }) => {
  const token = newSessionToken();
  await db.query(
    `INSERT INTO club_invitations (club_id, token_hash, email, role, unit_id, created_by, expires_at)
     VALUES ($1, $2, 'nova.conselheira@demo.trilha.app', 'Conselheiro(a)', $3, $4, now() + make_interval(days => $5::int))`,
    [clubId, hashToken(token), unitIds[2] ?? null, adminId, INVITATION_DAYS],
  );
  console.log(`Convite aberto de demonstração: /convite/${token}`);
};
