-- Issue 18: every active member whose function is a participant's — Membro ('member') or
-- Desbravador(a), the default function of a new member (RANKED_ROLES in src/shared/members.ts) — is
-- on the individual ranking, with 0 points when they have none (sharing the last position); other
-- functions (leaders) appear only with points. Every active unit is on the unit ranking. While nobody in the club (or period)
-- has scored, the rankings stay empty so the screen shows 'Nenhuma pontuação registrada ainda.'.
-- Set-based: totals are grouped once and joined; the "anyone scored" test is a window count over
-- the same rows. Filters on club_id (and period_id) are partition keys of every window, so
-- PostgreSQL pushes them down into the grouped ledger scan.

CREATE OR REPLACE VIEW v_individual_ranking AS
SELECT profile_id, club_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points
  FROM (
    SELECT cm.profile_id, cm.club_id,
           rank() OVER (PARTITION BY cm.club_id ORDER BY coalesce(t.total_points, 0) DESC)::int AS ranking,
           p.full_name, u.name AS unit_name, u.color AS unit_color,
           coalesce(d.total_tasks, 0) AS total_tasks, coalesce(t.total_points, 0) AS total_points,
           count(t.profile_id) OVER (PARTITION BY cm.club_id) AS scorers
      FROM club_members cm
      JOIN profiles p ON p.id = cm.profile_id
      LEFT JOIN (
        SELECT pe.club_id, pe.profile_id, sum(pe.points)::int AS total_points
          FROM point_events pe
         WHERE pe.profile_id IS NOT NULL
         GROUP BY pe.club_id, pe.profile_id
      ) t ON t.club_id = cm.club_id AND t.profile_id = cm.profile_id
      LEFT JOIN (
        SELECT tc.club_id, tc.profile_id, count(*)::int AS total_tasks
          FROM task_completions tc
         GROUP BY tc.club_id, tc.profile_id
      ) d ON d.club_id = cm.club_id AND d.profile_id = cm.profile_id
      LEFT JOIN units u ON u.id = cm.unit_id
     WHERE cm.active AND (t.profile_id IS NOT NULL OR cm.role IN ('member', 'Desbravador(a)'))
  ) r
 WHERE scorers > 0;

-- Active members per unit, grouped once (no count per unit row).
CREATE VIEW v_unit_active_members AS
SELECT cm.club_id, cm.unit_id, count(*)::int AS total_members
  FROM club_members cm
 WHERE cm.active AND cm.unit_id IS NOT NULL
 GROUP BY cm.club_id, cm.unit_id;

CREATE OR REPLACE VIEW v_unit_ranking AS
SELECT unit_id, club_id, ranking, unit_name, color, total_members, total_points
  FROM (
    SELECT u.id AS unit_id, u.club_id,
           rank() OVER (PARTITION BY u.club_id ORDER BY coalesce(t.total_points, 0) DESC)::int AS ranking,
           u.name AS unit_name, u.color,
           coalesce(m.total_members, 0) AS total_members,
           coalesce(t.total_points, 0) AS total_points,
           count(t.unit_id) OVER (PARTITION BY u.club_id) AS scorers
      FROM units u
      LEFT JOIN (
        SELECT pe.club_id, pe.unit_id, sum(pe.points)::int AS total_points
          FROM point_events pe
         WHERE pe.unit_id IS NOT NULL
         GROUP BY pe.club_id, pe.unit_id
      ) t ON t.club_id = u.club_id AND t.unit_id = u.id
      LEFT JOIN v_unit_active_members m ON m.club_id = u.club_id AND m.unit_id = u.id
     WHERE u.active
  ) r
 WHERE scorers > 0;

CREATE OR REPLACE VIEW v_individual_ranking_period AS
SELECT period_id, profile_id, club_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points
  FROM (
    SELECT pr.id AS period_id, cm.profile_id, cm.club_id,
           rank() OVER (PARTITION BY cm.club_id, pr.id ORDER BY coalesce(t.total_points, 0) DESC)::int AS ranking,
           p.full_name, u.name AS unit_name, u.color AS unit_color,
           coalesce(d.total_tasks, 0) AS total_tasks, coalesce(t.total_points, 0) AS total_points,
           count(t.profile_id) OVER (PARTITION BY cm.club_id, pr.id) AS scorers
      FROM periods pr
      JOIN club_members cm ON cm.club_id = pr.club_id
      JOIN profiles p ON p.id = cm.profile_id
      LEFT JOIN (
        SELECT pr2.id AS period_id, pe.profile_id, sum(pe.points)::int AS total_points
          FROM periods pr2
          JOIN point_events pe ON pe.club_id = pr2.club_id AND pe.occurred_at BETWEEN pr2.start_date AND pr2.end_date
         WHERE pe.profile_id IS NOT NULL
         GROUP BY pr2.id, pe.profile_id
      ) t ON t.period_id = pr.id AND t.profile_id = cm.profile_id
      LEFT JOIN (
        SELECT pr3.id AS period_id, tc.profile_id, count(*)::int AS total_tasks
          FROM periods pr3
          JOIN task_completions tc ON tc.club_id = pr3.club_id AND tc.completed_at BETWEEN pr3.start_date AND pr3.end_date
         GROUP BY pr3.id, tc.profile_id
      ) d ON d.period_id = pr.id AND d.profile_id = cm.profile_id
      LEFT JOIN units u ON u.id = cm.unit_id
     WHERE cm.active AND (t.profile_id IS NOT NULL OR cm.role IN ('member', 'Desbravador(a)'))
  ) r
 WHERE scorers > 0;

CREATE OR REPLACE VIEW v_unit_ranking_period AS
SELECT period_id, unit_id, club_id, ranking, unit_name, color, total_members, total_points
  FROM (
    SELECT pr.id AS period_id, u.id AS unit_id, u.club_id,
           rank() OVER (PARTITION BY u.club_id, pr.id ORDER BY coalesce(t.total_points, 0) DESC)::int AS ranking,
           u.name AS unit_name, u.color,
           coalesce(m.total_members, 0) AS total_members,
           coalesce(t.total_points, 0) AS total_points,
           count(t.unit_id) OVER (PARTITION BY u.club_id, pr.id) AS scorers
      FROM periods pr
      JOIN units u ON u.club_id = pr.club_id
      LEFT JOIN (
        SELECT pr2.id AS period_id, pe.unit_id, sum(pe.points)::int AS total_points
          FROM periods pr2
          JOIN point_events pe ON pe.club_id = pr2.club_id AND pe.occurred_at BETWEEN pr2.start_date AND pr2.end_date
         WHERE pe.unit_id IS NOT NULL
         GROUP BY pr2.id, pe.unit_id
      ) t ON t.period_id = pr.id AND t.unit_id = u.id
      LEFT JOIN v_unit_active_members m ON m.club_id = u.club_id AND m.unit_id = u.id
     WHERE u.active
  ) r
 WHERE scorers > 0;
