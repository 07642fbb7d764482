-- Saídas e acampamentos, second part (issue 49, ADR 078).
--
-- The adults who accompany an under-16 (ECA art. 83), named by the guardian in the authorisation of a
-- saída: the leaders of the event or names the guardian typed. One row per authorisation; it goes when
-- the authorisation goes.
CREATE TABLE camp_authorisation_adults (
  authorisation_id uuid PRIMARY KEY REFERENCES event_authorisations(id) ON DELETE CASCADE,
  club_id          uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  names            text[] NOT NULL CHECK (cardinality(names) BETWEEN 1 AND 10),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX camp_authorisation_adults_club_idx ON camp_authorisation_adults (club_id);
SELECT club_data_watch('camp_authorisation_adults');

-- The saída's programme (day, time, what, where): kept on the leaders' phones with the pack.
CREATE TABLE camp_schedule_items (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id   uuid NOT NULL,
  position   int NOT NULL,
  day        date NOT NULL,
  at_time    text NOT NULL CHECK (at_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 120),
  place      text NOT NULL DEFAULT '' CHECK (length(place) <= 120),
  FOREIGN KEY (club_id, event_id) REFERENCES camps (club_id, event_id) ON DELETE CASCADE
);
CREATE INDEX camp_schedule_items_club_event_idx ON camp_schedule_items (club_id, event_id, position);
SELECT club_data_watch('camp_schedule_items');

-- Photos of an ocorrência: the id is the phone's (a resend is a repeat), the bytes in the club's storage
-- folder (checked by content: JPEG or PNG).
CREATE TABLE camp_incident_photos (
  id           uuid PRIMARY KEY,
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  incident_id  uuid NOT NULL REFERENCES camp_incidents(id) ON DELETE CASCADE,
  storage_key  text NOT NULL,
  mime         text NOT NULL,
  name         text NOT NULL,
  size         int NOT NULL CHECK (size > 0),
  uploaded_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX camp_incident_photos_club_idx ON camp_incident_photos (club_id, incident_id);
CREATE INDEX camp_incident_photos_incident_idx ON camp_incident_photos (incident_id);
CREATE INDEX camp_incident_photos_uploaded_by_idx ON camp_incident_photos (uploaded_by) WHERE uploaded_by IS NOT NULL;
SELECT club_data_watch('camp_incident_photos');
