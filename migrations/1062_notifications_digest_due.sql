-- The digest job picks one person's waiting daily or weekly notices at a time (email-repo.ts pickDigest)
-- and asks which people are due (dueDigests: grouped by person, oldest first). notifications_email_due_idx
-- (email_mode, created_at) serves neither by person: at 1,000 clubs with a year of notices the planner,
-- on statistics taken before the day's notices became 'daily', read every waiting notice of the platform
-- for each person (45,000 rows filtered out, 25 ms a person: the digests of 1,000 clubs would take an
-- hour, those of 16,000 clubs days). This index holds only the waiting digest notices, by person.
CREATE INDEX notifications_digest_due_idx ON notifications (profile_id, email_mode, created_at)
  WHERE emailed_at IS NULL AND email_mode IN ('daily', 'weekly');
