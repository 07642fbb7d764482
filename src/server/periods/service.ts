import { PERIOD_MSG } from '../../shared/periods.js';
import { clubRecords } from '../clubs/club-records.js';
import { periods } from './repo.js';

export const periodRecords = clubRecords(periods, {
  entity: 'period', notFound: PERIOD_MSG.notFound, inUse: { code: 'period_in_use', message: PERIOD_MSG.deleteError },
});
