-- Gamification loop (issue 5): what members did, evidence awaiting approval, daily sign-ins.
-- Points themselves stay in the point_events ledger (0001); these tables say *why*.

-- One row per time a member completed a task. Check/quiz/form/milestone/submission have at
-- most one (guarded by the assignment's status under a row lock); accumulative may have many.
CREATE TABLE task_completions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id        uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  task_id        uuid NOT NULL,
  profile_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  assignment_id  uuid NOT NULL REFERENCES assigned_tasks(id) ON DELETE CASCADE,
  points         integer NOT NULL CHECK (points >= 0),
  -- Quizzes only: how many questions and how many answered right (task_perfect criterion).
  question_count integer CHECK (question_count >= 0),
  correct_count  integer CHECK (correct_count >= 0 AND correct_count <= question_count),
  recorded_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  completed_at   timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (club_id, task_id) REFERENCES tasks (club_id, id) ON DELETE CASCADE
);
CREATE INDEX task_completions_profile_idx ON task_completions (club_id, profile_id, completed_at);
CREATE INDEX task_completions_task_idx ON task_completions (task_id);

-- Answers to quiz and form questions; one attempt per assignment.
CREATE TABLE task_answers (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  assignment_id uuid NOT NULL REFERENCES assigned_tasks(id) ON DELETE CASCADE,
  question_id   uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  answer        text NOT NULL,
  -- null for free-text and form questions (no right or wrong).
  is_correct    boolean,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (assignment_id, question_id)
);

-- Milestone subtasks ticked by a member, each once.
CREATE TABLE subtask_completions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  subtask_id   uuid NOT NULL REFERENCES subtasks(id) ON DELETE CASCADE,
  profile_id   uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  points       integer NOT NULL CHECK (points >= 0),
  recorded_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subtask_id, profile_id)
);
CREATE INDEX subtask_completions_profile_idx ON subtask_completions (club_id, profile_id);

-- Evidence sent for a submission task. A rejected one may be followed by a new one.
CREATE TABLE task_submissions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id        uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  assignment_id  uuid NOT NULL REFERENCES assigned_tasks(id) ON DELETE CASCADE,
  task_id        uuid NOT NULL,
  profile_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  comment        text,
  evidence_key   text NOT NULL,
  evidence_name  text NOT NULL,
  evidence_mime  text NOT NULL,
  evidence_size  integer NOT NULL CHECK (evidence_size > 0),
  status         text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'rejected')),
  reviewed_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  reviewed_at    timestamptz,
  reject_reason  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'rejected' OR length(btrim(coalesce(reject_reason, ''))) > 0),
  FOREIGN KEY (club_id, task_id) REFERENCES tasks (club_id, id) ON DELETE CASCADE
);
-- At most one submission per assignment waits for a decision.
CREATE UNIQUE INDEX task_submissions_waiting_key ON task_submissions (assignment_id) WHERE status = 'submitted';
CREATE INDEX task_submissions_club_status_idx ON task_submissions (club_id, status, created_at);

-- One row per profile and calendar day (America/Sao_Paulo) with a sign-in or session use.
CREATE TABLE login_days (
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  day        date NOT NULL,
  PRIMARY KEY (profile_id, day)
);

CREATE INDEX member_badges_profile_idx ON member_badges (club_id, profile_id);
CREATE INDEX point_events_unit_idx ON point_events (club_id, unit_id);

