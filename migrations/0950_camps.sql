-- Saídas e acampamentos (issue 49): an event becomes a saída with its sheet (transport, places, the
-- church vote, the leaders in charge and the APCR), the leaders' camp log written offline on their
-- phones (head counts, medication log, ocorrências) and the keys that seal the pack kept on a phone.
-- Every row a phone writes carries the id the phone gave it: a replay is a no-op (ADR 078).

-- The saída sheet of an event (one per event; its presence makes the event a saída).
CREATE TABLE camps (
  event_id           uuid PRIMARY KEY,
  club_id            uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  transport          text NOT NULL DEFAULT '' CHECK (length(transport) <= 1000),
  places             text NOT NULL DEFAULT '' CHECK (length(places) <= 2000),
  -- The church vote, as the secretaria records it: ata nº and voto nº (text: 'Ata 12/2026').
  vote_minutes       text NOT NULL DEFAULT '' CHECK (length(vote_minutes) <= 60),
  vote_number        text NOT NULL DEFAULT '' CHECK (length(vote_number) <= 60),
  -- Named leaders read the health summaries until ends_on plus these days (then the phones wipe).
  health_days_after  integer NOT NULL DEFAULT 3 CHECK (health_days_after BETWEEN 0 AND 30),
  updated_by         uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, event_id),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE
);
CREATE INDEX camps_club_idx ON camps (club_id);
CREATE INDEX camps_updated_by_idx ON camps (updated_by) WHERE updated_by IS NOT NULL;
SELECT club_data_watch('camps');

-- The leaders in charge: only they read the health data and keep the pack on their phones.
CREATE TABLE camp_leaders (
  club_id   uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id  uuid NOT NULL,
  member_id uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  added_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, member_id),
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_leaders_club_event_idx ON camp_leaders (club_id, event_id);
CREATE INDEX camp_leaders_member_idx ON camp_leaders (member_id);
SELECT club_data_watch('camp_leaders');

-- The club's APCR template (pt-BR default in code until the club saves its own).
CREATE TABLE camp_risk_templates (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  position    integer NOT NULL,
  hazard      text NOT NULL CHECK (length(btrim(hazard)) BETWEEN 1 AND 200),
  likelihood  integer NOT NULL CHECK (likelihood BETWEEN 1 AND 3),
  severity    integer NOT NULL CHECK (severity BETWEEN 1 AND 3),
  controls    text NOT NULL CHECK (length(btrim(controls)) BETWEEN 1 AND 1000),
  responsible text NOT NULL DEFAULT '' CHECK (length(responsible) <= 120)
);
CREATE INDEX camp_risk_templates_club_idx ON camp_risk_templates (club_id, position);
SELECT club_data_watch('camp_risk_templates');

