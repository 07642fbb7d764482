-- The regional view (issue 48, ADR 077): a club's direction shares its readiness, evaluation and
-- reports with a regional coordinator, by e-mail, with consent; revoking ends it. The coordinator sees
-- counts only, never a child.
CREATE TABLE regional_shares (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  email        text NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  consented_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  revoked_by   uuid REFERENCES profiles(id) ON DELETE SET NULL
);
CREATE INDEX regional_shares_club_idx ON regional_shares (club_id);
CREATE UNIQUE INDEX regional_shares_active_idx ON regional_shares (club_id, email) WHERE revoked_at IS NULL;
CREATE INDEX regional_shares_email_idx ON regional_shares (email) WHERE revoked_at IS NULL;
CREATE INDEX regional_shares_consented_by_idx ON regional_shares (consented_by) WHERE consented_by IS NOT NULL;
CREATE INDEX regional_shares_revoked_by_idx ON regional_shares (revoked_by) WHERE revoked_by IS NOT NULL;
SELECT club_data_watch('regional_shares');
