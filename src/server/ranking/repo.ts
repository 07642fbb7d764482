import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TIndividualRankingRow, TRankingPeriod, TUnitRankingRow } from '../../shared/ranking.js';

const INDIVIDUAL = 'profile_id, club_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points';
const UNIT = 'unit_id, club_id, ranking, unit_name, color, total_members, total_points';

/** v_individual_ranking by club ordered by ranking (spec 7), or its period variant. */
export function individualRanking(q: Queryable, clubId: string, periodId?: string) {
  return periodId
    ? q.query<TIndividualRankingRow>(
      `SELECT ${INDIVIDUAL} FROM v_individual_ranking_period WHERE club_id = $1 AND period_id = $2 ORDER BY ranking, full_name, profile_id`,
      [clubId, periodId],
    )
    : q.query<TIndividualRankingRow>(`SELECT ${INDIVIDUAL} FROM v_individual_ranking WHERE club_id = $1 ORDER BY ranking, full_name, profile_id`, [clubId]);
}

/** v_unit_ranking by club ordered by ranking (spec 7), or its period variant. */
export function unitRanking(q: Queryable, clubId: string, periodId?: string) {
  return periodId
    ? q.query<TUnitRankingRow>(
      `SELECT ${UNIT} FROM v_unit_ranking_period WHERE club_id = $1 AND period_id = $2 ORDER BY ranking, unit_name, unit_id`,
      [clubId, periodId],
    )
    : q.query<TUnitRankingRow>(`SELECT ${UNIT} FROM v_unit_ranking WHERE club_id = $1 ORDER BY ranking, unit_name, unit_id`, [clubId]);
}

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
