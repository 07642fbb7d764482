-- Meeting night (issue 15): reuniões, their recurring rule, the club's inspection criteria and the
-- roll call. Roll-call points go into the point_events ledger (source 'meeting'), one event per
-- member per criterion, carrying the member's unit so unit rankings include them.

-- A weekly rule ("todo sábado às 15h") that creates the next meetings in the club's time zone,
-- exactly once per date (unique (club_id, rule_id, date) on meetings), like recurring tasks (ADR 003).
CREATE TABLE meeting_rules (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id           uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  title             text NOT NULL CHECK (length(btrim(title)) > 0),
  type              text NOT NULL DEFAULT 'regular' CHECK (type IN ('regular', 'special', 'camp')),
  weekday           smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_time        time NOT NULL,
  start_date        date NOT NULL,
  active            boolean NOT NULL DEFAULT true,
  -- Club-local date of the latest meeting generated: the engine only looks after it.
  last_generated_date date,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id)
);
CREATE INDEX meeting_rules_active_idx ON meeting_rules (club_id) WHERE active;

CREATE TABLE meetings (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  rule_id     uuid,
  date        date NOT NULL,
  start_time  time NOT NULL DEFAULT '15:00',
  -- The club-local date and time as an instant: when its points count (periods, rankings).
  starts_at   timestamptz NOT NULL,
  title       text NOT NULL CHECK (length(btrim(title)) > 0),
  type        text NOT NULL DEFAULT 'regular' CHECK (type IN ('regular', 'special', 'camp')),
  status      text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id),
  UNIQUE (club_id, rule_id, date),
  FOREIGN KEY (club_id, rule_id) REFERENCES meeting_rules (club_id, id) ON DELETE SET NULL (rule_id)
);
CREATE INDEX meetings_club_date_idx ON meetings (club_id, date DESC);
CREATE INDEX meetings_created_by_idx ON meetings (created_by);

-- Inspection criteria. auto_tick: which statuses tick it by default ('attended': Presente and
-- Atrasado; 'on_time': Presente only); the counsellor may always untick.
CREATE TABLE meeting_criteria (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (length(btrim(name)) > 0),
  points     integer NOT NULL CHECK (points BETWEEN 0 AND 1000),
  active     boolean NOT NULL DEFAULT true,
  position   integer NOT NULL DEFAULT 0,
  auto_tick  text CHECK (auto_tick IN ('attended', 'on_time')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id)
);
CREATE INDEX meeting_criteria_club_idx ON meeting_criteria (club_id, position);

-- One mark per member per meeting; a later save replaces it (last write wins).
CREATE TABLE meeting_attendance (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  meeting_id  uuid NOT NULL,
  member_id   uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  status      text NOT NULL CHECK (status IN ('present', 'late', 'absent', 'excused')),
  criteria    uuid[] NOT NULL DEFAULT '{}',
  marked_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, meeting_id, member_id),
  FOREIGN KEY (club_id, meeting_id) REFERENCES meetings (club_id, id) ON DELETE CASCADE
);
CREATE INDEX meeting_attendance_member_idx ON meeting_attendance (member_id);
CREATE INDEX meeting_attendance_marked_by_idx ON meeting_attendance (marked_by);

-- The ledger learns the new source and where a meeting's points came from.
ALTER TABLE point_events DROP CONSTRAINT point_events_source_check;
ALTER TABLE point_events ADD CONSTRAINT point_events_source_check
  CHECK (source IN ('task_completion', 'submission_approval', 'subtask_completion', 'badge', 'manual', 'meeting'));
ALTER TABLE point_events ADD COLUMN meeting_id uuid;
ALTER TABLE point_events ADD COLUMN criterion_id uuid;
ALTER TABLE point_events ADD CONSTRAINT point_events_meeting_fk
  FOREIGN KEY (club_id, meeting_id) REFERENCES meetings (club_id, id) ON DELETE SET NULL (meeting_id);
ALTER TABLE point_events ADD CONSTRAINT point_events_criterion_fk
  FOREIGN KEY (club_id, criterion_id) REFERENCES meeting_criteria (club_id, id) ON DELETE SET NULL (criterion_id);
CREATE INDEX point_events_meeting_idx ON point_events (meeting_id, club_id) WHERE meeting_id IS NOT NULL;
CREATE INDEX point_events_criterion_idx ON point_events (criterion_id, club_id) WHERE criterion_id IS NOT NULL;

-- Default criteria for every club, existing ones now and new ones as they are created.
CREATE FUNCTION create_default_meeting_criteria(p_club uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO meeting_criteria (club_id, name, points, position, auto_tick)
  VALUES (p_club, 'Presença', 10, 1, 'attended'),
         (p_club, 'Pontualidade', 5, 2, 'on_time'),
         (p_club, 'Uniforme', 5, 3, NULL),
         (p_club, 'Bíblia', 3, 4, NULL),
         (p_club, 'Lição', 3, 5, NULL),
         (p_club, 'Caderno', 3, 6, NULL);
$$;

CREATE FUNCTION club_default_meeting_criteria() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM create_default_meeting_criteria(NEW.id);
  RETURN NEW;
END;
$$;

CREATE TRIGGER clubs_default_meeting_criteria AFTER INSERT ON clubs
  FOR EACH ROW EXECUTE FUNCTION club_default_meeting_criteria();

SELECT create_default_meeting_criteria(c.id) FROM clubs c;
