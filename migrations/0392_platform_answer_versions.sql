-- The super admin's platform reads (stats, clubs) are kept too (ADR 026), keyed by the sum and count
-- of the clubs' versions, the platform version and the people version below. Between two equal keys
-- no club was created or deleted (that moves the platform version), every club's version only grows
-- (so an equal sum means every club is unchanged) and no profile was written.
ALTER TABLE platform_data_version ADD COLUMN people bigint NOT NULL DEFAULT 0;

CREATE FUNCTION club_data_platform_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM club_data_bump(NULL);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER club_data_platform_ins AFTER INSERT ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (club_change_first(NULL)) EXECUTE FUNCTION club_data_platform_changed();
CREATE CONSTRAINT TRIGGER club_data_platform_del AFTER DELETE ON clubs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (club_change_first(NULL)) EXECUTE FUNCTION club_data_platform_changed();

-- Accounts signed up, claimed, blocked or deleted: once per transaction, at commit.
CREATE FUNCTION people_change_first() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('trilha.people_changed', true) = '1' THEN
    RETURN false;
  END IF;
  PERFORM set_config('trilha.people_changed', '1', true);
  RETURN true;
END $$;
CREATE FUNCTION people_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE platform_data_version SET people = people + 1;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER people_data_ins AFTER INSERT ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (people_change_first()) EXECUTE FUNCTION people_data_changed();
CREATE CONSTRAINT TRIGGER people_data_upd AFTER UPDATE ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW AND people_change_first()) EXECUTE FUNCTION people_data_changed();
CREATE CONSTRAINT TRIGGER people_data_del AFTER DELETE ON profiles DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (people_change_first()) EXECUTE FUNCTION people_data_changed();
