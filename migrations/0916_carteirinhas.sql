-- The carteirinha (issue 47, ADR 076): a member's card with a QR that opens a public check page. Only
-- the SHA-256 of the card's token is kept; the token itself is an HMAC of the card's id under the
-- server's secret (outside the database), so a copy of this table opens no check page.

CREATE TABLE carteirinhas (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id   uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  valid_until date NOT NULL,
  issued_at   timestamptz NOT NULL DEFAULT now(),
  issued_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  revoked_at  timestamptz,
  revoked_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  UNIQUE (club_id, id)
);
-- One card in force per member: reissuing revokes the one before in the same transaction.
CREATE UNIQUE INDEX carteirinhas_one_current_idx ON carteirinhas (member_id) WHERE revoked_at IS NULL;
CREATE INDEX carteirinhas_club_member_idx ON carteirinhas (club_id, member_id, issued_at DESC);
CREATE INDEX carteirinhas_member_idx ON carteirinhas (member_id);
CREATE INDEX carteirinhas_issued_by_idx ON carteirinhas (issued_by) WHERE issued_by IS NOT NULL;
CREATE INDEX carteirinhas_revoked_by_idx ON carteirinhas (revoked_by) WHERE revoked_by IS NOT NULL;
SELECT club_data_watch('carteirinhas');
