import { UNIT_MSG, ZUnit, ZUnitInput } from '../../shared/units.js';
import { clubRecordRoutes } from '../clubs/club-record-routes.js';
import { units } from './repo.js';
import { unitRecords } from './service.js';

export const unitRoutes = clubRecordRoutes({
  collection: 'units',
  param: 'unitId',
  manage: 'units.manage',
  record: ZUnit,
  input: ZUnitInput,
  notFound: UNIT_MSG.notFound,
  summaries: {
    list: 'Unidades do clube, por nome',
    get: 'Uma unidade',
    create: 'Criar unidade (admin)',
    update: 'Editar unidade (admin)',
    remove: 'Excluir unidade sem membros (admin)',
  },
  table: units,
  records: unitRecords,
});
