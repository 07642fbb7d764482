-- Issue 16: guardians (responsáveis) who follow a child, the club's versioned consent text and the
-- consent records (LGPD art. 14), the health form (ficha médica, encrypted by the server) and the
-- account-deletion requests with their grace period.

-- The member record's birth date decides whether a guardian's consent is needed (under 18).
ALTER TABLE club_members ADD COLUMN birth_date date CHECK (birth_date IS NULL OR birth_date >= DATE '1900-01-01');
-- The 'saúde' permission (e.g. the camp nurse): reads health forms without being a director.
ALTER TABLE club_members ADD COLUMN health_access boolean NOT NULL DEFAULT false;
CREATE INDEX club_members_health_access_idx ON club_members (club_id) WHERE health_access;

-- What the privacy page says and whether a guardian may send evidence for a child.
CREATE TABLE club_privacy_settings (
  club_id            uuid PRIMARY KEY REFERENCES clubs(id) ON DELETE CASCADE,
  controller_name    text CHECK (controller_name IS NULL OR length(btrim(controller_name)) > 0),
  controller_contact text CHECK (controller_contact IS NULL OR length(btrim(controller_contact)) > 0),
  retention_text     text CHECK (retention_text IS NULL OR length(btrim(retention_text)) > 0),
  -- A guardian may send a task's evidence for a child without an account.
  guardian_evidence  boolean NOT NULL DEFAULT false,
  updated_at         timestamptz NOT NULL DEFAULT now()
);

-- The consent text, versioned: editing adds a version; a consent names the version it accepted.
CREATE TABLE consent_texts (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  version    integer NOT NULL CHECK (version > 0),
  body       text NOT NULL CHECK (length(btrim(body)) > 0),
  created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, version),
  UNIQUE (club_id, id)
);
CREATE INDEX consent_texts_created_by_idx ON consent_texts (created_by) WHERE created_by IS NOT NULL;

-- A guardian of a member record. The invitation token is stored hashed and bound to `email`;
-- `profile_id` is the guardian's own account once they accepted.
CREATE TABLE member_guardians (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id    uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  full_name    text NOT NULL CHECK (length(btrim(full_name)) > 0),
  email        text NOT NULL CHECK (email ~ '^[^@\s]+@[^@\s]+$'),
  phone        text,
  relationship text NOT NULL CHECK (length(btrim(relationship)) > 0),
  profile_id   uuid REFERENCES profiles(id) ON DELETE CASCADE,
  token_hash   text,
  expires_at   timestamptz,
  accepted_at  timestamptz,
  created_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_guardians_email_key ON member_guardians (member_id, lower(email));
CREATE UNIQUE INDEX member_guardians_token_key ON member_guardians (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX member_guardians_club_idx ON member_guardians (club_id, member_id);
CREATE INDEX member_guardians_profile_idx ON member_guardians (profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX member_guardians_created_by_idx ON member_guardians (created_by) WHERE created_by IS NOT NULL;

-- Who consented, when, to which version, from which address; withdrawal keeps the record.
CREATE TABLE member_consents (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id             uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id           uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  guardian_id         uuid REFERENCES member_guardians(id) ON DELETE SET NULL,
  guardian_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
  consent_text_id     uuid NOT NULL,
  version             integer NOT NULL,
  ip                  text,
  accepted_at         timestamptz NOT NULL DEFAULT now(),
  withdrawn_at        timestamptz,
  withdrawn_by        uuid REFERENCES profiles(id) ON DELETE SET NULL,
  FOREIGN KEY (club_id, consent_text_id) REFERENCES consent_texts (club_id, id) ON DELETE RESTRICT
);
CREATE INDEX member_consents_member_idx ON member_consents (club_id, member_id);
CREATE INDEX member_consents_member_fk_idx ON member_consents (member_id);
CREATE INDEX member_consents_guardian_idx ON member_consents (guardian_id) WHERE guardian_id IS NOT NULL;
CREATE INDEX member_consents_guardian_profile_idx ON member_consents (guardian_profile_id) WHERE guardian_profile_id IS NOT NULL;
CREATE INDEX member_consents_text_idx ON member_consents (club_id, consent_text_id);
CREATE INDEX member_consents_withdrawn_by_idx ON member_consents (withdrawn_by) WHERE withdrawn_by IS NOT NULL;

-- The health form of one member record: AES-256-GCM ciphertext (key outside the database).
CREATE TABLE health_records (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id  uuid NOT NULL UNIQUE REFERENCES club_members(id) ON DELETE CASCADE,
  ciphertext text NOT NULL,
  updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX health_records_club_idx ON health_records (club_id);
CREATE INDEX health_records_updated_by_idx ON health_records (updated_by) WHERE updated_by IS NOT NULL;

-- 'Excluir minha conta': carried out after a 7-day grace period unless cancelled.
CREATE TABLE deletion_requests (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id    uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  requested_at  timestamptz NOT NULL DEFAULT now(),
  execute_after timestamptz NOT NULL,
  cancelled_at  timestamptz,
  executed_at   timestamptz
);
CREATE INDEX deletion_requests_profile_idx ON deletion_requests (profile_id);
CREATE UNIQUE INDEX deletion_requests_open_key ON deletion_requests (profile_id) WHERE cancelled_at IS NULL AND executed_at IS NULL;
CREATE INDEX deletion_requests_due_idx ON deletion_requests (execute_after) WHERE cancelled_at IS NULL AND executed_at IS NULL;
