-- Issue 7: the users screen reads each user's last access and the report asks "seen in the last 30
-- days" per member; both look sessions up by profile first. An index on last_seen_at alone led the
-- planner (PGlite has no statistics) to scan it backwards per user: see bench/admin-report.ts.
DROP INDEX IF EXISTS sessions_last_seen_idx;
CREATE INDEX sessions_profile_seen_idx ON sessions (profile_id, last_seen_at);
-- The platform report reads completions by month and login days of the last 30 days (issue 5's tables).
CREATE INDEX task_completions_completed_idx ON task_completions (completed_at);
CREATE INDEX login_days_day_idx ON login_days (day);
