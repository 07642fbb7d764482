import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TIndividualRankingRow, TRankingPeriod, TUnitRankingRow } from '../../shared/ranking.js';

const INDIVIDUAL = 'profile_id, club_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points';
const UNIT = 'unit_id, club_id, ranking, unit_name, color, total_members, total_points';

const SQL = {
  individual: `SELECT ${INDIVIDUAL} FROM v_individual_ranking WHERE club_id = $1 ORDER BY ranking, full_name, profile_id`,
  individualPeriod: `SELECT ${INDIVIDUAL} FROM v_individual_ranking_period WHERE club_id = $1 AND period_id = $2 ORDER BY ranking, full_name, profile_id`,
  units: `SELECT ${UNIT} FROM v_unit_ranking WHERE club_id = $1 ORDER BY ranking, unit_name, unit_id`,
  unitsPeriod: `SELECT ${UNIT} FROM v_unit_ranking_period WHERE club_id = $1 AND period_id = $2 ORDER BY ranking, unit_name, unit_id`,
};

/** v_individual_ranking by club ordered by ranking (spec 7), or its period variant. */
export function individualRanking(q: Queryable, clubId: string, periodId?: string) {
  return periodId
    ? q.query<TIndividualRankingRow>(SQL.individualPeriod, [clubId, periodId])
    : q.query<TIndividualRankingRow>(SQL.individual, [clubId]);
}

/** v_unit_ranking by club ordered by ranking (spec 7), or its period variant. */
export function unitRanking(q: Queryable, clubId: string, periodId?: string) {
  return periodId ? q.query<TUnitRankingRow>(SQL.unitsPeriod, [clubId, periodId]) : q.query<TUnitRankingRow>(SQL.units, [clubId]);
}

/** The statement a ranking read sends, with its (uuid) parameters written in: for pgbench in bench/run.ts. */
function literal(sql: string, params: string[]): string {
  return params.reduce((text, value, i) => text.replace(`$${i + 1}`, `'${value.replace(/'/g, "''")}'`), sql);
}
export const individualRankingSql = (clubId: string, periodId?: string) =>
  periodId ? literal(SQL.individualPeriod, [clubId, periodId]) : literal(SQL.individual, [clubId]);
export const unitRankingSql = (clubId: string, periodId?: string) =>
  periodId ? literal(SQL.unitsPeriod, [clubId, periodId]) : literal(SQL.units, [clubId]);

export function listPeriods(q: Queryable, clubId: string) {
  return q.query<TRankingPeriod>(
    `SELECT id, name, start_date, end_date, active FROM periods WHERE club_id = $1 ORDER BY start_date DESC`,
    [clubId],
  );
}

export function findPeriod(q: Queryable, clubId: string, periodId: string) {
  return maybeOne<{ id: string }>(q, `SELECT id FROM periods WHERE club_id = $1 AND id = $2`, [clubId, periodId]);
}

/** Active units of the club, for 'Pontuar unidade'. */
export function listUnitOptions(q: Queryable, clubId: string) {
  return q.query<{ id: string; name: string; color: string }>(
    `SELECT id, name, color FROM units WHERE club_id = $1 AND active ORDER BY name`,
    [clubId],
  );
}
