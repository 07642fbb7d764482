-- Issue 43: 'Nova cobrança' for a list of members, a unit or the whole club, in one transaction. The row
-- is claimed first by the form's client_id, so a double click or a resend answers the first batch.
CREATE TABLE charge_batches (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  client_id   uuid NOT NULL,
  target      text NOT NULL CHECK (target IN ('members', 'unit', 'club')),
  unit_id     uuid REFERENCES units(id) ON DELETE SET NULL,
  description text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 200),
  amount      numeric(14,2) NOT NULL CHECK (amount > 0),
  due_date    date NOT NULL,
  origin      text NOT NULL CHECK (origin IN ('mensalidade', 'evento', 'avulsa')),
  charge_ids  uuid[] NOT NULL DEFAULT '{}',
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (club_id, client_id)
);
CREATE INDEX charge_batches_unit_idx ON charge_batches (unit_id) WHERE unit_id IS NOT NULL;
CREATE INDEX charge_batches_created_by_idx ON charge_batches (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('charge_batches');
