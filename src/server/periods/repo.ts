import { clubTable } from '../db/club-table.js';
import type { TPeriod } from '../../shared/periods.js';

export interface PeriodFields {
  name: string;
  description: string | null;
  start_date: string;
  end_date: string;
  active: boolean;
}

/** A club's periods, newest start first (spec 7). */
export const periods = clubTable<TPeriod, PeriodFields>({
  table: 'periods',
  alias: 'p',
  columns: 'p.id, p.club_id, p.name, p.description, p.start_date, p.end_date, p.active, p.created_at, p.updated_at',
  fields: ['name', 'description', 'start_date', 'end_date', 'active'],
  orderBy: 'p.start_date DESC, p.id',
});