-- The saída's APCR: each hazard with likelihood and severity (1 baixa, 2 média, 3 alta), controls, who answers.
CREATE TABLE camp_risks (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id    uuid NOT NULL,
  position    integer NOT NULL,
  hazard      text NOT NULL CHECK (length(btrim(hazard)) BETWEEN 1 AND 200),
  likelihood  integer NOT NULL CHECK (likelihood BETWEEN 1 AND 3),
  severity    integer NOT NULL CHECK (severity BETWEEN 1 AND 3),
  controls    text NOT NULL CHECK (length(btrim(controls)) BETWEEN 1 AND 1000),
  responsible text NOT NULL DEFAULT '' CHECK (length(responsible) <= 120),
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_risks_club_event_idx ON camp_risks (club_id, event_id, position);
SELECT club_data_watch('camp_risks');

-- A participant's medication schedule for the saída (name, dose, times of day 'HH:MM').
CREATE TABLE camp_medications (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id   uuid NOT NULL,
  member_id  uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  dose       text NOT NULL CHECK (length(btrim(dose)) BETWEEN 1 AND 120),
  times      text[] NOT NULL CHECK (cardinality(times) BETWEEN 1 AND 8),
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_medications_club_event_idx ON camp_medications (club_id, event_id, member_id);
CREATE INDEX camp_medications_member_idx ON camp_medications (member_id);
SELECT club_data_watch('camp_medications');

-- A movement of the saída (bus out, trail, night): participants check out and in against it.
CREATE TABLE camp_movements (
  id          uuid PRIMARY KEY,
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id    uuid NOT NULL,
  label       text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 80),
  recorded_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  recorded_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_movements_club_event_idx ON camp_movements (club_id, event_id, recorded_at);
CREATE INDEX camp_movements_recorded_by_idx ON camp_movements (recorded_by) WHERE recorded_by IS NOT NULL;
SELECT club_data_watch('camp_movements');

-- Check-out ('saida') and check-in ('chegada') of one participant in one movement: once, whichever phone.
CREATE TABLE camp_head_marks (
  id          uuid PRIMARY KEY,
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id    uuid NOT NULL,
  movement_id uuid NOT NULL,
  member_id   uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  direction   text NOT NULL CHECK (direction IN ('saida', 'chegada')),
  marked_at   timestamptz NOT NULL,
  recorded_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (movement_id, member_id, direction),
  FOREIGN KEY (club_id, movement_id) REFERENCES camp_movements (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_head_marks_club_event_idx ON camp_head_marks (club_id, event_id, movement_id);
CREATE INDEX camp_head_marks_member_idx ON camp_head_marks (member_id);
CREATE INDEX camp_head_marks_recorded_by_idx ON camp_head_marks (recorded_by) WHERE recorded_by IS NOT NULL;
SELECT club_data_watch('camp_head_marks');

-- The medication log: append-only. A mistake is corrected by a new entry naming the one it corrects.
-- A scheduled dose (medication and slot 'YYYY-MM-DDTHH:MM', club time) is recorded once, whichever phone.
CREATE TABLE camp_doses (
  id            uuid PRIMARY KEY,
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id      uuid NOT NULL,
  member_id     uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  medication_id uuid,
  slot          text CHECK (slot IS NULL OR slot ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$'),
  medication    text NOT NULL CHECK (length(btrim(medication)) BETWEEN 1 AND 120),
  dose          text NOT NULL CHECK (length(btrim(dose)) BETWEEN 1 AND 120),
  status        text NOT NULL CHECK (status IN ('dada', 'pulada')),
  reason        text CHECK (reason IS NULL OR length(reason) <= 500),
  given_at      timestamptz NOT NULL,
  corrects_id   uuid REFERENCES camp_doses(id) ON DELETE RESTRICT,
  recorded_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'dada' OR reason IS NOT NULL),
  FOREIGN KEY (club_id, medication_id) REFERENCES camp_medications (club_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX camp_doses_slot_key ON camp_doses (medication_id, slot) WHERE corrects_id IS NULL AND medication_id IS NOT NULL AND slot IS NOT NULL;
CREATE INDEX camp_doses_club_event_idx ON camp_doses (club_id, event_id, given_at);
CREATE INDEX camp_doses_member_idx ON camp_doses (member_id);
CREATE INDEX camp_doses_medication_idx ON camp_doses (club_id, medication_id) WHERE medication_id IS NOT NULL;
CREATE INDEX camp_doses_corrects_idx ON camp_doses (corrects_id) WHERE corrects_id IS NOT NULL;
CREATE INDEX camp_doses_recorded_by_idx ON camp_doses (recorded_by) WHERE recorded_by IS NOT NULL;
SELECT club_data_watch('camp_doses');

-- Ocorrências: incident, accident (the aviso de acidente) or near miss.
CREATE TABLE camp_incidents (
  id              uuid PRIMARY KEY,
  club_id         uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id        uuid NOT NULL,
  member_id       uuid REFERENCES club_members(id) ON DELETE SET NULL,
  kind            text NOT NULL CHECK (kind IN ('incidente', 'acidente', 'quase_acidente')),
  occurred_at     timestamptz NOT NULL,
  place           text NOT NULL CHECK (length(btrim(place)) BETWEEN 1 AND 200),
  description     text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 2000),
  first_aid       text NOT NULL DEFAULT '' CHECK (length(first_aid) <= 1000),
  guardian_called boolean NOT NULL DEFAULT false,
  doctor_needed   boolean NOT NULL DEFAULT false,
  notice_text     text CHECK (notice_text IS NULL OR length(notice_text) <= 500),
  recorded_by     uuid REFERENCES profiles(id) ON DELETE SET NULL,
  received_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_incidents_club_event_idx ON camp_incidents (club_id, event_id, occurred_at);
CREATE INDEX camp_incidents_member_idx ON camp_incidents (member_id) WHERE member_id IS NOT NULL;
CREATE INDEX camp_incidents_recorded_by_idx ON camp_incidents (recorded_by) WHERE recorded_by IS NOT NULL;
SELECT club_data_watch('camp_incidents');

-- The key that seals a leader's pack on their phone (AES-GCM), itself sealed with the health key.
-- Revoking (lost phone, leader removed) keeps the row; the next download gets a new key.
CREATE TABLE camp_pack_keys (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id   uuid NOT NULL,
  member_id  uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  sealed_key text NOT NULL,
  issued_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX camp_pack_keys_active_key ON camp_pack_keys (event_id, member_id) WHERE revoked_at IS NULL;
CREATE INDEX camp_pack_keys_club_event_idx ON camp_pack_keys (club_id, event_id);
CREATE INDEX camp_pack_keys_member_idx ON camp_pack_keys (member_id);
CREATE INDEX camp_pack_keys_revoked_by_idx ON camp_pack_keys (revoked_by) WHERE revoked_by IS NOT NULL;
SELECT club_data_watch('camp_pack_keys');
