-- The super admin's platform reads are kept by the whole platform's data version (ADR 026). It was the
-- sum and count of every club's version: one pass over club_data_versions per read, 1,000 rows at 1,000
-- clubs and 16,000 at the size of Brazil. Now the commit that bumps clubs' versions also counts one
-- change in one of 256 rows, so the platform version is a sum of 256 rows whatever the number of clubs
-- (ADR 090).
--
-- The shard is the connection's (its backend's pid): a row stays locked until its commit is on disk,
-- and connections opened together get pids in sequence, so committing transactions do not queue on a
-- shared row (sharded by club, 50 writers on 64 rows lost 12 % of a one-row write's throughput).
-- Lock order stays one order for every committing transaction: its clubs' version rows (in id order),
-- then its shard, then the platform row.
CREATE TABLE platform_club_changes (
  shard   smallint PRIMARY KEY CHECK (shard BETWEEN 0 AND 255),
  changes bigint NOT NULL DEFAULT 0
);
INSERT INTO platform_club_changes (shard) SELECT generate_series(0, 255);

CREATE OR REPLACE FUNCTION data_versions_flush() RETURNS trigger LANGUAGE plpgsql AS $$
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
    UPDATE platform_club_changes s SET changes = s.changes + 1 WHERE s.shard = pg_backend_pid() & 255;
  END IF;
  IF platform_changed OR people_changed THEN
    UPDATE platform_data_version p
       SET version = p.version + CASE WHEN platform_changed THEN 1 ELSE 0 END,
           people = p.people + CASE WHEN people_changed THEN 1 ELSE 0 END;
  END IF;
  RETURN NULL;
END $$;
