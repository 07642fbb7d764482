import type { Queryable } from '../db/index.js';
import type { TReportKind } from '../../shared/programme-reports.js';

/**
 * The programme's reports (reports.ts): SQL over the requisitos each item uses in the club (its own
 * list, else the platform's), the enrolments of active members and their signatures.
 */

/** The requisitos in use for the items the club has enrolments in, with each enrolment's progress. */
const PROGRESS_CTE = `
  reqs AS (
    SELECT r.id, r.item_code, r.section_code, r.position, r.text
      FROM programme_requirements r
     WHERE r.item_code IN (SELECT DISTINCT item_code FROM programme_enrolments WHERE club_id = $1)
       AND (r.club_id = $1 OR (r.club_id IS NULL AND NOT EXISTS (
            SELECT 1 FROM programme_requirements o WHERE o.club_id = $1 AND o.item_code = r.item_code)))
  ), totals AS (
    SELECT item_code, count(*)::int AS total FROM reqs GROUP BY item_code
  ), signed AS (
    SELECT s.enrolment_id, count(*)::int AS n FROM programme_signatures s JOIN reqs r ON r.id = s.requirement_id
     WHERE s.club_id = $1 GROUP BY s.enrolment_id
  ), prog AS (
    SELECT e.id, e.member_id, e.item_code, e.kind, e.completed_on, e.invested_on, cm.unit_id, cm.profile_id,
           coalesce(t.total, 0) AS total,
           -- An invested item is whole, whatever its list became afterwards.
           CASE WHEN e.invested_on IS NOT NULL THEN coalesce(t.total, 0) ELSE least(coalesce(sg.n, 0), coalesce(t.total, 0)) END AS signed
      FROM programme_enrolments e
      JOIN club_members cm ON cm.id = e.member_id AND cm.club_id = e.club_id AND cm.active
      LEFT JOIN totals t ON t.item_code = e.item_code
      LEFT JOIN signed sg ON sg.enrolment_id = e.id
     WHERE e.club_id = $1
  )`;

const AGGREGATES = `
  count(*)::int AS enrolled,
  count(*) FILTER (WHERE p.completed_on IS NULL AND p.invested_on IS NULL)::int AS in_progress,
  count(*) FILTER (WHERE p.completed_on IS NOT NULL AND p.invested_on IS NULL)::int AS ready,
  count(*) FILTER (WHERE p.invested_on IS NOT NULL)::int AS invested,
  coalesce(sum(p.signed), 0)::int AS signed,
  coalesce(sum(p.total), 0)::int AS total,
  CASE WHEN sum(p.total) > 0 THEN floor(100.0 * sum(p.signed) / sum(p.total))::int ELSE 0 END AS percent`;

