-- A secretaria digital (issue 47, ADR 076): livro de atas with their votos, livro de atos, ofícios sent
-- and received (the protocol), livro de visitas. Every book is numbered per club and year from one
-- counter row, taken in the writing transaction: a rollback gives the number back, so numbers have no
-- gaps and are never reused, also with several secretaries writing at once.

CREATE TABLE secretaria_counters (
  club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  book    text NOT NULL CHECK (book IN ('ata', 'voto', 'ato', 'oficio', 'protocolo')),
  year    integer NOT NULL CHECK (year BETWEEN 1900 AND 2200),
  last    integer NOT NULL CHECK (last >= 1),
  PRIMARY KEY (club_id, book, year)
);
SELECT club_data_watch('secretaria_counters');

CREATE TABLE atas (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id           uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  year              integer NOT NULL,
  number            integer NOT NULL CHECK (number >= 1),
  kind              text NOT NULL CHECK (kind IN ('diretoria', 'executiva', 'regular', 'extraordinaria', 'outra')),
  held_on           date NOT NULL,
  place             text NOT NULL CHECK (length(btrim(place)) BETWEEN 1 AND 200),
  presided_by       text NOT NULL CHECK (length(btrim(presided_by)) BETWEEN 1 AND 200),
  written_by        text NOT NULL CHECK (length(btrim(written_by)) BETWEEN 1 AND 200),
  visitors          text[] NOT NULL DEFAULT '{}',
  agenda            text NOT NULL DEFAULT '' CHECK (length(agenda) <= 5000),
  body              text NOT NULL CHECK (length(body) <= 50000),
  status            text NOT NULL DEFAULT 'rascunho' CHECK (status IN ('rascunho', 'aprovada', 'encerrada')),
  -- The ata of the meeting that approved this one (by reference), when named.
  approved_in_id    uuid,
  approved_at       timestamptz,
  closed_at         timestamptz,
  -- A correction is a new ata that references the closed one it corrects.
  corrects_id       uuid,
  created_by        uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (year = extract(year FROM held_on)::int),
  CHECK ((status = 'rascunho') = (approved_at IS NULL)),
  CHECK ((status = 'encerrada') = (closed_at IS NOT NULL)),
  UNIQUE (club_id, year, number),
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, approved_in_id) REFERENCES atas (club_id, id),
  FOREIGN KEY (club_id, corrects_id) REFERENCES atas (club_id, id)
);
CREATE INDEX atas_club_year_idx ON atas (club_id, year DESC, number DESC);
CREATE INDEX atas_approved_in_idx ON atas (club_id, approved_in_id) WHERE approved_in_id IS NOT NULL;
CREATE INDEX atas_corrects_idx ON atas (club_id, corrects_id) WHERE corrects_id IS NOT NULL;
CREATE INDEX atas_created_by_idx ON atas (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('atas');

-- The club's people present at the meeting (visitors are typed into atas.visitors). The name is kept
-- as written: the book still reads right after the member leaves the club.
CREATE TABLE ata_attendees (
  id        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id   uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  ata_id    uuid NOT NULL,
  member_id uuid REFERENCES club_members(id) ON DELETE SET NULL,
  name      text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  UNIQUE (ata_id, member_id),
  FOREIGN KEY (club_id, ata_id) REFERENCES atas (club_id, id) ON DELETE CASCADE
);
CREATE INDEX ata_attendees_club_ata_idx ON ata_attendees (club_id, ata_id);
CREATE INDEX ata_attendees_member_idx ON ata_attendees (member_id) WHERE member_id IS NOT NULL;
SELECT club_data_watch('ata_attendees');

-- A decision inside an ata. Numbered per year (Voto 2026-031) when its ata is approved: a voto of a
-- draft can still be removed without leaving a gap.
CREATE TABLE ata_votos (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  ata_id      uuid NOT NULL,
  position    integer NOT NULL CHECK (position >= 1),
  year        integer,
  number      integer CHECK (number IS NULL OR number >= 1),
  subject     text NOT NULL CHECK (length(btrim(subject)) BETWEEN 1 AND 2000),
  votes_for   integer NOT NULL CHECK (votes_for >= 0),
  votes_against integer NOT NULL CHECK (votes_against >= 0),
  abstentions integer NOT NULL CHECK (abstentions >= 0),
  CHECK ((year IS NULL) = (number IS NULL)),
  UNIQUE (club_id, year, number),
  UNIQUE (ata_id, position),
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, ata_id) REFERENCES atas (club_id, id) ON DELETE CASCADE
);
CREATE INDEX ata_votos_club_ata_idx ON ata_votos (club_id, ata_id);
SELECT club_data_watch('ata_votos');

