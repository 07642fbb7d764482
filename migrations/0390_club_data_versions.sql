-- A version number per club that moves whenever anything a club screen shows changes (ADR 026). The
-- server keeps the JSON of a club's reads keyed by it: the session lookup reads the version in the
-- same statement, so a read whose data did not change is answered without running its query again,
-- and any write — from this process, another instance or plain SQL — makes the old answers unreachable.
--
-- Versions are bumped at commit, by one deferred constraint trigger event per transaction: a
-- transaction holds the version rows' locks only while it commits, not from its first write on (an
-- immediate bump would lock the row in the middle of transactions that also lock members or accounts,
-- and deadlock them). Each changed row notes its club in a transaction-local setting (the trigger's
-- WHEN); the first note queues the event; at commit it bumps every noted club, in club id order, then
-- the platform row, so no two committing transactions wait on each other in a cycle. Two commits of
-- one club bump one after the other, so a version a reader sees covers exactly the transactions
-- committed before it. A savepoint rolled back takes its notes and its queued event with it.
CREATE TABLE club_data_versions (
  club_id uuid PRIMARY KEY REFERENCES clubs(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO club_data_versions (club_id) SELECT id FROM clubs;

-- What club screens show without belonging to one club: the platform's own badges (club_id NULL),
-- awarded and linked in every club, and the clubs that exist (version); the people with an account
-- (people). The super admin's platform reads are keyed by these and the clubs' versions.
CREATE TABLE platform_data_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0,
  people  bigint NOT NULL DEFAULT 0
);
INSERT INTO platform_data_version DEFAULT VALUES;

-- Notes a change for the commit: a club (kind 'club'), the platform ('platform', or a club row
-- without a club) or the people ('people'). True when the transaction's flush is not queued yet.
CREATE FUNCTION data_change_note(club uuid, kind text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  noted text;
BEGIN
  IF kind = 'club' AND club IS NOT NULL THEN
    noted := coalesce(current_setting('trilha.changed_clubs', true), '');
    IF strpos(noted, club::text) = 0 THEN
      PERFORM set_config('trilha.changed_clubs', noted || club::text || ',', true);
    END IF;
  ELSIF kind = 'people' THEN
    PERFORM set_config('trilha.changed_people', '1', true);
  ELSE
    PERFORM set_config('trilha.changed_platform', '1', true);
  END IF;
  IF current_setting('trilha.versions_queued', true) = '1' THEN
    RETURN false;
  END IF;
  PERFORM set_config('trilha.versions_queued', '1', true);
  RETURN true;
END $$;

-- A person's name, e-mail or account shows in every club they belong to, as a member or a guardian,
-- and in the club that registered them; and in the platform's count of accounts.
CREATE FUNCTION profile_change_note(profile uuid, owner_club uuid) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  queue boolean := data_change_note(NULL, 'people');
  c uuid;
BEGIN
  FOR c IN SELECT cm.club_id FROM club_members cm WHERE cm.profile_id = profile
           UNION SELECT g.club_id FROM member_guardians g WHERE g.profile_id = profile
           UNION SELECT owner_club WHERE owner_club IS NOT NULL
  LOOP
    PERFORM data_change_note(c, 'club');
  END LOOP;
  RETURN queue;
END $$;

-- A task's questions, subtasks and badges belong to the task's club.
CREATE FUNCTION task_change_note(task uuid) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RETURN data_change_note((SELECT t.club_id FROM tasks t WHERE t.id = task), 'club');
END $$;

-- At commit: every noted club, in id order, then the platform row. The notes are cleared, so a change
-- made after an early flush (SET CONSTRAINTS … IMMEDIATE) queues its own.
CREATE FUNCTION data_versions_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clubs uuid[] := string_to_array(rtrim(coalesce(current_setting('trilha.changed_clubs', true), ''), ','), ',')::uuid[];
  platform_changed boolean := coalesce(current_setting('trilha.changed_platform', true), '') = '1';
  people_changed boolean := coalesce(current_setting('trilha.changed_people', true), '') = '1';
BEGIN
  PERFORM set_config('trilha.versions_queued', '', true);
  PERFORM set_config('trilha.changed_clubs', '', true);
  PERFORM set_config('trilha.changed_platform', '', true);
  PERFORM set_config('trilha.changed_people', '', true);
  IF cardinality(clubs) > 0 THEN
    UPDATE club_data_versions v SET version = v.version + 1
      FROM (SELECT l.club_id FROM club_data_versions l WHERE l.club_id = ANY (clubs) ORDER BY l.club_id FOR UPDATE) locked
     WHERE v.club_id = locked.club_id;
  END IF;
  IF platform_changed OR people_changed THEN
    UPDATE platform_data_version p
       SET version = p.version + CASE WHEN platform_changed THEN 1 ELSE 0 END,
           people = p.people + CASE WHEN people_changed THEN 1 ELSE 0 END;
  END IF;
  RETURN NULL;
END $$;

-- The three deferred triggers (insert, update, delete) of a table; `note` is the WHEN expression,
-- written for NEW (insert and update) and rewritten for OLD (delete).
CREATE FUNCTION data_versions_watch(tbl regclass, note text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON %s DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (%s) EXECUTE FUNCTION data_versions_flush()', tbl, note);
  EXECUTE format('CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON %s DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (%s) EXECUTE FUNCTION data_versions_flush()', tbl, note);
  EXECUTE format('CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON %s DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (%s) EXECUTE FUNCTION data_versions_flush()', tbl, replace(note, 'NEW.', 'OLD.'));
END $$;

-- A table with a club_id: the row's club. db/club-data-version.test.ts fails on one without the
-- triggers; a new one gets them with `SELECT club_data_watch('table')`.
CREATE FUNCTION club_data_watch(tbl regclass) RETURNS void LANGUAGE sql AS $$
  SELECT data_versions_watch(tbl, CASE WHEN tbl = 'audit_log'::regclass
    -- A platform audit line (no club) is on no club screen.
    THEN 'NEW.club_id IS NOT NULL AND data_change_note(NEW.club_id, ''club'')'
    -- A row without a club (a platform badge) is the platform's.
    ELSE 'data_change_note(NEW.club_id, CASE WHEN NEW.club_id IS NULL THEN ''platform'' ELSE ''club'' END)' END);
$$;

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

-- The club itself: its version row is created with it; creating or deleting a club changes the
-- platform (the list of clubs), a change to its name, time zone or rules changes the club.
CREATE FUNCTION club_data_club_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO club_data_versions (club_id) VALUES (NEW.id) ON CONFLICT (club_id) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER club_data_created AFTER INSERT ON clubs FOR EACH ROW EXECUTE FUNCTION club_data_club_created();
CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (data_change_note(NULL, 'platform')) EXECUTE FUNCTION data_versions_flush();
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (data_change_note(NEW.id, 'club')) EXECUTE FUNCTION data_versions_flush();
CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (data_change_note(NULL, 'platform')) EXECUTE FUNCTION data_versions_flush();

-- People: a new or deleted profile changes the platform's people; a changed one also its clubs (its
-- memberships, read when the change is made; one made later in the transaction notes its own club).
CREATE CONSTRAINT TRIGGER club_data_ins AFTER INSERT ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (data_change_note(NULL, 'people')) EXECUTE FUNCTION data_versions_flush();
CREATE CONSTRAINT TRIGGER club_data_upd AFTER UPDATE ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW AND profile_change_note(NEW.id, NEW.owner_club_id)) EXECUTE FUNCTION data_versions_flush();
CREATE CONSTRAINT TRIGGER club_data_del AFTER DELETE ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (data_change_note(NULL, 'people')) EXECUTE FUNCTION data_versions_flush();

-- A task's parts.
SELECT data_versions_watch('questions', 'task_change_note(NEW.task_id)');
SELECT data_versions_watch('subtasks', 'task_change_note(NEW.parent_task_id)');
SELECT data_versions_watch('task_badges', 'task_change_note(NEW.task_id)');
