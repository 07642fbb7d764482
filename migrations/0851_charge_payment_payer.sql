-- Issue 43: who paid (a guardian, usually), when the treasurer knows it; the receipt names them as the
-- payer and the member as whom the payment is for.
ALTER TABLE charge_payments ADD COLUMN payer_name text CHECK (payer_name IS NULL OR length(btrim(payer_name)) BETWEEN 1 AND 120);
