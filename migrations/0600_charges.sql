-- Receivables ('cobranças'): what a member owes, and the payments that settle it (ADR 050).
-- A payment is money received: charge_payment_register writes it and its income transaction
-- (through register_transaction) in one statement, so neither exists without the other.

-- 8 characters without look-alikes (no 0/O, 1/I): 32^8 codes, read aloud or typed from a statement.
CREATE FUNCTION charge_short_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '')
    FROM generate_series(1, 8)
$$;

CREATE TABLE charges (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id       uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  profile_id    uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  -- The PIX txid and what a treasurer reads on a bank statement: [A-Z0-9], unique in the club.
  short_code    text NOT NULL DEFAULT charge_short_code() CHECK (short_code ~ '^[A-Z0-9]{6,25}$'),
  description   text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 200),
  amount        numeric(14,2) NOT NULL CHECK (amount > 0),
  -- Sum of the payments not reversed; the CHECK makes an overpayment impossible whatever the caller.
  paid_amount   numeric(14,2) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0 AND paid_amount <= amount),
  due_date      date NOT NULL,
  origin        text NOT NULL CHECK (origin IN ('mensalidade', 'evento', 'avulsa')),
  -- A monthly due: the first day of its month (one per member and month, see the unique index).
  dues_month    date CHECK (dues_month IS NULL OR extract(day FROM dues_month) = 1),
  cancelled_at  timestamptz,
  cancel_reason text CHECK (cancel_reason IS NULL OR length(btrim(cancel_reason)) BETWEEN 1 AND 500),
  created_by    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)),
  CHECK ((origin = 'mensalidade') = (dues_month IS NOT NULL)),
  UNIQUE (club_id, id),
  UNIQUE (club_id, short_code)
);
CREATE UNIQUE INDEX charges_dues_month_key ON charges (club_id, profile_id, dues_month) WHERE dues_month IS NOT NULL;
CREATE INDEX charges_profile_idx ON charges (profile_id);
CREATE INDEX charges_created_by_idx ON charges (created_by) WHERE created_by IS NOT NULL;
-- 'Quem deve' and a member's open charges: the open ones, by member and due date.
CREATE INDEX charges_open_idx ON charges (club_id, profile_id, due_date) WHERE cancelled_at IS NULL AND paid_amount < amount;
CREATE INDEX charges_club_due_idx ON charges (club_id, due_date DESC, created_at DESC);
SELECT club_data_watch('charges');

