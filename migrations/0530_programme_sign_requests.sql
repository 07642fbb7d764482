-- A signature sent from the grid's offline queue carries the id the device gave it (client_id). The
-- first request keeps its answer here; a resend (the answer was lost, the queue replays, two tabs send
-- at once) finds the row and answers the same, signing nothing and giving no points, even when the
-- signature was undone in between. Kept 90 days (pruned by the next signature of the club).
CREATE TABLE programme_sign_requests (
  club_id        uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  client_id      uuid NOT NULL,
  requirement_id uuid NOT NULL REFERENCES programme_requirements(id) ON DELETE CASCADE,
  member_ids     uuid[] NOT NULL,
  result         jsonb NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, client_id)
);
CREATE INDEX programme_sign_requests_requirement_idx ON programme_sign_requests (requirement_id);
CREATE INDEX programme_sign_requests_club_created_idx ON programme_sign_requests (club_id, created_at);
