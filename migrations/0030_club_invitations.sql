-- Invitation links to join a club (issue 3). Only the SHA-256 of the token is stored; a link is
-- single use and expires after 14 days. profile_id set = the link lets an accountless member
-- (a child without e-mail, say) claim their existing profile instead of creating a duplicate.
CREATE TABLE club_invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  email       text CHECK (email IS NULL OR email ~ '^[^@\s]+@[^@\s]+$'),
  profile_id  uuid REFERENCES profiles(id) ON DELETE CASCADE,
  role        text NOT NULL DEFAULT 'Desbravador(a)' CHECK (length(btrim(role)) > 0),
  unit_id     uuid,
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  expires_at  timestamptz NOT NULL DEFAULT now() + interval '14 days',
  used_at     timestamptz,
  used_by     uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (club_id, unit_id) REFERENCES units (club_id, id) ON DELETE SET NULL (unit_id)
);
CREATE INDEX club_invitations_club_idx ON club_invitations (club_id, created_at DESC);