CREATE TABLE charge_payments (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  club_id                 uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
  charge_id               uuid NOT NULL,
  amount                  numeric(14,2) NOT NULL CHECK (amount > 0),
  paid_on                 date NOT NULL,
  method                  text NOT NULL CHECK (method IN ('pix', 'dinheiro', 'transferencia', 'cartao', 'outro')),
  cash_account_id         uuid NOT NULL,
  transaction_id          uuid NOT NULL,
  reversed_at             timestamptz,
  reversal_transaction_id uuid,
  created_by              uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at              timestamptz NOT NULL DEFAULT now(),
  CHECK ((reversed_at IS NULL) = (reversal_transaction_id IS NULL)),
  UNIQUE (club_id, id),
  FOREIGN KEY (club_id, charge_id) REFERENCES charges (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, cash_account_id) REFERENCES cash_accounts (club_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (club_id, transaction_id) REFERENCES transactions (club_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (club_id, reversal_transaction_id) REFERENCES transactions (club_id, id) ON DELETE RESTRICT
);
CREATE INDEX charge_payments_charge_idx ON charge_payments (club_id, charge_id, created_at);
CREATE INDEX charge_payments_cash_account_idx ON charge_payments (club_id, cash_account_id);
CREATE UNIQUE INDEX charge_payments_transaction_key ON charge_payments (club_id, transaction_id);
CREATE INDEX charge_payments_reversal_idx ON charge_payments (club_id, reversal_transaction_id) WHERE reversal_transaction_id IS NOT NULL;
CREATE INDEX charge_payments_created_by_idx ON charge_payments (created_by) WHERE created_by IS NOT NULL;
SELECT club_data_watch('charge_payments');

/*
 * The income account a charge's payments are filed under: 'Mensalidades', 'Eventos' or 'Outras
 * receitas' (avulsa). A club that deleted or deactivated it gets it back, active, since a payment
 * must be filed somewhere the treasurer recognises.
 */
CREATE FUNCTION charge_chart_account(p_club_id uuid, p_origin text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_name text := CASE p_origin WHEN 'mensalidade' THEN 'Mensalidades' WHEN 'evento' THEN 'Eventos' ELSE 'Outras receitas' END;
  v_id uuid;
BEGIN
  SELECT id INTO v_id FROM chart_of_accounts WHERE club_id = p_club_id AND type = 'income' AND name = v_name AND active;
  IF FOUND THEN
    RETURN v_id;
  END IF;
  INSERT INTO chart_of_accounts (club_id, name, type) VALUES (p_club_id, v_name, 'income')
  ON CONFLICT (club_id, type, name) DO UPDATE SET active = true, updated_at = now()
  RETURNING id INTO v_id;
  RETURN v_id;
END $$;

/*
 * Records a payment of a charge: locks the charge (concurrent payments take turns), refuses more
 * than what is still owed, registers the income through register_transaction and stores the payment
 * beside it. One statement, so the payment and its transaction are written together or not at all.
 * Errors: P0001 = the user's mistake (HTTP 400), P0002 = not found (HTTP 404).
 */
CREATE FUNCTION charge_payment_register(
  p_club_id uuid, p_charge_id uuid, p_amount numeric, p_paid_on date, p_method text,
  p_cash_account_id uuid, p_created_by uuid
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_charge charges%ROWTYPE;
  v_tx uuid;
  v_id uuid;
BEGIN
  SELECT * INTO v_charge FROM charges WHERE id = p_charge_id AND club_id = p_club_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Cobrança não encontrada.' USING ERRCODE = 'P0002';
  END IF;
  IF v_charge.cancelled_at IS NOT NULL THEN
    RAISE EXCEPTION 'Esta cobrança foi cancelada: não recebe pagamentos.' USING ERRCODE = 'P0001';
  END IF;
  IF v_charge.paid_amount >= v_charge.amount THEN
    RAISE EXCEPTION 'Esta cobrança já está paga.' USING ERRCODE = 'P0001';
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'Informe o valor recebido.' USING ERRCODE = 'P0001';
  END IF;
  IF p_amount > v_charge.amount - v_charge.paid_amount THEN
    RAISE EXCEPTION 'O valor passa do que falta pagar (%).', finance_brl(v_charge.amount - v_charge.paid_amount) USING ERRCODE = 'P0001';
  END IF;
  v_tx := register_transaction(
    p_club_id, p_cash_account_id, v_charge.profile_id, charge_chart_account(p_club_id, v_charge.origin), NULL,
    'income', p_amount, left('Cobrança ' || v_charge.short_code || ': ' || v_charge.description, 500), p_paid_on, p_created_by);
  INSERT INTO charge_payments (club_id, charge_id, amount, paid_on, method, cash_account_id, transaction_id, created_by)
  VALUES (p_club_id, p_charge_id, p_amount, p_paid_on, p_method, p_cash_account_id, v_tx, p_created_by)
  RETURNING id INTO v_id;
  UPDATE charges SET paid_amount = paid_amount + p_amount, updated_at = now() WHERE id = p_charge_id;
  INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, before, after)
  VALUES (p_club_id, p_created_by, 'charge.payment', 'charge', p_charge_id::text,
          jsonb_build_object('paid_amount', v_charge.paid_amount::text),
          jsonb_build_object('payment_id', v_id, 'amount', p_amount::text, 'method', p_method, 'paid_on', p_paid_on,
                             'transaction_id', v_tx, 'paid_amount', (v_charge.paid_amount + p_amount)::text));
  RETURN v_id;
END $$;

/*
 * Reverses a payment: the charge is locked first, then the payment, then reverse_transaction records
 * the opposite of its income; the charge owes that amount again. A payment is reversed once.
 */
CREATE FUNCTION charge_payment_reverse(p_club_id uuid, p_payment_id uuid, p_created_by uuid) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_charge_id uuid;
  v_payment charge_payments%ROWTYPE;
  v_rev uuid;
BEGIN
  SELECT charge_id INTO v_charge_id FROM charge_payments WHERE id = p_payment_id AND club_id = p_club_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Pagamento não encontrado.' USING ERRCODE = 'P0002';
  END IF;
  PERFORM 1 FROM charges WHERE id = v_charge_id AND club_id = p_club_id FOR UPDATE;
  SELECT * INTO v_payment FROM charge_payments WHERE id = p_payment_id AND club_id = p_club_id FOR UPDATE;
  IF v_payment.reversed_at IS NOT NULL THEN
    RAISE EXCEPTION 'Este pagamento já foi estornado.' USING ERRCODE = 'P0001';
  END IF;
  PERFORM set_config('trilha.charge_reversal', '1', true);
  v_rev := reverse_transaction(p_club_id, v_payment.transaction_id, p_created_by);
  PERFORM set_config('trilha.charge_reversal', '', true);
  UPDATE charge_payments SET reversed_at = now(), reversal_transaction_id = v_rev WHERE id = p_payment_id;
  UPDATE charges SET paid_amount = paid_amount - v_payment.amount, updated_at = now() WHERE id = v_charge_id;
  INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, before, after)
  VALUES (p_club_id, p_created_by, 'charge.payment_reverse', 'charge', v_charge_id::text,
          jsonb_build_object('payment_id', p_payment_id, 'amount', v_payment.amount::text),
          jsonb_build_object('reversal_transaction_id', v_rev));
  RETURN v_rev;
END $$;

/*
 * A payment's income reversed from the finance screen would leave the charge paid while the cash
 * went back: such a reversal is refused there; it is made from the charge, which undoes both.
 */
CREATE FUNCTION charge_payment_reversal_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('trilha.charge_reversal', true), '') <> '1' AND EXISTS (
    SELECT 1 FROM charge_payments p WHERE p.club_id = NEW.club_id AND p.transaction_id = NEW.reversal_of AND p.reversed_at IS NULL
  ) THEN
    RAISE EXCEPTION 'Este lançamento é o pagamento de uma cobrança: estorne o pagamento na tela de cobranças.' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER transactions_charge_payment_reversal BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.reversal_of IS NOT NULL) EXECUTE FUNCTION charge_payment_reversal_guard();