const REPORT_SQL = {
  classes: `WITH ${PROGRESS_CTE}
    SELECT p.item_code, i.name AS item_name, ${AGGREGATES}
      FROM prog p JOIN programme_items i ON i.code = p.item_code
     WHERE p.kind = 'class'
     GROUP BY p.item_code, i.name, i.position ORDER BY i.position, p.item_code`,
  units: `WITH ${PROGRESS_CTE}
    SELECT u.id AS unit_id, coalesce(u.name, 'Sem unidade') AS unit_name, ${AGGREGATES}
      FROM prog p LEFT JOIN units u ON u.id = p.unit_id
     WHERE p.kind = 'class'
     GROUP BY u.id, u.name ORDER BY pt_sort_key(u.name) COLLATE "C" NULLS LAST, u.id`,
  members: `WITH ${PROGRESS_CTE}, specialties AS (
      SELECT member_id, count(*)::int AS n FROM prog
       WHERE kind = 'specialty' AND (completed_on IS NOT NULL OR invested_on IS NOT NULL) GROUP BY member_id
    )
    SELECT p.member_id, pr.full_name, u.name AS unit_name, p.item_code, i.name AS item_name, p.signed, p.total,
           CASE WHEN p.total > 0 THEN floor(100.0 * p.signed / p.total)::int ELSE 0 END AS percent,
           CASE WHEN p.invested_on IS NOT NULL THEN 'investido' WHEN p.completed_on IS NOT NULL THEN 'pronto' ELSE 'em_andamento' END AS status,
           p.completed_on::text AS completed_on, p.invested_on::text AS invested_on,
           coalesce(sp.n, 0) AS specialties_completed
      FROM prog p JOIN profiles pr ON pr.id = p.profile_id JOIN programme_items i ON i.code = p.item_code
      LEFT JOIN units u ON u.id = p.unit_id
      LEFT JOIN specialties sp ON sp.member_id = p.member_id
     WHERE p.kind = 'class'
     ORDER BY pt_sort_key(pr.full_name) COLLATE "C", i.position, p.id`,
  // Requisitos of items someone is still working on (not invested) whose latest signature in the
  // club is on or before the cut-off (or that were never signed), and that one of them still lacks.
  // One pass over the club's signatures, not one look per requisito and member.
  stale: `WITH ${PROGRESS_CTE}, open_items AS (
      SELECT item_code, count(*)::int AS n FROM prog WHERE invested_on IS NULL GROUP BY item_code
    ), by_requirement AS (
      SELECT s.requirement_id, max(s.signed_on) AS last_signed_on,
             count(*) FILTER (WHERE p.id IS NOT NULL AND p.invested_on IS NULL)::int AS open_signed
        FROM programme_signatures s LEFT JOIN prog p ON p.id = s.enrolment_id
       WHERE s.club_id = $1 GROUP BY s.requirement_id
    )
    SELECT r.id AS requirement_id, r.item_code, i.name AS item_name, r.section_code, r.position, r.text,
           b.last_signed_on::text AS last_signed_on, oi.n - coalesce(b.open_signed, 0) AS waiting
      FROM reqs r JOIN programme_items i ON i.code = r.item_code
      JOIN open_items oi ON oi.item_code = r.item_code
      LEFT JOIN by_requirement b ON b.requirement_id = r.id
     WHERE (b.last_signed_on IS NULL OR b.last_signed_on <= $2::date) AND oi.n - coalesce(b.open_signed, 0) > 0
     ORDER BY i.position, r.position, r.id`,
  areas: `SELECT a.code AS area_code, a.name AS area_name, a.color,
           (SELECT count(*) FROM programme_items c WHERE c.area_code = a.code AND c.kind = 'specialty')::int AS catalogue,
           count(e.id) FILTER (WHERE e.completed_on IS NULL AND e.invested_on IS NULL)::int AS in_progress,
           count(e.id) FILTER (WHERE e.completed_on IS NOT NULL AND e.invested_on IS NULL)::int AS ready,
           count(e.id) FILTER (WHERE e.invested_on IS NOT NULL)::int AS invested,
           count(DISTINCT e.member_id)::int AS members
      FROM programme_areas a
      LEFT JOIN (programme_enrolments e
                 JOIN club_members cm ON cm.id = e.member_id AND cm.club_id = e.club_id AND cm.active
                 JOIN programme_items i ON i.code = e.item_code)
        ON i.area_code = a.code AND e.club_id = $1 AND e.kind = 'specialty'
     GROUP BY a.code, a.name, a.color, a.position ORDER BY a.position, a.code`,
} as const satisfies Record<TReportKind, string>;

/** The rows of a report over the club's enrolments (every kind but the stale one). */
export function reportRows(q: Queryable, clubId: string, kind: Exclude<TReportKind, 'stale'>): Promise<unknown[]> {
  return q.query(REPORT_SQL[kind], [clubId]);
}

/** The stale report's rows: requisitos whose latest signature is on or before `cutoff` (YYYY-MM-DD), or never signed. */
export function staleRows(q: Queryable, clubId: string, cutoff: string): Promise<unknown[]> {
  return q.query(REPORT_SQL.stale, [clubId, cutoff]);
}
