import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TIndividualRankingRow, TRankingPeriod, TUnitRankingRow } from '../../shared/ranking.js';

const INDIVIDUAL = 'profile_id, club_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points';
const UNIT = 'unit_id, club_id, ranking, unit_name, color, total_members, total_points';

const SQL = {
  individual: `SELECT ${INDIVIDUAL} FROM v_individual_ranking WHERE club_id = $1 ORDER BY ranking, pt_sort_key(full_name) COLLATE "C", full_name, profile_id`,
  individualPeriod: `SELECT ${INDIVIDUAL} FROM v_individual_ranking_period WHERE club_id = $1 AND period_id = $2 ORDER BY ranking, pt_sort_key(full_name) COLLATE "C", full_name, profile_id`,
  units: `SELECT ${UNIT} FROM v_unit_ranking WHERE club_id = $1 ORDER BY ranking, pt_sort_key(unit_name) COLLATE "C", unit_name, unit_id`,
  unitsPeriod: `SELECT ${UNIT} FROM v_unit_ranking_period WHERE club_id = $1 AND period_id = $2 ORDER BY ranking, pt_sort_key(unit_name) COLLATE "C", unit_name, unit_id`,
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

/**
 * The same rows as one JSON text, written by PostgreSQL: row_to_json of the columns in the order of
 * the response schema, joined in the statement's order. The text is byte for byte what the compiled
 * serializer writes for the rows (ranking.test.ts checks it on both engines), so the route sends it
 * as it comes: the server parses one column instead of eight per member and serializes nothing.
 */
function asJsonArray(sql: string): string {
  const order = / ORDER BY (.+)$/.exec(sql);
  if (!order) throw new Error('a ranking statement ends with its ORDER BY');
  return `SELECT '[' || coalesce(string_agg(row_to_json(r)::text, ',' ORDER BY ${order[1]}), '') || ']' AS json
    FROM (${sql.slice(0, order.index)}) r`;
}
const JSON_SQL = {
  individual: asJsonArray(SQL.individual),
  individualPeriod: asJsonArray(SQL.individualPeriod),
  units: asJsonArray(SQL.units),
  unitsPeriod: asJsonArray(SQL.unitsPeriod),
};

async function jsonText(q: Queryable, sql: string, params: string[]): Promise<string> {
  const [row] = await q.query<{ json: string }>(sql, params);
  return row?.json ?? '[]';
}

/** individualRanking as the JSON array the route answers. */
export function individualRankingJson(q: Queryable, clubId: string, periodId?: string): Promise<string> {
  return periodId ? jsonText(q, JSON_SQL.individualPeriod, [clubId, periodId]) : jsonText(q, JSON_SQL.individual, [clubId]);
}

/** unitRanking as the JSON array the route answers. */
export function unitRankingJson(q: Queryable, clubId: string, periodId?: string): Promise<string> {
  return periodId ? jsonText(q, JSON_SQL.unitsPeriod, [clubId, periodId]) : jsonText(q, JSON_SQL.units, [clubId]);
}

/** The statement a ranking read sends, with its (uuid) parameters written in: for pgbench in bench/run.ts. */
function literal(sql: string, params: string[]): string {
  return params.reduce((text, value, i) => text.replace(`$${i + 1}`, `'${value.replace(/'/g, "''")}'`), sql);
}
export const individualRankingSql = (clubId: string, periodId?: string) =>
  periodId ? literal(JSON_SQL.individualPeriod, [clubId, periodId]) : literal(JSON_SQL.individual, [clubId]);
export const unitRankingSql = (clubId: string, periodId?: string) =>
  periodId ? literal(JSON_SQL.unitsPeriod, [clubId, periodId]) : literal(JSON_SQL.units, [clubId]);

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
    `SELECT id, name, color FROM units WHERE club_id = $1 AND active ORDER BY pt_sort_key(name) COLLATE "C", name, id`,
    [clubId],
  );
}
