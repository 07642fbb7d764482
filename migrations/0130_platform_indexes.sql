-- Platform scale (issue 12): every foreign key leads an index (src/server/db/indexes.test.ts walks
-- the catalog). Without one, each delete of a referenced row (a profile, a task, an assignment, a
-- club) scans the whole referencing table for its ON DELETE action, and joins along the key have no
-- index path. Tenant-scoped composite keys (club_id, x) are indexed as (x, club_id) when x alone
-- is what queries look up. Nullable "who did it" columns get partial indexes (most rows are null
-- or never looked up by it): the key checks use equality, which implies IS NOT NULL.

-- Minhas Tarefas reads each assignment's completions (count and last one): an index-only probe.
CREATE INDEX IF NOT EXISTS task_completions_assignment_idx ON task_completions (assignment_id, completed_at);
-- Replaces (task_id): the same lookups, and it leads the (club_id, task_id) key to tasks.
DROP INDEX IF EXISTS task_completions_task_idx;
CREATE INDEX IF NOT EXISTS task_completions_task_club_idx ON task_completions (task_id, club_id);
CREATE INDEX IF NOT EXISTS task_completions_profile_fk_idx ON task_completions (profile_id);
CREATE INDEX IF NOT EXISTS task_completions_recorded_by_idx ON task_completions (recorded_by) WHERE recorded_by IS NOT NULL;

-- The latest submission of an assignment (reject reason, history) and the cascade from assigned_tasks.
CREATE INDEX IF NOT EXISTS task_submissions_assignment_idx ON task_submissions (assignment_id, created_at);
CREATE INDEX IF NOT EXISTS task_submissions_task_idx ON task_submissions (task_id, club_id);
CREATE INDEX IF NOT EXISTS task_submissions_profile_idx ON task_submissions (profile_id);
CREATE INDEX IF NOT EXISTS task_submissions_reviewed_by_idx ON task_submissions (reviewed_by) WHERE reviewed_by IS NOT NULL;

CREATE INDEX IF NOT EXISTS assigned_tasks_task_club_idx ON assigned_tasks (task_id, club_id);
CREATE INDEX IF NOT EXISTS assigned_tasks_profile_idx ON assigned_tasks (profile_id, club_id);

CREATE INDEX IF NOT EXISTS task_answers_club_idx ON task_answers (club_id);
CREATE INDEX IF NOT EXISTS task_answers_question_idx ON task_answers (question_id);

CREATE INDEX IF NOT EXISTS subtask_completions_profile_fk_idx ON subtask_completions (profile_id);
CREATE INDEX IF NOT EXISTS subtask_completions_recorded_by_idx ON subtask_completions (recorded_by) WHERE recorded_by IS NOT NULL;

-- Replaces (unit_id): unit member counts look units up alone; the key to units is (club_id, unit_id).
DROP INDEX club_members_unit_idx;
CREATE INDEX IF NOT EXISTS club_members_unit_idx ON club_members (unit_id, club_id);

CREATE INDEX IF NOT EXISTS club_invitations_unit_idx ON club_invitations (unit_id, club_id) WHERE unit_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS club_invitations_profile_idx ON club_invitations (profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS club_invitations_created_by_idx ON club_invitations (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX IF NOT EXISTS club_invitations_used_by_idx ON club_invitations (used_by) WHERE used_by IS NOT NULL;

CREATE INDEX IF NOT EXISTS member_badges_profile_fk_idx ON member_badges (profile_id);
CREATE INDEX IF NOT EXISTS member_badges_badge_idx ON member_badges (badge_id);
CREATE INDEX IF NOT EXISTS member_badges_awarded_by_idx ON member_badges (awarded_by) WHERE awarded_by IS NOT NULL;

CREATE INDEX IF NOT EXISTS point_events_profile_fk_idx ON point_events (profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS point_events_badge_idx ON point_events (badge_id) WHERE badge_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS point_events_created_by_idx ON point_events (created_by) WHERE created_by IS NOT NULL;

CREATE INDEX IF NOT EXISTS savings_goals_profile_idx ON savings_goals (profile_id) WHERE profile_id IS NOT NULL;

CREATE INDEX IF NOT EXISTS transactions_chart_account_idx ON transactions (chart_account_id, club_id) WHERE chart_account_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS transactions_savings_goal_idx ON transactions (savings_goal_id, club_id) WHERE savings_goal_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS transactions_reversal_of_idx ON transactions (reversal_of, club_id) WHERE reversal_of IS NOT NULL;
CREATE INDEX IF NOT EXISTS transactions_profile_idx ON transactions (profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS transactions_created_by_idx ON transactions (created_by) WHERE created_by IS NOT NULL;

CREATE INDEX IF NOT EXISTS audit_log_actor_idx ON audit_log (actor_id) WHERE actor_id IS NOT NULL;
