-- The club's PIX receiving data (issue 35): every open charge shows a static BR Code for what it still owes.
CREATE TABLE club_pix_settings (
  club_id          uuid PRIMARY KEY REFERENCES clubs(id) ON DELETE CASCADE,
  -- Stored in the canonical DICT form (digits, +55 phone, lowercase e-mail or random key).
  pix_key          text NOT NULL CHECK (length(pix_key) BETWEEN 1 AND 77),
  key_type         text NOT NULL CHECK (key_type IN ('cpf', 'cnpj', 'email', 'phone', 'evp')),
  beneficiary_name text NOT NULL CHECK (length(btrim(beneficiary_name)) BETWEEN 1 AND 25),
  city             text NOT NULL CHECK (length(btrim(city)) BETWEEN 1 AND 15),
  updated_by       uuid REFERENCES profiles(id) ON DELETE SET NULL,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX club_pix_settings_updated_by_idx ON club_pix_settings (updated_by) WHERE updated_by IS NOT NULL;
SELECT club_data_watch('club_pix_settings');

-- A payment's income (or its reversal) deleted from the finance screen would leave the charge and the
-- caixa disagreeing: refused with the way to undo it, before the foreign key's generic refusal.
CREATE FUNCTION charge_payment_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM charge_payments p WHERE p.club_id = OLD.club_id AND (p.transaction_id = OLD.id OR p.reversal_transaction_id = OLD.id)) THEN
    RAISE EXCEPTION 'Este lançamento é o pagamento de uma cobrança: estorne o pagamento na tela de cobranças.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER transactions_charge_payment_delete BEFORE DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION charge_payment_delete_guard();
