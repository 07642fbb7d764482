import { PERIOD_MSG, ZPeriod, ZPeriodInput } from '../../shared/periods.js';
import { clubRecordRoutes } from '../clubs/club-record-routes.js';
import { periods } from './repo.js';
import { periodRecords } from './service.js';

export const periodRoutes = clubRecordRoutes({
  collection: 'periods',
  param: 'periodId',
  manage: 'periods.manage',
  record: ZPeriod,
  input: ZPeriodInput,
  notFound: PERIOD_MSG.notFound,
  summaries: {
    list: 'Períodos do clube, mais recentes primeiro',
    get: 'Um período',
    create: 'Criar período (admin)',
    update: 'Editar período (admin)',
    remove: 'Excluir período (admin)',
  },
  table: periods,
  records: periodRecords,
});
