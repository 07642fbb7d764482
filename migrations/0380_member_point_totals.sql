-- The overall individual ranking and a member's profile read one row per member instead of adding up
-- the member's whole ledger on every read (a club's ranking summed all of its point_events, which only
-- grow: about 1,000 per club on the generated platform, 20 per member).
-- member_point_totals holds, per (club, profile) — the ledger's own key, so a member who leaves and
-- comes back keeps the same total the ledger gives — the number of ledger events, their points (in
-- total and per source, as the profile shows them) and the number of task completions. Triggers on
-- point_events and task_completions keep it exact in the same transaction as the change; the period
-- rankings still add up the ledger within their dates.
CREATE TABLE member_point_totals (
  club_id            uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id         uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  -- Ledger rows of the member: one with any row is on the ranking even at 0 points (0120).
  events             integer NOT NULL DEFAULT 0,
  total_points       bigint NOT NULL DEFAULT 0,
  points_tasks       bigint NOT NULL DEFAULT 0,
  points_badges      bigint NOT NULL DEFAULT 0,
  points_adjustments bigint NOT NULL DEFAULT 0,
  points_meetings    bigint NOT NULL DEFAULT 0,
  tasks_done         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (club_id, profile_id)
);
CREATE INDEX member_point_totals_profile_idx ON member_point_totals (profile_id);

-- Back-fill from the ledger and the completions as they stand.
INSERT INTO member_point_totals (club_id, profile_id, events, total_points, points_tasks, points_badges, points_adjustments, points_meetings, tasks_done)
SELECT coalesce(e.club_id, d.club_id), coalesce(e.profile_id, d.profile_id),
       coalesce(e.events, 0), coalesce(e.total_points, 0), coalesce(e.points_tasks, 0), coalesce(e.points_badges, 0),
       coalesce(e.points_adjustments, 0), coalesce(e.points_meetings, 0), coalesce(d.tasks_done, 0)
  FROM (
    SELECT club_id, profile_id, count(*)::int AS events, sum(points) AS total_points,
           coalesce(sum(points) FILTER (WHERE source IN ('task_completion', 'submission_approval', 'subtask_completion')), 0) AS points_tasks,
           coalesce(sum(points) FILTER (WHERE source = 'badge'), 0) AS points_badges,
           coalesce(sum(points) FILTER (WHERE source = 'manual'), 0) AS points_adjustments,
           coalesce(sum(points) FILTER (WHERE source = 'meeting'), 0) AS points_meetings
      FROM point_events WHERE profile_id IS NOT NULL GROUP BY club_id, profile_id
  ) e
  FULL JOIN (
    SELECT club_id, profile_id, count(*)::int AS tasks_done FROM task_completions GROUP BY club_id, profile_id
  ) d ON d.club_id = e.club_id AND d.profile_id = e.profile_id;

-- Ledger rows added or taken away by one statement, grouped per member. Added rows are upserted in key
-- order, so two transactions scoring several members lock their rows in the same order. Taking away
-- never inserts: a missing row means the member's club or profile is being deleted with it.
CREATE FUNCTION member_point_totals_events_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_point_totals AS t (club_id, profile_id, events, total_points, points_tasks, points_badges, points_adjustments, points_meetings)
  SELECT club_id, profile_id, count(*), sum(points),
         coalesce(sum(points) FILTER (WHERE source IN ('task_completion', 'submission_approval', 'subtask_completion')), 0),
         coalesce(sum(points) FILTER (WHERE source = 'badge'), 0),
         coalesce(sum(points) FILTER (WHERE source = 'manual'), 0),
         coalesce(sum(points) FILTER (WHERE source = 'meeting'), 0)
    FROM added WHERE profile_id IS NOT NULL
   GROUP BY club_id, profile_id ORDER BY club_id, profile_id
  ON CONFLICT (club_id, profile_id) DO UPDATE
     SET events = t.events + excluded.events,
         total_points = t.total_points + excluded.total_points,
         points_tasks = t.points_tasks + excluded.points_tasks,
         points_badges = t.points_badges + excluded.points_badges,
         points_adjustments = t.points_adjustments + excluded.points_adjustments,
         points_meetings = t.points_meetings + excluded.points_meetings;
  RETURN NULL;
END;
$$;

CREATE FUNCTION member_point_totals_events_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_point_totals t
     SET events = t.events - r.events,
         total_points = t.total_points - r.total_points,
         points_tasks = t.points_tasks - r.points_tasks,
         points_badges = t.points_badges - r.points_badges,
         points_adjustments = t.points_adjustments - r.points_adjustments,
         points_meetings = t.points_meetings - r.points_meetings
    FROM (
      SELECT club_id, profile_id, count(*) AS events, sum(points) AS total_points,
             coalesce(sum(points) FILTER (WHERE source IN ('task_completion', 'submission_approval', 'subtask_completion')), 0) AS points_tasks,
             coalesce(sum(points) FILTER (WHERE source = 'badge'), 0) AS points_badges,
             coalesce(sum(points) FILTER (WHERE source = 'manual'), 0) AS points_adjustments,
             coalesce(sum(points) FILTER (WHERE source = 'meeting'), 0) AS points_meetings
        FROM removed WHERE profile_id IS NOT NULL
       GROUP BY club_id, profile_id
    ) r
   WHERE t.club_id = r.club_id AND t.profile_id = r.profile_id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER point_events_totals_insert AFTER INSERT ON point_events
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_point_totals_events_added();
CREATE TRIGGER point_events_totals_delete AFTER DELETE ON point_events
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION member_point_totals_events_removed();

