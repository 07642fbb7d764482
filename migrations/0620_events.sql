-- Eventos (issue 35): acampamentos, camporis, passeios and cultos especiais; who is invited, who is
-- registered (each registration writes its charges, origin 'evento'), the guardian's digital
-- authorisation against the club's versioned text, and the checklist leaders tick per participant.

CREATE TABLE events (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id               uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  title                 text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 120),
  kind                  text NOT NULL CHECK (kind IN ('acampamento', 'campori', 'passeio', 'culto_especial')),
  starts_on             date NOT NULL,
  ends_on               date NOT NULL,
  place                 text NOT NULL CHECK (length(btrim(place)) BETWEEN 1 AND 200),
  description           text CHECK (description IS NULL OR length(description) <= 2000),
  -- Per participant; 0 = free (no charge). Split in `instalments` charges, exact to the cent.
  cost                  numeric(14,2) NOT NULL DEFAULT 0 CHECK (cost >= 0),
  instalments           integer NOT NULL DEFAULT 1 CHECK (instalments BETWEEN 1 AND 12),
  -- NULL: no limit.
  places                integer CHECK (places IS NULL OR places BETWEEN 1 AND 10000),
  registration_deadline date NOT NULL,
  cancelled_at          timestamptz,
  cancel_reason         text CHECK (cancel_reason IS NULL OR length(btrim(cancel_reason)) BETWEEN 1 AND 500),
  created_by            uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on),
  CHECK (registration_deadline <= ends_on),
  CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)),
  UNIQUE (club_id, id)
);
CREATE INDEX events_club_starts_idx ON events (club_id, starts_on DESC, id);
CREATE INDEX events_created_by_idx ON events (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('events');

-- Who is invited: units and members. An event with neither invites the whole club.
CREATE TABLE event_invited_units (
  club_id  uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  unit_id  uuid NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, unit_id),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE
);
CREATE INDEX event_invited_units_club_event_idx ON event_invited_units (club_id, event_id);
CREATE INDEX event_invited_units_unit_idx ON event_invited_units (unit_id);
SELECT club_data_watch('event_invited_units');

CREATE TABLE event_invited_members (
  club_id   uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id  uuid NOT NULL,
  member_id uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, member_id),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE
);
CREATE INDEX event_invited_members_club_event_idx ON event_invited_members (club_id, event_id);
CREATE INDEX event_invited_members_member_idx ON event_invited_members (member_id);
SELECT club_data_watch('event_invited_members');

-- A member registered for an event (by the direction or a guardian). Cancelling keeps the row.
CREATE TABLE event_registrations (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id      uuid NOT NULL,
  member_id     uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  registered_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at  timestamptz,
  cancelled_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE
);
-- One registration in force per member and event; the places count reads the same rows.
CREATE UNIQUE INDEX event_registrations_active_key ON event_registrations (event_id, member_id) WHERE cancelled_at IS NULL;
CREATE INDEX event_registrations_club_event_idx ON event_registrations (club_id, event_id, registered_at);
CREATE INDEX event_registrations_member_idx ON event_registrations (member_id);
CREATE INDEX event_registrations_registered_by_idx ON event_registrations (registered_by) WHERE registered_by IS NOT NULL;
CREATE INDEX event_registrations_cancelled_by_idx ON event_registrations (cancelled_by) WHERE cancelled_by IS NOT NULL;
SELECT club_data_watch('event_registrations');

-- The charges of a registration: 'Quem deve' filters by event, cancelling a registration cancels its open ones.
ALTER TABLE charges ADD COLUMN event_id uuid;
ALTER TABLE charges ADD COLUMN event_registration_id uuid;
ALTER TABLE charges ADD CONSTRAINT charges_event_fk FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE RESTRICT;
ALTER TABLE charges ADD CONSTRAINT charges_event_registration_fk FOREIGN KEY (club_id, event_registration_id) REFERENCES event_registrations (club_id, id) ON DELETE RESTRICT;
ALTER TABLE charges ADD CONSTRAINT charges_event_check CHECK ((event_id IS NULL) = (event_registration_id IS NULL) AND (event_id IS NULL OR origin = 'evento'));
CREATE INDEX charges_event_idx ON charges (club_id, event_id) WHERE event_id IS NOT NULL;
CREATE INDEX charges_event_registration_idx ON charges (club_id, event_registration_id) WHERE event_registration_id IS NOT NULL;

-- Items the club adds to an event's checklist (seguro, documento…), ticked per participant by leaders.
CREATE TABLE event_checklist_items (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  event_id   uuid NOT NULL,
  label      text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 80),
  position   integer NOT NULL,
  UNIQUE (club_id, id),
  UNIQUE (event_id, label),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE
);
CREATE INDEX event_checklist_items_club_event_idx ON event_checklist_items (club_id, event_id, position);
SELECT club_data_watch('event_checklist_items');

