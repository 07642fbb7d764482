-- Club functions with real permissions (issue 14). club_members.role becomes one of seven functions;
-- the free text it held until now is kept as a title. The permission table lives in
-- src/shared/permissions.ts; the database only guarantees the value set.

ALTER TABLE club_members ADD COLUMN title text CHECK (title IS NULL OR length(title) <= 60);

-- The function a text names (keys, pt-BR labels and the legacy titles), or NULL for any other text.
CREATE FUNCTION club_role_of(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN f IN ('admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor', 'member') THEN f
    WHEN f ~ '^diretor(a|\(a\))? associad' THEN 'associate'
    WHEN f ~ '^(administrador(a|\(a\))?|diretor(a|\(a\))?)$' THEN 'admin'
    WHEN f ~ '^secretari' THEN 'secretary'
    WHEN f ~ '^tesoureir' THEN 'treasurer'
    WHEN f ~ '^conselheir' THEN 'counselor'
    WHEN f ~ '^instrutor' THEN 'instructor'
    WHEN f ~ '^(desbravador|membro)' THEN 'member'
  END
  FROM (SELECT translate(lower(btrim(t)), 'áàâãéêíóôõúç', 'aaaaeeiooouc') AS f) x
$$;

-- Existing rows: 'admin' and 'member' keep working; a counsellor who leads a unit keeps leading it
-- (they already recorded tasks for it); every other text becomes a plain member with that title.
-- No free text ever becomes a director: that power was only ever the exact value 'admin'.
UPDATE club_members
   SET title = left(btrim(role), 60),
       role = CASE WHEN club_role_of(role) = 'counselor' AND unit_id IS NOT NULL THEN 'counselor' ELSE 'member' END
 WHERE role NOT IN ('admin', 'member');
UPDATE club_invitations
   SET role = CASE WHEN club_role_of(role) = 'counselor' AND unit_id IS NOT NULL THEN 'counselor' ELSE 'member' END
 WHERE role NOT IN ('admin', 'member');

-- Writes that still send a label (older clients, imports) are stored as the function it names;
-- unknown text becomes a member with that title.
CREATE FUNCTION club_members_normalise_role() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mapped text := club_role_of(NEW.role);
BEGIN
  IF mapped IS NULL THEN
    NEW.title := coalesce(NEW.title, left(btrim(NEW.role), 60));
    NEW.role := 'member';
  ELSE
    NEW.role := mapped;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER club_members_normalise_role BEFORE INSERT OR UPDATE OF role ON club_members
  FOR EACH ROW EXECUTE FUNCTION club_members_normalise_role();

CREATE FUNCTION club_invitations_normalise_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.role := coalesce(club_role_of(NEW.role), 'member');
  RETURN NEW;
END $$;
CREATE TRIGGER club_invitations_normalise_role BEFORE INSERT OR UPDATE OF role ON club_invitations
  FOR EACH ROW EXECUTE FUNCTION club_invitations_normalise_role();

ALTER TABLE club_members ALTER COLUMN role SET DEFAULT 'member';
ALTER TABLE club_invitations ALTER COLUMN role SET DEFAULT 'member';
-- The old checks (non-empty text) give way to the value set.
ALTER TABLE club_members DROP CONSTRAINT club_members_role_check;
ALTER TABLE club_invitations DROP CONSTRAINT club_invitations_role_check;
ALTER TABLE club_members ADD CONSTRAINT club_members_role_check
  CHECK (role IN ('admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor', 'member'));
ALTER TABLE club_invitations ADD CONSTRAINT club_invitations_role_check
  CHECK (role IN ('admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor', 'member'));
