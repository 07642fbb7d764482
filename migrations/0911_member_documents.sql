-- The member's pasta (issue 47, ADR 076): the documents a club keeps about a member (RG, certidão,
-- comprovante de residência, foto, termo de adesão, outro). A file is checked by its bytes (PDF, JPEG,
-- PNG, 10 MB) and kept in the one Storage under `evidence_key`. A document is never silently lost:
-- removing it is a soft delete (removed_at, removed_by and the reason, audited); the row and its file
-- stay. Only when the row itself goes (the member record or the club erased) is the file queued in
-- orphan_files by the same trigger as the evidence of marks and submissions.
CREATE TABLE member_documents (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id        uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id      uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('rg', 'certidao', 'comprovante_residencia', 'foto', 'termo_adesao', 'outro')),
  description    text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  -- 'restrita': the direction, the secretary, the member and their guardians. 'lideres': also the
  -- club's leaders who read the secretaria, but never for a minor (decided when read, ADR 076).
  visibility     text NOT NULL DEFAULT 'restrita' CHECK (visibility IN ('restrita', 'lideres')),
  evidence_key   text NOT NULL,
  file_name      text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  file_mime      text NOT NULL,
  file_size      integer NOT NULL CHECK (file_size > 0),
  uploaded_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  uploaded_at    timestamptz NOT NULL DEFAULT now(),
  removed_at     timestamptz,
  removed_by     uuid REFERENCES profiles(id) ON DELETE SET NULL,
  removal_reason text CHECK (removal_reason IS NULL OR length(btrim(removal_reason)) BETWEEN 1 AND 500),
  CHECK ((removed_at IS NULL) = (removal_reason IS NULL))
);
CREATE INDEX member_documents_club_member_idx ON member_documents (club_id, member_id, uploaded_at DESC);
CREATE INDEX member_documents_member_idx ON member_documents (member_id);
CREATE INDEX member_documents_uploaded_by_idx ON member_documents (uploaded_by) WHERE uploaded_by IS NOT NULL;
CREATE INDEX member_documents_removed_by_idx ON member_documents (removed_by) WHERE removed_by IS NOT NULL;
SELECT club_data_watch('member_documents');

CREATE TRIGGER member_documents_orphan_evidence AFTER DELETE OR UPDATE OF evidence_key ON member_documents
  FOR EACH ROW EXECUTE FUNCTION queue_orphan_evidence();
