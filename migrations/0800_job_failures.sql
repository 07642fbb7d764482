-- Issue 43: a background job that loops over clubs runs each club in its own savepoint or transaction;
-- a club whose share failed is recorded here (and logged), shown to the super admin (/superadmin) and
-- retried on the next run, which deletes the row once that club succeeds. A whole run that failed
-- (no club to blame) is the row with club_id NULL. One row per job and club: attempts counts the runs.
CREATE TABLE job_failures (
  job             text NOT NULL CHECK (length(job) BETWEEN 1 AND 80),
  club_id         uuid REFERENCES clubs(id) ON DELETE CASCADE,
  error           text NOT NULL CHECK (length(error) <= 2000),
  attempts        integer NOT NULL DEFAULT 1 CHECK (attempts > 0),
  first_failed_at timestamptz NOT NULL DEFAULT now(),
  last_failed_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT job_failures_job_club_key UNIQUE NULLS NOT DISTINCT (job, club_id)
);
CREATE INDEX job_failures_club_idx ON job_failures (club_id);
CREATE INDEX job_failures_recent_idx ON job_failures (last_failed_at DESC);
SELECT club_data_watch('job_failures');
