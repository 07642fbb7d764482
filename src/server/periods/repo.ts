import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TPeriod } from '../../shared/periods.js';

export interface PeriodFields {
  name: string;
  description: string | null;
  start_date: string;
  end_date: string;
  active: boolean;
}

const COLUMNS = 'p.id, p.club_id, p.name, p.description, p.start_date, p.end_date, p.active, p.created_at, p.updated_at';

/** A club's periods, newest start first (spec 7). */
export function listPeriods(q: Queryable, clubId: string) {
  return q.query<TPeriod>(`SELECT ${COLUMNS} FROM periods p WHERE p.club_id = $1 ORDER BY p.start_date DESC, p.id`, [clubId]);
}

export function getPeriod(q: Queryable, clubId: string, periodId: string) {
  return maybeOne<TPeriod>(q, `SELECT ${COLUMNS} FROM periods p WHERE p.club_id = $1 AND p.id = $2`, [clubId, periodId]);
}

export function insertPeriod(q: Queryable, clubId: string, f: PeriodFields) {
  return one<TPeriod>(
    q,
    `INSERT INTO periods AS p (club_id, name, description, start_date, end_date, active)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [clubId, f.name, f.description, f.start_date, f.end_date, f.active],
  );
}

export function updatePeriod(q: Queryable, clubId: string, periodId: string, f: PeriodFields) {
  return maybeOne<TPeriod>(
    q,
    `UPDATE periods AS p SET name = $3, description = $4, start_date = $5, end_date = $6, active = $7, updated_at = now()
      WHERE p.club_id = $1 AND p.id = $2 RETURNING ${COLUMNS}`,
    [clubId, periodId, f.name, f.description, f.start_date, f.end_date, f.active],
  );
}

export function deletePeriod(q: Queryable, clubId: string, periodId: string) {
  return maybeOne<TPeriod>(q, `DELETE FROM periods AS p WHERE p.club_id = $1 AND p.id = $2 RETURNING ${COLUMNS}`, [clubId, periodId]);
}
