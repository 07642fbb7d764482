-- Uniformes e kits, second part (issue 50, ADR 079): the club's uniform is a kit of kind 'uniforme' (camisa,
-- calça/saia, lenço, cinto, boné, distintivos) and what each member has of it is a delivery, from the club
-- or their own; a kit can be edited without losing what was given: a piece taken out is marked removed and
-- its deliveries stay, each delivery keeps the piece's name as it was when given.

ALTER TABLE kits ADD COLUMN kind text NOT NULL DEFAULT 'kit' CHECK (kind IN ('kit', 'uniforme'));
-- One uniform per club.
CREATE UNIQUE INDEX kits_club_uniform_key ON kits (club_id) WHERE kind = 'uniforme';

ALTER TABLE kit_items ADD COLUMN removed_at timestamptz;
CREATE INDEX kit_items_club_kit_current_idx ON kit_items (club_id, kit_id, position) WHERE removed_at IS NULL;

ALTER TABLE kit_deliveries ADD COLUMN item_name text;
UPDATE kit_deliveries d SET item_name = ki.name FROM kit_items ki WHERE ki.id = d.kit_item_id;
ALTER TABLE kit_deliveries ALTER COLUMN item_name SET NOT NULL;
-- The piece's name when given is taken from the piece itself: a later rename leaves the delivery as it was.
CREATE FUNCTION kit_deliveries_item_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.item_name IS NULL THEN
    SELECT name INTO NEW.item_name FROM kit_items WHERE id = NEW.kit_item_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER kit_deliveries_item_name BEFORE INSERT ON kit_deliveries
  FOR EACH ROW EXECUTE FUNCTION kit_deliveries_item_name();
ALTER TABLE kit_deliveries ADD CONSTRAINT kit_deliveries_item_name_check CHECK (length(btrim(item_name)) BETWEEN 1 AND 80);
-- 'clube': handed out by the club; 'proprio': the member already had it (bought or inherited).
ALTER TABLE kit_deliveries ADD COLUMN source text NOT NULL DEFAULT 'clube' CHECK (source IN ('clube', 'proprio'));
