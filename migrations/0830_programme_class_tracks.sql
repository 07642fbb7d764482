-- Issue 43: a regular class and an advanced class run together (Amigo and Amigo da Natureza in the
-- same year, as the manual allows). One class em andamento per member *per track*: 'avancada' for
-- the advanced classes, 'regular' for the others (regular and leadership). The track is filled from
-- the catalogue on insert, so every writer (the app, the demo, the benches) gets it alike.
ALTER TABLE programme_enrolments ADD COLUMN class_track text CHECK (class_track IN ('regular', 'avancada'));

UPDATE programme_enrolments e
   SET class_track = CASE WHEN i.class_kind = 'avancada' THEN 'avancada' ELSE 'regular' END
  FROM programme_items i
 WHERE i.code = e.item_code AND e.kind = 'class';

CREATE FUNCTION programme_enrolment_class_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'class' THEN
    SELECT CASE WHEN i.class_kind = 'avancada' THEN 'avancada' ELSE 'regular' END INTO NEW.class_track
      FROM programme_items i WHERE i.code = NEW.item_code;
  ELSE
    NEW.class_track := NULL;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER programme_enrolments_class_track BEFORE INSERT OR UPDATE OF item_code, kind ON programme_enrolments
  FOR EACH ROW EXECUTE FUNCTION programme_enrolment_class_track();

DROP INDEX programme_enrolments_one_class_idx;
CREATE UNIQUE INDEX programme_enrolments_one_class_idx ON programme_enrolments (club_id, member_id, class_track)
  WHERE kind = 'class' AND invested_on IS NULL;
