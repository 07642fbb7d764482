-- Investiduras (ADR 040): the ceremony (date, place) and the enrolments invested at it. An invested
-- enrolment keeps its date for the member's history and frees them to start the next class.
CREATE TABLE programme_investitures (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  held_on    date NOT NULL,
  place      text NOT NULL CHECK (length(btrim(place)) BETWEEN 1 AND 200),
  created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, id)
);
CREATE INDEX programme_investitures_club_idx ON programme_investitures (club_id, held_on DESC);
CREATE INDEX programme_investitures_created_by_idx ON programme_investitures (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('programme_investitures');

ALTER TABLE programme_enrolments ADD COLUMN investiture_id uuid;
ALTER TABLE programme_enrolments ADD CONSTRAINT programme_enrolments_investiture_fk
  FOREIGN KEY (club_id, investiture_id) REFERENCES programme_investitures (club_id, id) ON DELETE SET NULL (investiture_id);
CREATE INDEX programme_enrolments_investiture_idx ON programme_enrolments (investiture_id, club_id) WHERE investiture_id IS NOT NULL;