-- Rankings (spec 3): SQL over the ledger. A member or unit appears once it has a ledger event.
-- Ties share a position (RANK). Unit totals count every event recorded with that unit
-- (members' points with the unit they had at the time, plus unit-wide points).
CREATE VIEW v_individual_ranking AS
WITH totals AS (
  SELECT pe.club_id, pe.profile_id, sum(pe.points)::int AS total_points
    FROM point_events pe
   WHERE pe.profile_id IS NOT NULL
   GROUP BY pe.club_id, pe.profile_id
), tasks_done AS (
  SELECT tc.club_id, tc.profile_id, count(*)::int AS total_tasks
    FROM task_completions tc
   GROUP BY tc.club_id, tc.profile_id
)
SELECT cm.profile_id, cm.club_id,
       rank() OVER (PARTITION BY cm.club_id ORDER BY t.total_points DESC)::int AS ranking,
       p.full_name, u.name AS unit_name, u.color AS unit_color,
       coalesce(d.total_tasks, 0) AS total_tasks, t.total_points
  FROM club_members cm
  JOIN profiles p ON p.id = cm.profile_id
  JOIN totals t ON t.club_id = cm.club_id AND t.profile_id = cm.profile_id
  LEFT JOIN tasks_done d ON d.club_id = cm.club_id AND d.profile_id = cm.profile_id
  LEFT JOIN units u ON u.id = cm.unit_id
 WHERE cm.active;

CREATE VIEW v_unit_ranking AS
WITH totals AS (
  SELECT pe.club_id, pe.unit_id, sum(pe.points)::int AS total_points
    FROM point_events pe
   WHERE pe.unit_id IS NOT NULL
   GROUP BY pe.club_id, pe.unit_id
)
SELECT u.id AS unit_id, u.club_id,
       rank() OVER (PARTITION BY u.club_id ORDER BY t.total_points DESC)::int AS ranking,
       u.name AS unit_name, u.color,
       (SELECT count(*)::int FROM club_members cm WHERE cm.unit_id = u.id AND cm.active) AS total_members,
       t.total_points
  FROM units u
  JOIN totals t ON t.club_id = u.club_id AND t.unit_id = u.id
 WHERE u.active;

-- Period variants: the same rankings counting only events inside each period of the club.
-- Filter by period_id (a partition key of the window, so the filter is pushed down).
CREATE VIEW v_individual_ranking_period AS
WITH totals AS (
  SELECT pr.id AS period_id, pe.club_id, pe.profile_id, sum(pe.points)::int AS total_points
    FROM periods pr
    JOIN point_events pe ON pe.club_id = pr.club_id AND pe.occurred_at BETWEEN pr.start_date AND pr.end_date
   WHERE pe.profile_id IS NOT NULL
   GROUP BY pr.id, pe.club_id, pe.profile_id
), tasks_done AS (
  SELECT pr.id AS period_id, tc.profile_id, count(*)::int AS total_tasks
    FROM periods pr
    JOIN task_completions tc ON tc.club_id = pr.club_id AND tc.completed_at BETWEEN pr.start_date AND pr.end_date
   GROUP BY pr.id, tc.profile_id
)
SELECT t.period_id, cm.profile_id, cm.club_id,
       rank() OVER (PARTITION BY t.period_id ORDER BY t.total_points DESC)::int AS ranking,
       p.full_name, u.name AS unit_name, u.color AS unit_color,
       coalesce(d.total_tasks, 0) AS total_tasks, t.total_points
  FROM totals t
  JOIN club_members cm ON cm.club_id = t.club_id AND cm.profile_id = t.profile_id
  JOIN profiles p ON p.id = cm.profile_id
  LEFT JOIN tasks_done d ON d.period_id = t.period_id AND d.profile_id = t.profile_id
  LEFT JOIN units u ON u.id = cm.unit_id
 WHERE cm.active;

CREATE VIEW v_unit_ranking_period AS
WITH totals AS (
  SELECT pr.id AS period_id, pe.club_id, pe.unit_id, sum(pe.points)::int AS total_points
    FROM periods pr
    JOIN point_events pe ON pe.club_id = pr.club_id AND pe.occurred_at BETWEEN pr.start_date AND pr.end_date
   WHERE pe.unit_id IS NOT NULL
   GROUP BY pr.id, pe.club_id, pe.unit_id
)
SELECT t.period_id, u.id AS unit_id, u.club_id,
       rank() OVER (PARTITION BY t.period_id ORDER BY t.total_points DESC)::int AS ranking,
       u.name AS unit_name, u.color,
       (SELECT count(*)::int FROM club_members cm WHERE cm.unit_id = u.id AND cm.active) AS total_members,
       t.total_points
  FROM totals t
  JOIN units u ON u.id = t.unit_id
 WHERE u.active;
