-- A unit that received unit-wide points ('Pontuar unidade') keeps its history: deleting it is refused
-- like a unit with members (the ledger row would otherwise lose both its profile and its unit).
-- Deactivate the unit instead.
CREATE FUNCTION refuse_delete_unit_with_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM point_events WHERE unit_id = OLD.id AND profile_id IS NULL) THEN
    RAISE EXCEPTION 'unit % has unit-wide points in the ledger', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER units_keep_point_history BEFORE DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION refuse_delete_unit_with_points();
