-- Bank statement reconciliation, issue 43: an outgoing line (a fee, a boleto) posted as an expense of
-- the caixa through register_transaction is kept like a confirmed payment, so it is posted once; and each
-- line says how its charge was found (txid, the payer's name, amount and date, or picked by hand).
ALTER TABLE statement_lines ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE statement_lines ADD COLUMN transaction_id uuid;
ALTER TABLE statement_lines ADD COLUMN how text CHECK (how IN ('txid', 'nome', 'valor_data', 'manual'));
-- The expense deleted from the finance screen frees its line, as a deleted payment does.
ALTER TABLE statement_lines ADD CONSTRAINT statement_lines_transaction_fkey
  FOREIGN KEY (club_id, transaction_id) REFERENCES transactions (club_id, id) ON DELETE CASCADE;
ALTER TABLE statement_lines DROP CONSTRAINT statement_lines_amount_check;
ALTER TABLE statement_lines ADD CONSTRAINT statement_lines_kind_check CHECK (
  (payment_id IS NOT NULL AND transaction_id IS NULL AND amount > 0)
  OR (payment_id IS NULL AND transaction_id IS NOT NULL AND amount < 0 AND how IS NULL)
);
CREATE UNIQUE INDEX statement_lines_transaction_key ON statement_lines (club_id, transaction_id) WHERE transaction_id IS NOT NULL;
