import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';

/** The member's name, all-time points and position in the club, how many are ranked, and their unit. */
export function getHomeHead(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<{ full_name: string; total_points: number; ranking: number | null; ranked_count: number; unit_id: string | null }>(
    q,
    `SELECT p.full_name, coalesce(r.total_points, 0)::int AS total_points, r.ranking::int AS ranking, cm.unit_id,
            (SELECT count(*)::int FROM v_individual_ranking a WHERE a.club_id = $1) AS ranked_count
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN v_individual_ranking r ON r.club_id = cm.club_id AND r.profile_id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.profile_id = $2`,
    [clubId, profileId],
  );
}

/** The club's current active period (the latest started) with the member's points in it. */
export function getCurrentPeriodPoints(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<{ id: string; name: string; points: number }>(
    q,
    `SELECT pr.id, pr.name,
            (SELECT coalesce(sum(pe.points), 0)::int FROM point_events pe
              WHERE pe.club_id = pr.club_id AND pe.profile_id = $2 AND pe.occurred_at BETWEEN pr.start_date AND pr.end_date) AS points
       FROM periods pr WHERE pr.club_id = $1 AND pr.active AND now() BETWEEN pr.start_date AND pr.end_date
      ORDER BY pr.start_date DESC LIMIT 1`,
    [clubId, profileId],
  );
}

/**
 * How long from now the home's current period ({@link getCurrentPeriodPoints}) stays the same: until an
 * active period's start or end passes, compared with now() as that read compares them. Infinity when none is ahead.
 */
export async function currentPeriodUnchangedForMs(q: Queryable, clubId: string): Promise<number> {
  const [row] = await q.query<{ ms: string | null }>(
    `SELECT floor(1000 * extract(epoch FROM least(
              (SELECT min(pr.start_date::timestamptz) FROM periods pr WHERE pr.club_id = $1 AND pr.active AND pr.start_date::timestamptz > now()),
              (SELECT min(pr.end_date::timestamptz) FROM periods pr WHERE pr.club_id = $1 AND pr.active AND pr.end_date::timestamptz > now())
            ) - now()))::text AS ms`,
    [clubId],
  );
  return row?.ms == null ? Infinity : Number(row.ms);
}

/** A unit with its position in the club's unit ranking and how many units are ranked. */
export function getUnitStanding(q: Queryable, clubId: string, unitId: string) {
  return maybeOne<{ id: string; name: string; color: string; ranking: number | null; unit_count: number }>(
    q,
    `SELECT u.id, u.name, u.color, r.ranking::int AS ranking,
            (SELECT count(*)::int FROM v_unit_ranking a WHERE a.club_id = $1) AS unit_count
       FROM units u LEFT JOIN v_unit_ranking r ON r.club_id = u.club_id AND r.unit_id = u.id
      WHERE u.club_id = $1 AND u.id = $2`,
    [clubId, unitId],
  );
}