CREATE TABLE event_checklist_ticks (
  club_id         uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  registration_id uuid NOT NULL,
  item_id         uuid NOT NULL,
  ticked_by       uuid REFERENCES profiles(id) ON DELETE SET NULL,
  ticked_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (registration_id, item_id),
  FOREIGN KEY (club_id, registration_id) REFERENCES event_registrations (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, item_id) REFERENCES event_checklist_items (club_id, id) ON DELETE CASCADE
);
CREATE INDEX event_checklist_ticks_club_registration_idx ON event_checklist_ticks (club_id, registration_id);
CREATE INDEX event_checklist_ticks_item_idx ON event_checklist_ticks (club_id, item_id);
CREATE INDEX event_checklist_ticks_ticked_by_idx ON event_checklist_ticks (ticked_by) WHERE ticked_by IS NOT NULL;
SELECT club_data_watch('event_checklist_ticks');

-- The club's authorisation text, versioned like the consent text: editing adds a version, and an
-- authorisation names the version the guardian read.
CREATE TABLE event_authorisation_texts (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  version    integer NOT NULL CHECK (version > 0),
  body       text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 10000),
  created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, version),
  UNIQUE (club_id, id)
);
CREATE INDEX event_authorisation_texts_created_by_idx ON event_authorisation_texts (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('event_authorisation_texts');

CREATE FUNCTION default_event_authorisation_text(p_club_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'Autorização para participação em evento' || E'\n\n'
    || 'Eu, responsável legal, autorizo o(a) menor inscrito(a) a participar do evento acima, organizado pelo clube ' || p_club_name
    || ', nas datas e no local informados, incluindo o transporte e as atividades previstas na programação.' || E'\n\n'
    || 'Declaro que as informações da ficha médica estão corretas e atualizadas, e autorizo a diretoria do clube a '
    || 'buscar atendimento médico de urgência para o(a) menor, caso necessário, avisando-me o quanto antes.' || E'\n\n'
    || 'Estou ciente das normas do clube e de que o(a) menor deve respeitar a orientação dos líderes durante todo o evento.' || E'\n\n'
    || 'Esta autorização pode ser revogada por mim, no Trilha, até o início do evento.'
$$;

CREATE FUNCTION clubs_default_event_authorisation_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_authorisation_texts (club_id, version, body) VALUES (NEW.id, 1, default_event_authorisation_text(NEW.name));
  RETURN NEW;
END;
$$;
CREATE TRIGGER clubs_default_event_authorisation_text AFTER INSERT ON clubs FOR EACH ROW EXECUTE FUNCTION clubs_default_event_authorisation_text();

INSERT INTO event_authorisation_texts (club_id, version, body)
SELECT c.id, 1, default_event_authorisation_text(c.name) FROM clubs c;

-- A guardian's signed authorisation of one registration: who (account, guardian link and the typed
-- name), when, from which address, which text version. Revoking keeps the record.
CREATE TABLE event_authorisations (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id             uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  registration_id     uuid NOT NULL,
  member_id           uuid NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
  guardian_id         uuid REFERENCES member_guardians(id) ON DELETE SET NULL,
  guardian_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
  signed_name         text NOT NULL CHECK (length(btrim(signed_name)) BETWEEN 1 AND 200),
  text_id             uuid NOT NULL,
  version             integer NOT NULL,
  ip                  text,
  signed_at           timestamptz NOT NULL DEFAULT now(),
  revoked_at          timestamptz,
  revoked_by          uuid REFERENCES profiles(id) ON DELETE SET NULL,
  FOREIGN KEY (club_id, registration_id) REFERENCES event_registrations (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, text_id) REFERENCES event_authorisation_texts (club_id, id) ON DELETE RESTRICT
);
CREATE UNIQUE INDEX event_authorisations_active_key ON event_authorisations (registration_id) WHERE revoked_at IS NULL;
CREATE INDEX event_authorisations_club_registration_idx ON event_authorisations (club_id, registration_id);
CREATE INDEX event_authorisations_member_idx ON event_authorisations (member_id);
CREATE INDEX event_authorisations_guardian_idx ON event_authorisations (guardian_id) WHERE guardian_id IS NOT NULL;
CREATE INDEX event_authorisations_guardian_profile_idx ON event_authorisations (guardian_profile_id) WHERE guardian_profile_id IS NOT NULL;
CREATE INDEX event_authorisations_text_idx ON event_authorisations (club_id, text_id);
CREATE INDEX event_authorisations_revoked_by_idx ON event_authorisations (revoked_by) WHERE revoked_by IS NOT NULL;
SELECT club_data_watch('event_authorisations');
