-- A member marks a requisito done (with evidence when it needs it); it waits in the leaders' queue
-- until someone who may sign it signs or returns it (ADR 040). One pending mark per requisito and
-- enrolment. The evidence is stored as a submission's (storage key, name, type, size).
CREATE TABLE programme_marks (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id        uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  enrolment_id   uuid NOT NULL,
  requirement_id uuid NOT NULL REFERENCES programme_requirements(id) ON DELETE CASCADE,
  note           text CHECK (note IS NULL OR length(note) <= 500),
  evidence_key   text,
  evidence_name  text,
  evidence_mime  text,
  evidence_size  integer,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'signed', 'returned')),
  reason         text CHECK (reason IS NULL OR length(reason) <= 500),
  decided_by     uuid REFERENCES profiles(id) ON DELETE SET NULL,
  decided_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (club_id, enrolment_id) REFERENCES programme_enrolments (club_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX programme_marks_pending_uq ON programme_marks (enrolment_id, requirement_id) WHERE status = 'pending';
CREATE INDEX programme_marks_queue_idx ON programme_marks (club_id, created_at, id) WHERE status = 'pending';
CREATE INDEX programme_marks_club_enrolment_idx ON programme_marks (club_id, enrolment_id);
CREATE INDEX programme_marks_requirement_idx ON programme_marks (requirement_id);
CREATE INDEX programme_marks_decided_by_idx ON programme_marks (decided_by) WHERE decided_by IS NOT NULL;
