-- Finance (issue 6): balances change only inside register_transaction (ARCHITECTURE §4),
-- reversals link to the transaction they undo, conciliation is a view, and every club
-- gets a default chart of accounts.

ALTER TABLE transactions ADD CONSTRAINT transactions_club_id_id_key UNIQUE (club_id, id);
-- A reversal ("estorno") points at the transaction it undoes; deleting the original keeps the reversal.
ALTER TABLE transactions ADD COLUMN reversal_of uuid;
ALTER TABLE transactions ADD CONSTRAINT transactions_reversal_of_fkey
  FOREIGN KEY (club_id, reversal_of) REFERENCES transactions (club_id, id) ON DELETE SET NULL (reversal_of);
-- A transaction is reversed at most once.
CREATE UNIQUE INDEX transactions_reversal_of_key ON transactions (reversal_of) WHERE reversal_of IS NOT NULL;
CREATE INDEX transactions_cash_account_idx ON transactions (club_id, cash_account_id);
CREATE INDEX savings_goals_club_profile_idx ON savings_goals (club_id, profile_id) WHERE active;

-- 1234.5 → '1.234,50' (pt-BR money text for error messages; independent of the server's locale).
CREATE FUNCTION finance_brl(p numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'R$ ' || translate(to_char(p, 'FM999,999,999,990.00'), ',.', '.,')
$$;

/*
 * The only way a balance changes. One statement = one database transaction: the cash account
 * and the goal are locked (always in that order, so concurrent calls cannot deadlock), checked,
 * updated, the transaction inserted and the movement written to audit_log.
 * Errors: SQLSTATE P0001 = the user's mistake (HTTP 400), P0002 = something not found (HTTP 404).
 */
CREATE FUNCTION register_transaction(
  p_club_id uuid,
  p_cash_account_id uuid,
  p_profile_id uuid,
  p_chart_account_id uuid,
  p_savings_goal_id uuid,
  p_type text,
  p_amount numeric,
  p_description text,
  p_transaction_date date,
  p_created_by uuid,
  p_reversal_of uuid DEFAULT NULL
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_account cash_accounts%ROWTYPE;
  v_goal savings_goals%ROWTYPE;
  v_chart_type text;
  v_delta numeric;
  v_date date;
  v_id uuid;
  v_max constant numeric := 999999999999.99;
BEGIN
  IF p_type IS NULL OR p_type NOT IN ('income', 'expense') THEN
    RAISE EXCEPTION 'Tipo de lançamento inválido: use receita ou despesa.' USING ERRCODE = 'P0001';
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 OR p_description IS NULL OR btrim(p_description) = '' THEN
    RAISE EXCEPTION 'Preencha todos os campos obrigatórios' USING ERRCODE = 'P0001';
  END IF;
  IF p_amount <> round(p_amount, 2) THEN
    RAISE EXCEPTION 'O valor deve ter no máximo 2 casas decimais.' USING ERRCODE = 'P0001';
  END IF;
  IF p_amount > v_max THEN
    RAISE EXCEPTION 'O valor máximo permitido é R$ 999.999.999.999,99.' USING ERRCODE = 'P0001';
  END IF;

  SELECT * INTO v_account FROM cash_accounts
   WHERE id = p_cash_account_id AND club_id = p_club_id AND active
   FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Caixa não encontrado.' USING ERRCODE = 'P0002';
  END IF;

  IF p_savings_goal_id IS NOT NULL THEN
    SELECT * INTO v_goal FROM savings_goals
     WHERE id = p_savings_goal_id AND club_id = p_club_id AND active
     FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Cofre não encontrado.' USING ERRCODE = 'P0002';
    END IF;
  END IF;

  IF p_chart_account_id IS NOT NULL THEN
    -- A reversal keeps the original's account (even if since deactivated) so per-account totals net out.
    SELECT type INTO v_chart_type FROM chart_of_accounts
     WHERE id = p_chart_account_id AND club_id = p_club_id AND (active OR p_reversal_of IS NOT NULL);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Conta do plano de contas não encontrada.' USING ERRCODE = 'P0002';
    END IF;
    IF v_chart_type <> p_type AND p_reversal_of IS NULL THEN
      RAISE EXCEPTION 'A conta do plano de contas escolhida não é do tipo deste lançamento.' USING ERRCODE = 'P0001';
    END IF;
  END IF;

  IF p_profile_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM club_members WHERE club_id = p_club_id AND profile_id = p_profile_id
  ) THEN
    RAISE EXCEPTION 'Membro não encontrado no clube.' USING ERRCODE = 'P0002';
  END IF;

  v_delta := CASE WHEN p_type = 'income' THEN p_amount ELSE -p_amount END;
  IF v_account.current_balance + v_delta < 0 THEN
    RAISE EXCEPTION 'Saldo insuficiente no caixa "%": disponível %, despesa de %.',
      v_account.name, finance_brl(v_account.current_balance), finance_brl(p_amount) USING ERRCODE = 'P0001';
  END IF;
  IF v_account.current_balance + v_delta > v_max THEN
    RAISE EXCEPTION 'O saldo do caixa "%" ultrapassaria o máximo permitido.', v_account.name USING ERRCODE = 'P0001';
  END IF;
  IF p_savings_goal_id IS NOT NULL THEN
    IF v_goal.current_amount + v_delta < 0 THEN
      RAISE EXCEPTION 'Saldo insuficiente no cofre "%": disponível %, despesa de %.',
        v_goal.name, finance_brl(v_goal.current_amount), finance_brl(p_amount) USING ERRCODE = 'P0001';
    END IF;
    IF v_goal.current_amount + v_delta > v_max THEN
      RAISE EXCEPTION 'O valor do cofre "%" ultrapassaria o máximo permitido.', v_goal.name USING ERRCODE = 'P0001';
    END IF;
  END IF;

  v_date := coalesce(p_transaction_date, (now() AT TIME ZONE (SELECT timezone FROM clubs WHERE id = p_club_id))::date);

  UPDATE cash_accounts SET current_balance = current_balance + v_delta, updated_at = now()
   WHERE id = v_account.id;
  IF p_savings_goal_id IS NOT NULL THEN
    UPDATE savings_goals SET current_amount = current_amount + v_delta, updated_at = now()
     WHERE id = v_goal.id;
  END IF;

  INSERT INTO transactions (club_id, type, amount, description, transaction_date, cash_account_id,
                            profile_id, chart_account_id, savings_goal_id, created_by, reversal_of)
  VALUES (p_club_id, p_type, p_amount, btrim(p_description), v_date, p_cash_account_id,
          p_profile_id, p_chart_account_id, p_savings_goal_id, p_created_by, p_reversal_of)
  RETURNING id INTO v_id;

  INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, before, after)
  VALUES (
    p_club_id, p_created_by,
    CASE WHEN p_reversal_of IS NULL THEN 'transaction.register' ELSE 'transaction.reverse' END,
    'transaction', v_id::text,
    jsonb_build_object('cash_account_balance', v_account.current_balance::text,
                       'savings_goal_amount', v_goal.current_amount::text),
    jsonb_build_object('type', p_type, 'amount', p_amount::text, 'description', btrim(p_description),
                       'transaction_date', v_date, 'cash_account_id', p_cash_account_id,
                       'savings_goal_id', p_savings_goal_id, 'chart_account_id', p_chart_account_id,
                       'profile_id', p_profile_id, 'reversal_of', p_reversal_of,
                       'cash_account_balance', (v_account.current_balance + v_delta)::text,
                       'savings_goal_amount', (v_goal.current_amount + v_delta)::text)
  );
  RETURN v_id;
END;
$$;

/*
 * "Estornar": records the opposite of a transaction (same cash account, goal, member and chart
 * account) through register_transaction. The original is locked first so two concurrent
 * reversals cannot both pass the checks.
 */
CREATE FUNCTION reverse_transaction(p_club_id uuid, p_transaction_id uuid, p_created_by uuid)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx transactions%ROWTYPE;
BEGIN
  SELECT * INTO v_tx FROM transactions WHERE id = p_transaction_id AND club_id = p_club_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Lançamento não encontrado.' USING ERRCODE = 'P0002';
  END IF;
  IF v_tx.reversal_of IS NOT NULL THEN
    RAISE EXCEPTION 'Não é possível estornar um estorno.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM transactions WHERE reversal_of = v_tx.id) THEN
    RAISE EXCEPTION 'Este lançamento já foi estornado.' USING ERRCODE = 'P0001';
  END IF;
  RETURN register_transaction(
    p_club_id, v_tx.cash_account_id, v_tx.profile_id, v_tx.chart_account_id, v_tx.savings_goal_id,
    CASE WHEN v_tx.type = 'income' THEN 'expense' ELSE 'income' END,
    v_tx.amount, left('Estorno: ' || v_tx.description, 500), NULL, p_created_by, v_tx.id);
END;
$$;

-- Conciliation: what the balance should be from its history vs what it is (differs after a plain delete).
CREATE VIEW v_cash_account_conciliation AS
SELECT ca.id AS cash_account_id,
       ca.club_id,
       ca.initial_balance + coalesce(sum(CASE WHEN t.type = 'income' THEN t.amount ELSE -t.amount END), 0) AS expected_balance,
       count(t.id)::int AS transactions_count
  FROM cash_accounts ca
  LEFT JOIN transactions t ON t.club_id = ca.club_id AND t.cash_account_id = ca.id
 GROUP BY ca.id, ca.club_id, ca.initial_balance;

-- Sensible defaults for a club's chart of accounts; idempotent (new clubs, backfill, demo seed).
CREATE FUNCTION create_default_chart_of_accounts(p_club_id uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO chart_of_accounts (club_id, name, type)
  SELECT p_club_id, d.name, d.type
    FROM (VALUES ('Mensalidades', 'income'), ('Doações', 'income'), ('Eventos', 'income'),
                 ('Vendas e cantina', 'income'), ('Outras receitas', 'income'),
                 ('Uniformes', 'expense'), ('Materiais', 'expense'), ('Acampamentos', 'expense'),
                 ('Eventos', 'expense'), ('Transporte', 'expense'), ('Alimentação', 'expense'),
                 ('Outras despesas', 'expense')) AS d(name, type)
  ON CONFLICT (club_id, type, name) DO NOTHING
$$;

SELECT create_default_chart_of_accounts(id) FROM clubs;