-- The ledger is append-only; only foreign keys set to null (a unit, task or badge deleted) update it.
-- Should a row's member, points or source ever change, the old row is taken away and the new one added.
CREATE FUNCTION member_point_totals_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.profile_id IS NOT NULL THEN
    UPDATE member_point_totals t
       SET events = t.events - 1,
           total_points = t.total_points - OLD.points,
           points_tasks = t.points_tasks - CASE WHEN OLD.source IN ('task_completion', 'submission_approval', 'subtask_completion') THEN OLD.points ELSE 0 END,
           points_badges = t.points_badges - CASE WHEN OLD.source = 'badge' THEN OLD.points ELSE 0 END,
           points_adjustments = t.points_adjustments - CASE WHEN OLD.source = 'manual' THEN OLD.points ELSE 0 END,
           points_meetings = t.points_meetings - CASE WHEN OLD.source = 'meeting' THEN OLD.points ELSE 0 END
     WHERE t.club_id = OLD.club_id AND t.profile_id = OLD.profile_id;
  END IF;
  IF NEW.profile_id IS NOT NULL THEN
    INSERT INTO member_point_totals AS t (club_id, profile_id, events, total_points, points_tasks, points_badges, points_adjustments, points_meetings)
    VALUES (NEW.club_id, NEW.profile_id, 1, NEW.points,
            CASE WHEN NEW.source IN ('task_completion', 'submission_approval', 'subtask_completion') THEN NEW.points ELSE 0 END,
            CASE WHEN NEW.source = 'badge' THEN NEW.points ELSE 0 END,
            CASE WHEN NEW.source = 'manual' THEN NEW.points ELSE 0 END,
            CASE WHEN NEW.source = 'meeting' THEN NEW.points ELSE 0 END)
    ON CONFLICT (club_id, profile_id) DO UPDATE
       SET events = t.events + 1,
           total_points = t.total_points + excluded.total_points,
           points_tasks = t.points_tasks + excluded.points_tasks,
           points_badges = t.points_badges + excluded.points_badges,
           points_adjustments = t.points_adjustments + excluded.points_adjustments,
           points_meetings = t.points_meetings + excluded.points_meetings;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER point_events_totals_update AFTER UPDATE ON point_events
  FOR EACH ROW
  WHEN (OLD.club_id IS DISTINCT FROM NEW.club_id OR OLD.profile_id IS DISTINCT FROM NEW.profile_id
        OR OLD.points IS DISTINCT FROM NEW.points OR OLD.source IS DISTINCT FROM NEW.source)
  EXECUTE FUNCTION member_point_totals_event_changed();

-- Task completions: the count shown as tasks done on the ranking and the profile.
CREATE FUNCTION member_point_totals_completions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_point_totals AS t (club_id, profile_id, tasks_done)
  SELECT club_id, profile_id, count(*) FROM added
   GROUP BY club_id, profile_id ORDER BY club_id, profile_id
  ON CONFLICT (club_id, profile_id) DO UPDATE SET tasks_done = t.tasks_done + excluded.tasks_done;
  RETURN NULL;
END;
$$;

CREATE FUNCTION member_point_totals_completions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_point_totals t SET tasks_done = t.tasks_done - r.n
    FROM (SELECT club_id, profile_id, count(*) AS n FROM removed GROUP BY club_id, profile_id) r
   WHERE t.club_id = r.club_id AND t.profile_id = r.profile_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION member_point_totals_completion_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_point_totals t SET tasks_done = t.tasks_done - 1
   WHERE t.club_id = OLD.club_id AND t.profile_id = OLD.profile_id;
  INSERT INTO member_point_totals AS t (club_id, profile_id, tasks_done) VALUES (NEW.club_id, NEW.profile_id, 1)
  ON CONFLICT (club_id, profile_id) DO UPDATE SET tasks_done = t.tasks_done + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER task_completions_totals_insert AFTER INSERT ON task_completions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_point_totals_completions_added();
CREATE TRIGGER task_completions_totals_delete AFTER DELETE ON task_completions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION member_point_totals_completions_removed();
CREATE TRIGGER task_completions_totals_update AFTER UPDATE ON task_completions
  FOR EACH ROW WHEN (OLD.club_id IS DISTINCT FROM NEW.club_id OR OLD.profile_id IS DISTINCT FROM NEW.profile_id)
  EXECUTE FUNCTION member_point_totals_completion_moved();

-- The overall individual ranking (0300's view, same columns, rows and order) reads the totals: a
-- member with ledger rows (events > 0) is listed even at 0 points, as before.
CREATE OR REPLACE VIEW v_individual_ranking AS
SELECT profile_id, club_id, ranking, full_name, unit_name, unit_color, total_tasks, total_points
  FROM (
    SELECT cm.profile_id, cm.club_id,
           rank() OVER (PARTITION BY cm.club_id ORDER BY coalesce(t.total_points, 0) DESC)::int AS ranking,
           p.full_name, u.name AS unit_name, u.color AS unit_color,
           coalesce(t.tasks_done, 0) AS total_tasks, coalesce(t.total_points, 0)::int AS total_points,
           count(CASE WHEN t.events > 0 THEN 1 END) OVER (PARTITION BY cm.club_id) AS scorers
      FROM club_members cm
      JOIN profiles p ON p.id = cm.profile_id
      LEFT JOIN member_point_totals t ON t.club_id = cm.club_id AND t.profile_id = cm.profile_id
      LEFT JOIN units u ON u.id = cm.unit_id AND u.club_id = cm.club_id
     WHERE cm.active AND (t.events > 0 OR cm.role IN ('member', 'Desbravador(a)'))
  ) r
 WHERE scorers > 0;
