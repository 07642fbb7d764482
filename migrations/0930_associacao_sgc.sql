-- Ready for the Associação (issue 48, ADR 077): the SGC registration fields Trilha did not hold yet,
-- the seguro of each member per year, and the club's SGC deadline.

-- One row per club member: what the SGC asks that the member record lacks. Nothing about health.
CREATE TABLE sgc_member_records (
  member_id     uuid PRIMARY KEY REFERENCES club_members(id) ON DELETE CASCADE,
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  sex           text CHECK (sex IN ('F', 'M')),
  cpf           text CHECK (cpf ~ '^[0-9]{11}$'),
  cpf_owner     text NOT NULL DEFAULT 'member' CHECK (cpf_owner IN ('member', 'guardian')),
  rg            text CHECK (length(rg) <= 20),
  address       text CHECK (length(address) <= 300),
  phone         text CHECK (length(phone) <= 20),
  guardian_name text CHECK (length(guardian_name) <= 120),
  updated_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sgc_member_records_club_idx ON sgc_member_records (club_id);
CREATE INDEX sgc_member_records_updated_by_idx ON sgc_member_records (updated_by) WHERE updated_by IS NOT NULL;

-- The seguro of a member for a year: insured or not, the policy or certificate number and its date.
CREATE TABLE member_insurance (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  member_id     uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  year          smallint NOT NULL CHECK (year BETWEEN 1900 AND 2200),
  insured       boolean NOT NULL,
  policy_number text CHECK (length(policy_number) <= 60),
  insured_on    date,
  updated_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, year),
  CHECK (NOT insured OR (policy_number IS NOT NULL AND insured_on IS NOT NULL))
);
CREATE INDEX member_insurance_club_year_idx ON member_insurance (club_id, year);
CREATE INDEX member_insurance_updated_by_idx ON member_insurance (updated_by) WHERE updated_by IS NOT NULL;

-- The club's SGC deadline (a day of the year; 10 February when there is no row) and the reminders sent.
CREATE TABLE associacao_settings (
  club_id        uuid PRIMARY KEY REFERENCES clubs(id) ON DELETE CASCADE,
  deadline_month smallint NOT NULL DEFAULT 2 CHECK (deadline_month BETWEEN 1 AND 12),
  deadline_day   smallint NOT NULL DEFAULT 10 CHECK (deadline_day BETWEEN 1 AND 31),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
