-- Club badges: a badge with a club_id belongs to that club only (issue 19); platform badges keep NULL.
-- A club badge is drawn from the icon gallery (icon_key + icon_color); icon_svg is rendered by the server.
ALTER TABLE badges ADD COLUMN club_id uuid REFERENCES clubs(id) ON DELETE CASCADE;
ALTER TABLE badges ADD COLUMN icon_key text CHECK (icon_key IS NULL OR icon_key ~ '^[a-z-]{1,40}$');
ALTER TABLE badges ADD COLUMN icon_color text CHECK (icon_color IS NULL OR icon_color ~ '^#[0-9a-f]{6}$');
CREATE INDEX badges_club_idx ON badges (club_id, created_at DESC) WHERE club_id IS NOT NULL;

-- Deleting a club deletes its badges together with their awards and task links in one statement:
-- NO ACTION (checked at the end of the statement) instead of RESTRICT (checked row by row).
ALTER TABLE task_badges DROP CONSTRAINT task_badges_badge_id_fkey;
ALTER TABLE task_badges ADD CONSTRAINT task_badges_badge_id_fkey FOREIGN KEY (badge_id) REFERENCES badges(id);
ALTER TABLE member_badges DROP CONSTRAINT member_badges_badge_id_fkey;
ALTER TABLE member_badges ADD CONSTRAINT member_badges_badge_id_fkey FOREIGN KEY (badge_id) REFERENCES badges(id);

-- Another club never links or holds a club's badge, whatever the code above forgets.
CREATE FUNCTION badge_of_club_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  target_club uuid;
BEGIN
  SELECT club_id INTO owner FROM badges WHERE id = NEW.badge_id;
  IF owner IS NULL THEN RETURN NEW; END IF;
  IF TG_TABLE_NAME = 'task_badges' THEN
    SELECT club_id INTO target_club FROM tasks WHERE id = NEW.task_id;
  ELSE
    target_club := NEW.club_id;
  END IF;
  IF target_club IS DISTINCT FROM owner THEN
    RAISE EXCEPTION 'badge % belongs to another club', NEW.badge_id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER task_badges_club_guard BEFORE INSERT OR UPDATE ON task_badges FOR EACH ROW EXECUTE FUNCTION badge_of_club_guard();
CREATE TRIGGER member_badges_club_guard BEFORE INSERT OR UPDATE ON member_badges FOR EACH ROW EXECUTE FUNCTION badge_of_club_guard();

-- 'Pontuar vários': one batch of manual points for many members, undone as a whole.
CREATE TABLE point_batches (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  points       integer NOT NULL CHECK (points <> 0),
  reason       text NOT NULL CHECK (length(btrim(reason)) > 0),
  member_count integer NOT NULL CHECK (member_count BETWEEN 1 AND 500),
  created_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  undone_at    timestamptz,
  undone_by    uuid REFERENCES profiles(id) ON DELETE SET NULL
);
CREATE INDEX point_batches_club_idx ON point_batches (club_id, created_at DESC);
CREATE INDEX point_batches_created_by_idx ON point_batches (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX point_batches_undone_by_idx ON point_batches (undone_by) WHERE undone_by IS NOT NULL;

ALTER TABLE point_events ADD COLUMN batch_id uuid REFERENCES point_batches(id) ON DELETE SET NULL;
CREATE INDEX point_events_batch_idx ON point_events (batch_id) WHERE batch_id IS NOT NULL;
