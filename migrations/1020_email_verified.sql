-- The regional view (issue 48, ADR 077): a coordinator is recognised by a verified e-mail, one its owner
-- proved by opening a link mailed to it (the e-mail confirmation, the e-mail change, a password reset).
-- Changing the address without saying it was verified drops the mark, so a new address is never trusted.
ALTER TABLE profiles ADD COLUMN email_verified_at timestamptz;

CREATE FUNCTION profiles_email_unverify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email AND NEW.email_verified_at IS NOT DISTINCT FROM OLD.email_verified_at THEN
    NEW.email_verified_at := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER profiles_email_unverify BEFORE UPDATE OF email ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_email_unverify();
