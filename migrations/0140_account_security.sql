-- Issue 13: e-mail queue, password recovery, two-step verification (TOTP) and e-mail change.

-- Every message goes through this queue: a request only inserts a row (inside its transaction), a
-- background job sends it with retries and backoff. Without SMTP_URL a "sent" message is a file in
-- DATA_DIR/outbox (message_file).
CREATE TABLE mail_queue (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address      text NOT NULL CHECK (to_address ~ '^[^@\s]+@[^@\s]+$'),
  subject         text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
  text_body       text NOT NULL,
  html_body       text,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  last_error      text,
  message_file    text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX mail_queue_due_idx ON mail_queue (status, next_attempt_at);
CREATE INDEX mail_queue_created_idx ON mail_queue (created_at);

-- Password recovery links: only the SHA-256 of the token is kept; single use, 1 hour.
CREATE TABLE password_reset_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id  uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_profile_idx ON password_reset_tokens (profile_id, created_at);

-- TOTP factors (RFC 6238). Only a verified factor counts; one verified factor per account.
-- last_used_step refuses a code used before (replay), and any code of an earlier step.
CREATE TABLE mfa_factors (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  kind           text NOT NULL DEFAULT 'totp' CHECK (kind = 'totp'),
  secret         text NOT NULL CHECK (secret ~ '^[A-Z2-7]+$'),
  verified_at    timestamptz,
  last_used_step bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_factors_profile_idx ON mfa_factors (profile_id, verified_at);
CREATE UNIQUE INDEX mfa_factors_one_verified_idx ON mfa_factors (profile_id) WHERE verified_at IS NOT NULL;

-- Recovery codes: SHA-256 only, each usable once; regenerating deletes the old set.
CREATE TABLE mfa_recovery_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id  uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (profile_id, code_hash)
);

-- Changing the login e-mail: confirmed by a link sent to the new address.
CREATE TABLE email_change_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id  uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  new_email   text NOT NULL CHECK (new_email ~ '^[^@\s]+@[^@\s]+$'),
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_change_tokens_profile_idx ON email_change_tokens (profile_id, created_at);

-- Club rule: administrators and treasurers must use two-step verification.
ALTER TABLE clubs ADD COLUMN require_mfa_admins boolean NOT NULL DEFAULT false;
