-- The year's plan (issue 48, ADR 077 "Ano do clube"): the dates a club types or imports (holidays,
-- breaks, the Associação's and region's dates), the annual plan's goals and signature, and the secret
-- calendar feeds (.ics) each person subscribes to. Meetings and events stay in their own tables.

CREATE TABLE club_calendar_entries (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('holiday', 'break', 'associacao', 'regional', 'club')),
  title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 120),
  starts_on  date NOT NULL,
  ends_on    date NOT NULL,
  notes      text CHECK (notes IS NULL OR length(notes) <= 500),
  source     text NOT NULL DEFAULT 'typed' CHECK (source IN ('typed', 'ics', 'csv', 'demo')),
  created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on)
);
CREATE INDEX club_calendar_entries_club_idx ON club_calendar_entries (club_id, starts_on);
CREATE INDEX club_calendar_entries_created_by_idx ON club_calendar_entries (created_by) WHERE created_by IS NOT NULL;

-- One annual plan per club and year: the goals the direction types, and when it was signed.
CREATE TABLE club_annual_plans (
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  year       smallint NOT NULL CHECK (year BETWEEN 1900 AND 2200),
  goals      text NOT NULL DEFAULT '' CHECK (length(goals) <= 5000),
  signed_on  date,
  signed_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, year)
);
CREATE INDEX club_annual_plans_signed_by_idx ON club_annual_plans (signed_by) WHERE signed_by IS NOT NULL;
CREATE INDEX club_annual_plans_updated_by_idx ON club_annual_plans (updated_by) WHERE updated_by IS NOT NULL;

-- A person's secret calendar feed for a club: only the SHA-256 of the token is kept. Regenerating
-- revokes the old one; at most one in force per person and club.
CREATE TABLE calendar_feed_tokens (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE UNIQUE INDEX calendar_feed_tokens_one_idx ON calendar_feed_tokens (club_id, profile_id) WHERE revoked_at IS NULL;
CREATE INDEX calendar_feed_tokens_club_idx ON calendar_feed_tokens (club_id);
CREATE INDEX calendar_feed_tokens_profile_idx ON calendar_feed_tokens (profile_id);

SELECT club_data_watch('club_calendar_entries');
SELECT club_data_watch('club_annual_plans');
SELECT club_data_watch('calendar_feed_tokens');
