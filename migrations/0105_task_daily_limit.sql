-- Issue 21: an accumulative task may cap how many times one member completes it per day (the club's
-- local day). NULL = no cap; only accumulative tasks carry one.
ALTER TABLE tasks ADD COLUMN daily_limit integer
  CHECK (daily_limit IS NULL OR (daily_limit BETWEEN 1 AND 1000 AND type = 'accumulative'));

-- The cap counts one member's completions of one task since the start of the day; this index answers
-- that count and, by its leading column, the task_id lookups the old single-column index served.
CREATE INDEX task_completions_task_profile_idx ON task_completions (task_id, profile_id, completed_at);
DROP INDEX task_completions_task_idx;
