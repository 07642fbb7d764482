import { UNIT_MSG } from '../../shared/units.js';
import { AppError, PG, isPgError } from '../core/errors.js';
import { clubRecords } from '../clubs/club-records.js';
import { units } from './repo.js';

/** 'Águias' and 'aguias ' are the same unit to a reader: the unique index on the folded name says so. */
function sameName(err: unknown): never {
  if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'units_club_name_key') throw new AppError('conflict', 409, UNIT_MSG.nameTaken);
  throw err;
}

/** The database refuses to delete a unit that still has members; that becomes the spec's message. */
export const unitRecords = clubRecords(units, {
  entity: 'unit', notFound: UNIT_MSG.notFound, inUse: { code: 'unit_in_use', message: UNIT_MSG.deleteError }, refuseSave: sameName,
});
