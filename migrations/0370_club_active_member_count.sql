-- The super admin's club list shows each club's active members and the platform's total: counting
-- club_members for them read every active membership of the platform at each page (50k at 1,000
-- clubs × 50). clubs.active_member_count holds that count instead, kept by statement triggers on
-- club_members in the same transaction as the change, so it is never stale:
--   * one UPDATE of each club a statement touched, by the net change (a CSV import of 500 members is one
--     write of the club row, not 500), and none when the net change is 0 (a role change);
--   * `count = count + delta` is exact under concurrent joins and leaves: the second writer waits for
--     the first's row lock, then adds its delta to the committed value (READ COMMITTED);
--   * the club rows are locked in id order, so two statements touching the same clubs cannot deadlock.
ALTER TABLE clubs ADD COLUMN active_member_count integer NOT NULL DEFAULT 0 CHECK (active_member_count >= 0);

UPDATE clubs c SET active_member_count = m.n
  FROM (SELECT club_id, count(*)::int AS n FROM club_members WHERE active GROUP BY club_id) m
 WHERE m.club_id = c.id;

CREATE FUNCTION club_members_apply_count(p_delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM clubs WHERE id IN (SELECT key::uuid FROM jsonb_each_text(p_delta)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE clubs c SET active_member_count = c.active_member_count + d.value::int
    FROM jsonb_each_text(p_delta) d
   WHERE c.id = d.key::uuid;
END;
$$;

CREATE FUNCTION club_members_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_delta jsonb;
BEGIN
  SELECT jsonb_object_agg(club_id, n) INTO v_delta
    FROM (SELECT club_id, count(*)::int AS n FROM new_rows WHERE active GROUP BY club_id) x;
  IF v_delta IS NOT NULL THEN PERFORM club_members_apply_count(v_delta); END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION club_members_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_delta jsonb;
BEGIN
  SELECT jsonb_object_agg(club_id, -n) INTO v_delta
    FROM (SELECT club_id, count(*)::int AS n FROM old_rows WHERE active GROUP BY club_id) x;
  IF v_delta IS NOT NULL THEN PERFORM club_members_apply_count(v_delta); END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION club_members_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_delta jsonb;
BEGIN
  SELECT jsonb_object_agg(club_id, n) INTO v_delta
    FROM (SELECT club_id, sum(d)::int AS n
            FROM (SELECT club_id, 1 AS d FROM new_rows WHERE active
                  UNION ALL
                  SELECT club_id, -1 FROM old_rows WHERE active) changes
           GROUP BY club_id
          HAVING sum(d) <> 0) x;
  IF v_delta IS NOT NULL THEN PERFORM club_members_apply_count(v_delta); END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER club_members_count_inserted AFTER INSERT ON club_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION club_members_count_inserted();
CREATE TRIGGER club_members_count_deleted AFTER DELETE ON club_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION club_members_count_deleted();
CREATE TRIGGER club_members_count_updated AFTER UPDATE ON club_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION club_members_count_updated();
