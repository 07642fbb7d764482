-- A version of each person's notifications (ADR 087): the bell's count and the list are kept by it,
-- as club reads are kept by the club's data version (ADR 026). The session lookup reads it in its own
-- statement, so a kept notifications answer costs no query; any change to what the two reads show —
-- a new notice, a notice rewritten, one read or all read, from this instance, another or plain SQL —
-- moves it in the same transaction.
--
-- Bumped at commit by one deferred constraint trigger event per transaction, as the club versions
-- (0390): a notice is written inside the transaction of its event (a signature, a charge) and an
-- immediate bump would hold the person's version row locked from that write to the commit, with two
-- transactions that notify the same two people in opposite orders waiting on each other. Each changed
-- row notes its person in a transaction-local setting; the first note queues the event; at commit it
-- bumps every noted person, in id order. A person with no row has version 0; the first bump writes 1.
CREATE TABLE notification_versions (
  profile_id uuid PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  version    bigint NOT NULL DEFAULT 0
);

-- Notes `people` (profile ids, each followed by a comma) for the commit. True when the transaction's
-- flush is not queued yet.
CREATE FUNCTION notices_note(people text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('trilha.changed_notices', true), '');
BEGIN
  -- One person (a row's): noted once, so a notice to a hundred people stays a short list.
  IF length(people) <> 37 OR strpos(noted, people) = 0 THEN
    PERFORM set_config('trilha.changed_notices', noted || people, true);
  END IF;
  IF current_setting('trilha.notices_queued', true) = '1' THEN
    RETURN false;
  END IF;
  PERFORM set_config('trilha.notices_queued', '1', true);
  RETURN true;
END $$;

-- A club's name shows on every notice of the club in the list: a new name moves everyone who has one.
CREATE FUNCTION notices_club_note(club uuid) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  people text;
BEGIN
  SELECT string_agg(DISTINCT n.profile_id::text || ',', '') INTO people FROM notifications n WHERE n.club_id = club;
  RETURN people IS NOT NULL AND notices_note(people);
END $$;

-- At commit: every noted person that still exists, in id order. The notes are cleared, so a change
-- made after an early flush (SET CONSTRAINTS … IMMEDIATE) queues its own.
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

-- What the list and the bell show of a notice; the e-mail worker's columns (emailed_at, email_mode)
-- move nothing.
CREATE CONSTRAINT TRIGGER notices_version_ins AFTER INSERT ON notifications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (notices_note(NEW.profile_id::text || ',')) EXECUTE FUNCTION notices_versions_flush();
CREATE CONSTRAINT TRIGGER notices_version_upd AFTER UPDATE ON notifications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (
    (OLD.profile_id, OLD.club_id, OLD.category, OLD.kind, OLD.title, OLD.body, OLD.link, OLD.urgent, OLD.created_at, OLD.read_at)
      IS DISTINCT FROM (NEW.profile_id, NEW.club_id, NEW.category, NEW.kind, NEW.title, NEW.body, NEW.link, NEW.urgent, NEW.created_at, NEW.read_at)
    -- Both people when a notice changes hands (never in the product): the sum evaluates both notes.
    AND notices_note(OLD.profile_id::text || ',')::int + notices_note(NEW.profile_id::text || ',')::int > 0)
  EXECUTE FUNCTION notices_versions_flush();
CREATE CONSTRAINT TRIGGER notices_version_del AFTER DELETE ON notifications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (notices_note(OLD.profile_id::text || ',')) EXECUTE FUNCTION notices_versions_flush();
CREATE CONSTRAINT TRIGGER notices_version_upd AFTER UPDATE ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name AND notices_club_note(NEW.id)) EXECUTE FUNCTION notices_versions_flush();
