-- A version of each person's notifications (ADR 087): the bell's count and the list are kept by it,
-- as club reads are kept by the club's data version (ADR 026). The session lookup reads it in its own
-- statement, so a kept notifications answer costs no query; any change to what the two reads show —
-- a new notice, a notice rewritten, one read or all read, from this instance, another or plain SQL —
-- moves it in the same transaction.
--
-- Bumped at commit by one deferred constraint trigger event per transaction, as the club versions
-- (0390): a notice is written inside the transaction of its event (a signature, a charge) and an
-- immediate bump would hold the person's version row locked from that write to the commit, with two
-- transactions that notify the same two people in opposite orders waiting on each other. Each statement
-- notes the people of the rows it changed in a transaction-local setting (a statement trigger reading
-- its transition table: a notice to a whole club, or a club deleted with its notices, notes each person
-- once, not row by row); the first changed row of the transaction queues the event; at commit it bumps
-- every noted person, in id order. A person with no row has version 0; the first bump writes 1. (Under
-- SET CONSTRAINTS … IMMEDIATE the row event fires before its statement's note: nothing does that.)
CREATE TABLE notification_versions (
  profile_id uuid PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  version    bigint NOT NULL DEFAULT 0
);

-- Queues the commit's flush: true for the first change of the transaction (or after a flush).
CREATE FUNCTION notices_queue() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('trilha.notices_queued', true) = '1' THEN
    RETURN false;
  END IF;
  PERFORM set_config('trilha.notices_queued', '1', true);
  RETURN true;
END $$;

-- Notes `people` (profile ids, each followed by a comma) for the commit.
CREATE FUNCTION notices_note(people text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('trilha.changed_notices', true), '');
BEGIN
  -- One person noted again (a notice at a time to the same person) keeps the list short.
  IF people IS NOT NULL AND (length(people) <> 37 OR strpos(noted, people) = 0) THEN
    PERFORM set_config('trilha.changed_notices', noted || people, true);
  END IF;
END $$;

-- The people of the rows a statement inserted or deleted (its transition table `changed`).
CREATE FUNCTION notices_note_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notices_note((SELECT string_agg(DISTINCT c.profile_id::text || ',', '') FROM changed c));
  RETURN NULL;
END $$;

-- The people of the rows a statement changed in what the list and the bell show; the e-mail worker's
-- columns (emailed_at, email_mode) move nothing.
CREATE FUNCTION notices_note_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notices_note((
    SELECT string_agg(DISTINCT p.id::text || ',', '')
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.profile_id), (n.profile_id)) p(id)
     WHERE (o.profile_id, o.club_id, o.category, o.kind, o.title, o.body, o.link, o.urgent, o.created_at, o.read_at)
           IS DISTINCT FROM (n.profile_id, n.club_id, n.category, n.kind, n.title, n.body, n.link, n.urgent, n.created_at, n.read_at)));
  RETURN NULL;
END $$;

-- A club's name shows on every notice of the club in the list: a new name moves everyone who has one.
CREATE FUNCTION notices_club_note(club uuid) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notices_note((SELECT string_agg(DISTINCT n.profile_id::text || ',', '') FROM notifications n WHERE n.club_id = club));
  RETURN notices_queue();
END $$;

-- At commit: every noted person that still exists, in id order. The notes are cleared, so a change
-- made after an early flush queues its own.
CREATE FUNCTION notices_versions_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people uuid[] := string_to_array(rtrim(coalesce(current_setting('trilha.changed_notices', true), ''), ','), ',')::uuid[];
BEGIN
  PERFORM set_config('trilha.notices_queued', '', true);
  PERFORM set_config('trilha.changed_notices', '', true);
  IF cardinality(people) > 0 THEN
    INSERT INTO notification_versions AS v (profile_id, version)
    SELECT p.id, 1 FROM profiles p WHERE p.id = ANY (people) ORDER BY p.id
    ON CONFLICT (profile_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER notices_noted_ins AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notices_note_rows();
CREATE TRIGGER notices_noted_upd AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notices_note_updated();
CREATE TRIGGER notices_noted_del AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notices_note_rows();

CREATE CONSTRAINT TRIGGER notices_version_ins AFTER INSERT ON notifications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (notices_queue()) EXECUTE FUNCTION notices_versions_flush();
CREATE CONSTRAINT TRIGGER notices_version_upd AFTER UPDATE ON notifications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    (OLD.profile_id, OLD.club_id, OLD.category, OLD.kind, OLD.title, OLD.body, OLD.link, OLD.urgent, OLD.created_at, OLD.read_at)
      IS DISTINCT FROM (NEW.profile_id, NEW.club_id, NEW.category, NEW.kind, NEW.title, NEW.body, NEW.link, NEW.urgent, NEW.created_at, NEW.read_at)
    AND notices_queue())
  EXECUTE FUNCTION notices_versions_flush();
CREATE CONSTRAINT TRIGGER notices_version_del AFTER DELETE ON notifications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (notices_queue()) EXECUTE FUNCTION notices_versions_flush();
CREATE CONSTRAINT TRIGGER notices_version_upd AFTER UPDATE ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name AND notices_club_note(NEW.id)) EXECUTE FUNCTION notices_versions_flush();
