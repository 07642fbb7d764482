-- Issue 18: an automatic badge created, activated or given a new criterion is evaluated for every
-- active member of every club in the background. One row per badge to evaluate; a worker claims it
-- with FOR UPDATE SKIP LOCKED, awards a batch of members ordered by (club_id, profile_id) and moves
-- the cursor in the same transaction, so a crash repeats at most the batch it did not commit, and
-- member_badges' UNIQUE (club_id, profile_id, badge_id) keeps a second award from ever happening.
CREATE TABLE badge_award_queue (
  badge_id          uuid PRIMARY KEY REFERENCES badges (id) ON DELETE CASCADE,
  requested_at      timestamptz NOT NULL DEFAULT now(),
  cursor_club_id    uuid,
  cursor_profile_id uuid,
  done_at           timestamptz,
  awarded           integer NOT NULL DEFAULT 0
);
CREATE INDEX badge_award_queue_pending_idx ON badge_award_queue (requested_at) WHERE done_at IS NULL;
