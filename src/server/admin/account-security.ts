import type { Db } from '../db/index.js';
import { SECURITY_MSG } from '../../shared/security.js';
import { AppError } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { deleteSessionsOf, lockPromotableProfile, promoteToSuperAdmin } from '../auth/repo.js';
import { deleteFactors, deleteRecoveryCodes } from '../auth/mfa-repo.js';

/**
 * The super admin turns off the two-step verification of someone who lost the phone and the codes:
 * the factors and recovery codes go, every session of the account ends, and the platform's audit
 * says who did it (issue 44). 404 when the account had no factor.
 */
export async function resetTwoStep(db: Db, actorId: string, profileId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const factors = await deleteFactors(tx, profileId);
    if (factors === 0) throw new AppError('not_found', 404, SECURITY_MSG.mfaNotOn);
    await deleteRecoveryCodes(tx, profileId);
    await deleteSessionsOf(tx, profileId);
    await writeAudit(tx, {
      clubId: null, actorId, action: 'profile.mfa_reset', entity: 'profile', entityId: profileId,
      before: { factors }, after: { factors: 0, sessions_ended: true },
    });
  });
}

/**
 * `npm run superadmin -- EMAIL` through the local channel: the account with that e-mail (and a
 * password) becomes super admin, audited like a promotion in /superadmin, with no actor (the
 * machine's operator, shown as 'Sistema'). False when no such account exists.
 */
export async function promoteLocally(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockPromotableProfile(tx, email);
    if (!before) return false;
    await promoteToSuperAdmin(tx, email);
    if (before.user_type !== 'super_admin') {
      await writeAudit(tx, {
        clubId: null, actorId: null, action: 'profile.promote', entity: 'profile', entityId: before.id,
        before: { user_type: before.user_type }, after: { user_type: 'super_admin', via: 'local_admin' },
      });
    }
    return true;
  });
}