CREATE TABLE atos (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  -- A draft written by Trilha has no number until the secretary confirms it.
  year        integer,
  number      integer CHECK (number IS NULL OR number >= 1),
  status      text NOT NULL DEFAULT 'registrado' CHECK (status IN ('rascunho', 'registrado')),
  source      text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'admissao', 'investidura')),
  kind        text NOT NULL CHECK (kind IN ('admissao', 'desligamento', 'nomeacao', 'investidura', 'transferencia', 'advertencia')),
  acted_on    date NOT NULL,
  member_id   uuid REFERENCES club_members(id) ON DELETE SET NULL,
  person_name text NOT NULL CHECK (length(btrim(person_name)) BETWEEN 1 AND 200),
  role_title  text CHECK (role_title IS NULL OR length(btrim(role_title)) BETWEEN 1 AND 120),
  term_start  date,
  term_end    date,
  body        text NOT NULL CHECK (length(body) <= 20000),
  voto_id     uuid,
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((year IS NULL) = (number IS NULL)),
  CHECK ((status = 'registrado') = (number IS NOT NULL)),
  CHECK (term_end IS NULL OR term_start IS NULL OR term_end >= term_start),
  UNIQUE (club_id, year, number),
  FOREIGN KEY (club_id, voto_id) REFERENCES ata_votos (club_id, id)
);
CREATE INDEX atos_club_year_idx ON atos (club_id, year DESC NULLS FIRST, number DESC NULLS FIRST);
CREATE INDEX atos_member_idx ON atos (member_id) WHERE member_id IS NOT NULL;
CREATE INDEX atos_voto_idx ON atos (club_id, voto_id) WHERE voto_id IS NOT NULL;
CREATE INDEX atos_created_by_idx ON atos (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('atos');

-- The protocol: ofícios sent (Ofício nº 07/2026) and correspondence received (protocol number), with
-- the scanned file of what was received.
CREATE TABLE oficios (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id      uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  direction    text NOT NULL CHECK (direction IN ('enviado', 'recebido')),
  year         integer NOT NULL,
  number       integer NOT NULL CHECK (number >= 1),
  dated_on     date NOT NULL,
  counterpart  text NOT NULL CHECK (length(btrim(counterpart)) BETWEEN 1 AND 200),
  subject      text NOT NULL CHECK (length(btrim(subject)) BETWEEN 1 AND 200),
  body         text NOT NULL DEFAULT '' CHECK (length(body) <= 20000),
  file_key     text,
  file_name    text,
  file_mime    text,
  file_size    integer,
  created_by   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (year = extract(year FROM dated_on)::int),
  CHECK ((direction = 'recebido') = (file_key IS NOT NULL)),
  UNIQUE (club_id, direction, year, number)
);
CREATE INDEX oficios_club_dated_idx ON oficios (club_id, dated_on DESC, id);
CREATE INDEX oficios_created_by_idx ON oficios (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('oficios');

CREATE TABLE visitas (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  visited_on  date NOT NULL,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  origin      text NOT NULL DEFAULT '' CHECK (length(origin) <= 200),
  note        text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitas_club_date_idx ON visitas (club_id, visited_on DESC, created_at DESC);
CREATE INDEX visitas_created_by_idx ON visitas (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('visitas');
