-- Patrimônio (issue 50, ADR 079): what the club owns, each item's append-only history, its files
-- (photos, NF-e, termo de doação), loans to a unit, a leader or an event, and inventory counts.

CREATE TABLE patrimonio_items (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  category      text NOT NULL CHECK (category IN ('barraca', 'cozinha', 'iluminacao', 'bandeira', 'fanfarra', 'primeiros_socorros', 'ferramenta', 'outro')),
  -- A lot of identical items; the units written off leave the count available, the row stays.
  quantity      integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  written_off   integer NOT NULL DEFAULT 0 CHECK (written_off >= 0 AND written_off <= quantity),
  -- The value of one unit of the lot.
  unit_value    numeric(14,2) NOT NULL CHECK (unit_value >= 0),
  acquired_on   date NOT NULL,
  acquisition   text NOT NULL CHECK (acquisition IN ('comprado', 'doado', 'fabricado')),
  nfe_number    text CHECK (nfe_number IS NULL OR length(btrim(nfe_number)) BETWEEN 1 AND 60),
  -- The church vote that accepted it, as the secretaria's book says it ('Ata nº 12/2026, voto nº 3').
  church_vote   text CHECK (church_vote IS NULL OR length(btrim(church_vote)) BETWEEN 1 AND 200),
  location      text CHECK (location IS NULL OR length(btrim(location)) BETWEEN 1 AND 120),
  condition     text NOT NULL CHECK (condition IN ('novo', 'bom', 'regular', 'ruim', 'inutilizavel')),
  notes         text CHECK (notes IS NULL OR length(notes) <= 2000),
  created_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((acquisition = 'comprado') = (nfe_number IS NOT NULL)),
  UNIQUE (club_id, id)
);
CREATE INDEX patrimonio_items_club_name_idx ON patrimonio_items (club_id, pt_sort_key(name), id);
CREATE INDEX patrimonio_items_created_by_idx ON patrimonio_items (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('patrimonio_items');

-- Photos, the NF-e and the termo de doação: bytes in the evidence storage, checked by their content.
CREATE TABLE patrimonio_files (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  item_id     uuid NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('foto', 'nfe', 'termo')),
  storage_key text NOT NULL UNIQUE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  mime        text NOT NULL,
  size        integer NOT NULL CHECK (size > 0),
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (club_id, item_id) REFERENCES patrimonio_items (club_id, id) ON DELETE CASCADE
);
CREATE INDEX patrimonio_files_club_item_idx ON patrimonio_files (club_id, item_id, created_at);
CREATE INDEX patrimonio_files_created_by_idx ON patrimonio_files (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('patrimonio_files');

-- A loan of some units of an item to a unit, a leader or an event; returned once, with the condition.
CREATE TABLE patrimonio_loans (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id           uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  item_id           uuid NOT NULL,
  quantity          integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  borrower_kind     text NOT NULL CHECK (borrower_kind IN ('unidade', 'lider', 'evento')),
  unit_id           uuid REFERENCES units(id) ON DELETE SET NULL,
  member_id         uuid REFERENCES club_members(id) ON DELETE SET NULL,
  event_id          uuid REFERENCES events(id) ON DELETE SET NULL,
  -- The borrower's name when lent: the loan still reads after a unit or a member is gone.
  borrower_name     text NOT NULL CHECK (length(btrim(borrower_name)) BETWEEN 1 AND 200),
  due_on            date NOT NULL,
  out_condition     text NOT NULL CHECK (out_condition IN ('novo', 'bom', 'regular', 'ruim', 'inutilizavel')),
  out_by            uuid REFERENCES profiles(id) ON DELETE SET NULL,
  out_at            timestamptz NOT NULL DEFAULT now(),
  returned_at       timestamptz,
  return_condition  text CHECK (return_condition IS NULL OR return_condition IN ('novo', 'bom', 'regular', 'ruim', 'inutilizavel')),
  return_note       text CHECK (return_note IS NULL OR length(return_note) <= 500),
  returned_by       uuid REFERENCES profiles(id) ON DELETE SET NULL,
  CHECK ((returned_at IS NULL) = (return_condition IS NULL)),
  FOREIGN KEY (club_id, item_id) REFERENCES patrimonio_items (club_id, id) ON DELETE CASCADE
);
CREATE INDEX patrimonio_loans_club_item_idx ON patrimonio_loans (club_id, item_id, out_at DESC);
CREATE INDEX patrimonio_loans_club_open_idx ON patrimonio_loans (club_id, due_on) WHERE returned_at IS NULL;
CREATE INDEX patrimonio_loans_unit_idx ON patrimonio_loans (unit_id) WHERE unit_id IS NOT NULL;
CREATE INDEX patrimonio_loans_member_idx ON patrimonio_loans (member_id) WHERE member_id IS NOT NULL;
CREATE INDEX patrimonio_loans_event_idx ON patrimonio_loans (event_id) WHERE event_id IS NOT NULL;
CREATE INDEX patrimonio_loans_out_by_idx ON patrimonio_loans (out_by) WHERE out_by IS NOT NULL;
CREATE INDEX patrimonio_loans_returned_by_idx ON patrimonio_loans (returned_by) WHERE returned_by IS NOT NULL;
SELECT club_data_watch('patrimonio_loans');

-- What happened to an item: registration, condition checks, maintenance, loans, returns, write-offs.
-- Append-only: an UPDATE is refused, and a row goes only with its item (the club deleted).
CREATE TABLE patrimonio_history (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id          uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  item_id          uuid NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('cadastro', 'vistoria', 'manutencao', 'emprestimo', 'devolucao', 'baixa', 'perda')),
  condition_before text CHECK (condition_before IS NULL OR condition_before IN ('novo', 'bom', 'regular', 'ruim', 'inutilizavel')),
  condition_after  text CHECK (condition_after IS NULL OR condition_after IN ('novo', 'bom', 'regular', 'ruim', 'inutilizavel')),
  quantity         integer CHECK (quantity IS NULL OR quantity BETWEEN 1 AND 10000),
  note             text CHECK (note IS NULL OR length(note) <= 500),
  church_vote      text CHECK (church_vote IS NULL OR length(btrim(church_vote)) BETWEEN 1 AND 200),
  loan_id          uuid REFERENCES patrimonio_loans(id) ON DELETE CASCADE,
  actor_id         uuid REFERENCES profiles(id) ON DELETE SET NULL,
  at               timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (club_id, item_id) REFERENCES patrimonio_items (club_id, id) ON DELETE CASCADE
);
CREATE INDEX patrimonio_history_club_item_idx ON patrimonio_history (club_id, item_id, at DESC);
CREATE INDEX patrimonio_history_club_kind_idx ON patrimonio_history (club_id, kind, at);
CREATE INDEX patrimonio_history_loan_idx ON patrimonio_history (loan_id) WHERE loan_id IS NOT NULL;
CREATE INDEX patrimonio_history_actor_idx ON patrimonio_history (actor_id) WHERE actor_id IS NOT NULL;
SELECT club_data_watch('patrimonio_history');

