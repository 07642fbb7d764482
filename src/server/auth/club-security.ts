import type { Db } from '../db/index.js';
import { SECURITY_MSG, type TClubSecurity } from '../../shared/security.js';
import { AppError, badRequest } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import * as repo from './repo.js';

/** The club's security rules (today: two-step verification required of admins and treasurers). */
export async function getClubSecurity(db: Db, clubId: string): Promise<TClubSecurity> {
  const row = await repo.getClubSecurity(db, clubId);
  if (!row) throw new AppError('not_found', 404, 'Clube não encontrado');
  return row;
}

/**
 * Turns the 'exigir verificação em duas etapas' rule on or off, audited in the club's log (issue 44).
 * Nobody turns it on without meeting it: the admin would lock themselves out.
 */
export async function setClubSecurity(db: Db, access: ClubAccess, aal: string | undefined, input: TClubSecurity): Promise<TClubSecurity> {
  if (input.require_mfa_admins && aal !== 'aal2') throw badRequest(SECURITY_MSG.enableYourselfFirst);
  return db.transaction(async (tx) => {
    const before = await repo.lockClubSecurity(tx, access.clubId);
    if (!before) throw new AppError('not_found', 404, 'Clube não encontrado');
    if (before.require_mfa_admins === input.require_mfa_admins) return before;
    const row = await repo.setClubRequireMfa(tx, access.clubId, input.require_mfa_admins);
    await writeAudit(tx, {
      clubId: access.clubId, actorId: access.profileId, action: 'club.security_update', entity: 'club', entityId: access.clubId,
      before, after: row,
    });
    return row;
  });
}
