import type { Db } from '../db/index.js';
import { PERIOD_MSG, type TPeriod } from '../../shared/periods.js';
import { AppError, isInUse, notFound } from '../http/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { ClubAccess } from '../http/access.js';
import * as repo from './repo.js';

export async function createPeriod(db: Db, access: ClubAccess, input: repo.PeriodFields): Promise<TPeriod> {
  return db.transaction(async (tx) => {
    const period = await repo.insertPeriod(tx, access.clubId, input);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'period.create', entity: 'period', entityId: period.id, after: period });
    return period;
  });
}

export async function updatePeriod(db: Db, access: ClubAccess, periodId: string, input: repo.PeriodFields): Promise<TPeriod> {
  return db.transaction(async (tx) => {
    const before = await repo.getPeriod(tx, access.clubId, periodId);
    const period = await repo.updatePeriod(tx, access.clubId, periodId, input);
    if (!before || !period) throw notFound(PERIOD_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'period.update', entity: 'period', entityId: period.id, before, after: period });
    return period;
  });
}

export async function deletePeriod(db: Db, access: ClubAccess, periodId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const period = await repo.deletePeriod(tx, access.clubId, periodId);
      if (!period) throw notFound(PERIOD_MSG.notFound);
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'period.delete', entity: 'period', entityId: period.id, before: period });
    });
  } catch (err) {
    if (isInUse(err)) throw new AppError('period_in_use', 409, PERIOD_MSG.deleteError);
    throw err;
  }
}
