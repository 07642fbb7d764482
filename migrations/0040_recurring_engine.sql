-- Tasks and the recurring-task generation engine (issue 4).

-- Reactivating a recurring task must not back-fill the occurrences it skipped while inactive:
-- occurrences starting at or before resume_from are never generated.
ALTER TABLE recurring_tasks ADD COLUMN resume_from timestamptz;

-- The engine's every-minute scan reads only the active rows that are due.
CREATE INDEX recurring_tasks_due_idx ON recurring_tasks (next_generation_date) WHERE active;
CREATE INDEX recurring_tasks_club_idx ON recurring_tasks (club_id, created_at DESC);
CREATE INDEX task_badges_badge_idx ON task_badges (badge_id);
