import type { Db } from '../db/index.js';
import { UNIT_MSG, type TUnit } from '../../shared/units.js';
import { AppError, PG, isInUse, isPgError, notFound } from '../http/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { ClubAccess } from '../http/access.js';
import * as repo from './repo.js';

/** 'Águias' and 'aguias ' are the same unit to a reader: the unique index on the folded name says so. */
function sameName(err: unknown): never {
  if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'units_club_name_key') throw new AppError('conflict', 409, UNIT_MSG.nameTaken);
  throw err;
}

export async function createUnit(db: Db, access: ClubAccess, input: repo.UnitFields): Promise<TUnit> {
  return db.transaction(async (tx) => {
    const unit = await repo.insertUnit(tx, access.clubId, input);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'unit.create', entity: 'unit', entityId: unit.id, after: unit });
    return unit;
  }).catch(sameName);
}

export async function updateUnit(db: Db, access: ClubAccess, unitId: string, input: repo.UnitFields): Promise<TUnit> {
  return db.transaction(async (tx) => {
    const before = await repo.getUnit(tx, access.clubId, unitId);
    const unit = await repo.updateUnit(tx, access.clubId, unitId, input);
    if (!before || !unit) throw notFound(UNIT_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'unit.update', entity: 'unit', entityId: unit.id, before, after: unit });
    return unit;
  }).catch(sameName);
}

/** The database refuses to delete a unit that still has members; that becomes the spec's message. */
export async function deleteUnit(db: Db, access: ClubAccess, unitId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const unit = await repo.deleteUnit(tx, access.clubId, unitId);
      if (!unit) throw notFound(UNIT_MSG.notFound);
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'unit.delete', entity: 'unit', entityId: unit.id, before: unit });
    });
  } catch (err) {
    if (isInUse(err)) throw new AppError('unit_in_use', 409, UNIT_MSG.deleteError);
    throw err;
  }
}
