-- Issue 12, screen reads at 1,000 clubs. The rankings and the profile sum a club's (or a member's)
-- ledger rows; carrying the summed columns in the index lets PostgreSQL answer from the index alone
-- (index-only scan, already ordered for the grouping) instead of visiting a heap page per event.
-- Same key columns as the indexes they replace, so every foreign key stays covered.
CREATE INDEX point_events_profile_points_idx ON point_events (club_id, profile_id) INCLUDE (points, source);
DROP INDEX point_events_profile_idx;
CREATE INDEX point_events_unit_points_idx ON point_events (club_id, unit_id) INCLUDE (points);
DROP INDEX point_events_unit_idx;
-- Period rankings: the club's events of a date range.
CREATE INDEX point_events_club_time_points_idx ON point_events (club_id, occurred_at) INCLUDE (profile_id, unit_id, points);
DROP INDEX point_events_club_idx;

-- A club's badge list counts the awards of each badge in that club only.
CREATE INDEX member_badges_club_badge_idx ON member_badges (club_id, badge_id);

-- The super admin's club list counts active members (platform total and per club on the page):
-- an index-only count over active memberships instead of reading every membership row.
CREATE INDEX club_members_active_club_idx ON club_members (club_id) WHERE active;

-- The individual rankings (0120's views, unchanged otherwise) join the member's unit through the club
-- too (units_club_id_id_key): PostgreSQL then reads the club's few units instead of hashing every unit
-- of the platform (a sequential scan of 6,000 units at 1,000 clubs on each ranking read).
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
      LEFT JOIN units u ON u.id = cm.unit_id AND u.club_id = cm.club_id
     WHERE cm.active AND (t.profile_id IS NOT NULL OR cm.role IN ('member', 'Desbravador(a)'))
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
      LEFT JOIN units u ON u.id = cm.unit_id AND u.club_id = cm.club_id
     WHERE cm.active AND (t.profile_id IS NOT NULL OR cm.role IN ('member', 'Desbravador(a)'))
  ) r
 WHERE scorers > 0;
