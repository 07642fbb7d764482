-- A version number per club that moves whenever anything a club screen shows changes (ADR 026). The
-- server keeps the JSON of a club's reads keyed by it: the session lookup reads the version in the
-- same statement, so a read whose data did not change is answered without running its query again,
-- and any write — from this process, another instance or plain SQL — makes the old answers unreachable.
--
-- The version is bumped by deferred constraint triggers, at commit: a transaction holds the version
-- row's lock only while it commits, not from its first write on (an immediate bump would lock the
-- row in the middle of transactions that also lock members or accounts, and deadlock them). Two
-- commits of one club bump one after the other, so a version a reader sees covers exactly the
-- transactions committed before it. The trigger is queued once per club per transaction: its WHEN
-- marks the club in a transaction-local setting, so a statement writing thousands of rows queues one
-- event, not thousands.
CREATE TABLE club_data_versions (
  club_id uuid PRIMARY KEY REFERENCES clubs(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO club_data_versions (club_id) SELECT id FROM clubs;

-- Rows without a club that club screens show: the platform's own badges (club_id NULL), awarded and
-- linked in every club. A change to one moves this single version, which is part of every club's key.
CREATE TABLE platform_data_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO platform_data_version DEFAULT VALUES;

-- True the first time a transaction changes the club (queue the bump), false after (already queued);
-- a row without a club (NULL) stands for the platform. A savepoint rolled back takes both the setting
-- and its queued event with it.
CREATE FUNCTION club_change_first(club uuid) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'trilha.club_changed_' || coalesce(replace(club::text, '-', ''), 'platform');
BEGIN
  IF current_setting(flag, true) = '1' THEN
    RETURN false;
  END IF;
  PERFORM set_config(flag, '1', true);
  RETURN true;
END $$;

CREATE FUNCTION club_data_bump(club uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF club IS NULL THEN
    UPDATE platform_data_version SET version = version + 1;
  ELSE
    UPDATE club_data_versions SET version = version + 1 WHERE club_id = club;
  END IF;
END $$;

-- Rows with a club_id column: the row's club (the old row's for a delete). A platform audit line (no
-- club) is on no club screen and moves nothing; a platform badge moves the platform version.
CREATE FUNCTION club_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'audit_log' AND (CASE WHEN TG_OP = 'DELETE' THEN OLD.club_id ELSE NEW.club_id END) IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM club_data_bump(OLD.club_id);
  ELSE
    PERFORM club_data_bump(NEW.club_id);
  END IF;
  RETURN NULL;
END $$;

-- Creates the three triggers (insert, update, delete) that bump the club of a table's rows.
CREATE FUNCTION club_data_watch(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON %s DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (club_change_first(NEW.club_id)) EXECUTE FUNCTION club_data_changed()', tbl);
  EXECUTE format('CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON %s DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (club_change_first(NEW.club_id)) EXECUTE FUNCTION club_data_changed()', tbl);
  EXECUTE format('CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON %s DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (club_change_first(OLD.club_id)) EXECUTE FUNCTION club_data_changed()', tbl);
END $$;

-- Every table with a club_id (db/club-data-version.test.ts fails on one without the triggers).
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'club_data_versions'
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'club_id' AND NOT a.attisdropped)
     ORDER BY c.relname
  LOOP
    PERFORM club_data_watch(t.oid);
  END LOOP;
END $$;

-- The club itself: its row is created with its version row; a change to its name, time zone or
-- rules bumps it.
CREATE FUNCTION club_data_club_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO club_data_versions (club_id) VALUES (NEW.id) ON CONFLICT (club_id) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER club_data_created AFTER INSERT ON clubs FOR EACH ROW EXECUTE FUNCTION club_data_club_created();

CREATE FUNCTION club_data_club_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM club_data_bump(NEW.id);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (club_change_first(NEW.id)) EXECUTE FUNCTION club_data_club_changed();

-- A person's name, e-mail or account shows in every club they belong to, as a member or a guardian,
-- and in the club that registered them.
CREATE FUNCTION club_data_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE club_data_versions v SET version = v.version + 1
   WHERE v.club_id IN (SELECT cm.club_id FROM club_members cm WHERE cm.profile_id = NEW.id
                       UNION SELECT g.club_id FROM member_guardians g WHERE g.profile_id = NEW.id
                       UNION SELECT NEW.owner_club_id WHERE NEW.owner_club_id IS NOT NULL);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION club_data_profile_changed();

-- A task's questions, subtasks and badges belong to the task's club (the task column's name is the trigger's argument).
CREATE FUNCTION club_data_task_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM club_data_bump(t.club_id) FROM tasks t WHERE t.id = (part ->> TG_ARGV[0])::uuid;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON questions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('task_id');
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON questions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('task_id');
CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON questions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('task_id');
CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('parent_task_id');
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('parent_task_id');
CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON subtasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('parent_task_id');
CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON task_badges DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('task_id');
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON task_badges DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('task_id');
CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON task_badges DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION club_data_task_part_changed('task_id');
