import type { Queryable } from '../db/index.js';
import { FAMILY_MSG } from '../../shared/families.js';
import { notFound } from '../core/errors.js';
import { isUuid } from '../../shared/ids.js';
import * as repo from './repo.js';
import type { GuardianLink } from './repo.js';

/** A guardian link and the rule of one in force (as SQL) live in `repo.ts` with the other queries. */
export { GUARDIAN_IN_FORCE_SQL, type GuardianLink } from './repo.js';

/**
 * A guardian is not a club member: this is their only way in. The signed-in account must be an
 * accepted guardian of that member record, in an active club, with the membership active. Anything
 * else (another child, a sibling club, an unknown id) is 404, exactly as for a record that does not exist.
 */
export async function findGuardianLink(q: Queryable, guardianProfileId: string, memberId: string): Promise<GuardianLink> {
  if (!isUuid(memberId)) throw notFound(FAMILY_MSG.childNotFound);
  const row = await repo.findGuardianLinkRow(q, guardianProfileId, memberId);
  if (!row) throw notFound(FAMILY_MSG.childNotFound);
  return row;
}

/** A linked child whose data may be read: consent in force. A withdrawn consent hides the data (404). */
export async function requireGuardianOf(q: Queryable, guardianProfileId: string, memberId: string): Promise<GuardianLink> {
  const link = await findGuardianLink(q, guardianProfileId, memberId);
  if (!link.consented) throw notFound(FAMILY_MSG.childNotFound);
  return link;
}
