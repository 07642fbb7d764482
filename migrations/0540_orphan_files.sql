-- Files whose row is gone wait here until the 'orphan-files' job removes them from storage. A mark's or
-- a submission's evidence is queued by trigger inside the transaction that deletes the row, whatever
-- deletes it (the row itself, or a cascade: an enrolment, a requisito, a member erased, a club deleted)
-- or replaces its file: a rollback keeps the file, a commit never leaves it behind.
CREATE TABLE orphan_files (
  key       text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orphan_files_queued_at_idx ON orphan_files (queued_at);

CREATE FUNCTION queue_orphan_evidence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.evidence_key IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.evidence_key IS DISTINCT FROM NEW.evidence_key) THEN
    INSERT INTO orphan_files (key) VALUES (OLD.evidence_key) ON CONFLICT (key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER programme_marks_orphan_evidence AFTER DELETE OR UPDATE OF evidence_key ON programme_marks
  FOR EACH ROW EXECUTE FUNCTION queue_orphan_evidence();
CREATE TRIGGER task_submissions_orphan_evidence AFTER DELETE OR UPDATE OF evidence_key ON task_submissions
  FOR EACH ROW EXECUTE FUNCTION queue_orphan_evidence();
