import type { z } from 'zod';
import type { Db } from '../db/index.js';
import { CLUB_MSG, type ZCreateClub, type TClub } from '../../shared/clubs.js';
import { AppError, PG, isPgError } from '../core/errors.js';
import { MSG } from '../../shared/errors.js';
import { writeAudit } from '../audit/repo.js';
import * as repo from './repo.js';
import { clubCreatedHooks } from './hooks.js';

/** Creates a club and makes its creator an admin, in one transaction; at most `maxClubs` directed per account (0 = no limit). */
export async function createClub(db: Db, profileId: string, input: z.output<typeof ZCreateClub>, maxClubs = 0): Promise<TClub> {
  try {
    return await db.transaction(async (tx) => {
      if (maxClubs > 0) {
        // The account's row serialises its own concurrent creations, so the limit holds under a burst.
        await repo.lockProfile(tx, profileId);
        if ((await repo.countDirectedClubs(tx, profileId)) >= maxClubs) throw new AppError('club_limit', 403, MSG.tooManyClubs);
      }
      const club = await repo.insertClub(tx, input);
      await repo.insertMembership(tx, { clubId: club.id, profileId, role: 'admin' });
      for (const hook of clubCreatedHooks) await hook(tx, club);
      await writeAudit(tx, { clubId: club.id, actorId: profileId, action: 'club.create', entity: 'club', entityId: club.id, after: club });
      return club;
    });
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw new AppError('slug_taken', 409, CLUB_MSG.slugTaken);
    throw err;
  }
}
