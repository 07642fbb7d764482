-- Bank statement reconciliation (issue 35, ADR in docs/decisions): each statement line the treasurer
-- confirmed as a charge's payment, so the same file imported again proposes nothing new. The
-- fingerprint is the sha-256 of the bank's FITID (or of the line's date, amount and text) and its
-- occurrence in the file; the payment is the one charge_payment_register wrote in the same transaction.
CREATE TABLE statement_lines (
  club_id     uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  line_date   date NOT NULL,
  amount      numeric(14,2) NOT NULL CHECK (amount > 0),
  payment_id  uuid NOT NULL,
  created_by  uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, fingerprint),
  FOREIGN KEY (club_id, payment_id) REFERENCES charge_payments (club_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX statement_lines_payment_key ON statement_lines (club_id, payment_id);
CREATE INDEX statement_lines_created_by_idx ON statement_lines (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('statement_lines');