CREATE FUNCTION patrimonio_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A profile or loan gone sets its reference to NULL: that is the only change allowed.
    IF NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.item_id = OLD.item_id AND NEW.at = OLD.at
       AND NEW.note IS NOT DISTINCT FROM OLD.note AND NEW.church_vote IS NOT DISTINCT FROM OLD.church_vote
       AND NEW.condition_before IS NOT DISTINCT FROM OLD.condition_before AND NEW.condition_after IS NOT DISTINCT FROM OLD.condition_after
       AND NEW.quantity IS NOT DISTINCT FROM OLD.quantity
       AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id OR NEW.actor_id IS NULL) THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'O histórico do patrimônio não pode ser alterado.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM patrimonio_items WHERE id = OLD.item_id) THEN
    RAISE EXCEPTION 'O histórico do patrimônio não pode ser apagado.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER patrimonio_history_append_only BEFORE UPDATE OR DELETE ON patrimonio_history
  FOR EACH ROW EXECUTE FUNCTION patrimonio_history_append_only();

-- An inventory count: someone walks the storeroom and ticks each item found.
CREATE TABLE patrimonio_counts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  started_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  closed_at   timestamptz,
  UNIQUE (club_id, id)
);
CREATE INDEX patrimonio_counts_club_idx ON patrimonio_counts (club_id, started_at DESC);
CREATE INDEX patrimonio_counts_started_by_idx ON patrimonio_counts (started_by) WHERE started_by IS NOT NULL;
-- One count open per club at a time.
CREATE UNIQUE INDEX patrimonio_counts_open_key ON patrimonio_counts (club_id) WHERE closed_at IS NULL;
SELECT club_data_watch('patrimonio_counts');

CREATE TABLE patrimonio_count_marks (
  club_id    uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  count_id   uuid NOT NULL,
  item_id    uuid NOT NULL,
  found      integer NOT NULL CHECK (found BETWEEN 0 AND 10000),
  marked_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  marked_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (count_id, item_id),
  FOREIGN KEY (club_id, count_id) REFERENCES patrimonio_counts (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, item_id) REFERENCES patrimonio_items (club_id, id) ON DELETE CASCADE
);
CREATE INDEX patrimonio_count_marks_club_count_idx ON patrimonio_count_marks (club_id, count_id);
CREATE INDEX patrimonio_count_marks_club_item_idx ON patrimonio_count_marks (club_id, item_id);
CREATE INDEX patrimonio_count_marks_marked_by_idx ON patrimonio_count_marks (marked_by) WHERE marked_by IS NOT NULL;
SELECT club_data_watch('patrimonio_count_marks');
