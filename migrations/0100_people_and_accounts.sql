-- Issue 21: an accountless member's e-mail is the club's contact address for them, not a login
-- identity. Only accounts (profiles with a password) must have distinct e-mails; the same contact
-- address may appear on profiles of several clubs (a parent's e-mail for two siblings, say).
DROP INDEX IF EXISTS profiles_email_key;
CREATE UNIQUE INDEX profiles_account_email_key ON profiles (lower(email)) WHERE password_hash IS NOT NULL;
CREATE INDEX profiles_contact_email_idx ON profiles (lower(email)) WHERE password_hash IS NULL AND email IS NOT NULL;

-- The club that created an accountless profile owns it: only that club may issue its claim link.
ALTER TABLE profiles ADD COLUMN owner_club_id uuid REFERENCES clubs(id) ON DELETE SET NULL;
CREATE INDEX profiles_owner_club_idx ON profiles (owner_club_id) WHERE owner_club_id IS NOT NULL;
UPDATE profiles p SET owner_club_id = (
  SELECT cm.club_id FROM club_members cm WHERE cm.profile_id = p.id ORDER BY cm.created_at LIMIT 1
) WHERE p.password_hash IS NULL;

-- Who used an invitation, for the club's record (claims can be undone by the club).
CREATE INDEX club_invitations_used_by_idx ON club_invitations (used_by) WHERE used_by IS NOT NULL;
CREATE INDEX club_invitations_profile_idx ON club_invitations (profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX club_invitations_created_by_idx ON club_invitations (created_by) WHERE created_by IS NOT NULL;
