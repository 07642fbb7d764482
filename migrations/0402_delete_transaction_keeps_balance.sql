-- 'Excluir lançamento' removes the transaction's effect on its caixa (and cofre) in the same database
-- transaction, so a balance always equals its transactions; the audit log keeps who deleted it and why.
-- Beside register_transaction, these are the only statements that change a balance.

/*
 * Locks in the order reverse_transaction takes them (the transaction, then the caixa, then the cofre,
 * as register_transaction does), so a delete racing a reversal or a new transaction cannot deadlock.
 * P0001 = the user's mistake (HTTP 400), P0002 = not found (HTTP 404).
 */
CREATE FUNCTION delete_transaction(p_club_id uuid, p_transaction_id uuid, p_actor uuid, p_reason text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tx transactions%ROWTYPE;
  v_account cash_accounts%ROWTYPE;
  v_goal savings_goals%ROWTYPE;
  v_undo numeric;
BEGIN
  IF p_reason IS NULL OR length(btrim(p_reason)) < 3 THEN
    RAISE EXCEPTION 'Informe o motivo da exclusão (pelo menos 3 caracteres).' USING ERRCODE = 'P0001';
  END IF;
  SELECT * INTO v_tx FROM transactions WHERE club_id = p_club_id AND id = p_transaction_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Lançamento não encontrado.' USING ERRCODE = 'P0002';
  END IF;
  SELECT * INTO v_account FROM cash_accounts WHERE club_id = p_club_id AND id = v_tx.cash_account_id FOR UPDATE;
  IF v_tx.savings_goal_id IS NOT NULL THEN
    SELECT * INTO v_goal FROM savings_goals WHERE club_id = p_club_id AND id = v_tx.savings_goal_id FOR UPDATE;
  END IF;

  v_undo := CASE WHEN v_tx.type = 'income' THEN -v_tx.amount ELSE v_tx.amount END;
  IF v_account.current_balance + v_undo < 0 THEN
    RAISE EXCEPTION 'Excluir esta receita deixaria o caixa "%" negativo (saldo %, receita de %). Registre antes a receita que cobre as despesas, ou estorne o lançamento.',
      v_account.name, finance_brl(v_account.current_balance), finance_brl(v_tx.amount) USING ERRCODE = 'P0001';
  END IF;
  IF v_tx.savings_goal_id IS NOT NULL AND v_goal.current_amount + v_undo < 0 THEN
    RAISE EXCEPTION 'Excluir esta receita deixaria o cofre "%" negativo (valor %, receita de %).',
      v_goal.name, finance_brl(v_goal.current_amount), finance_brl(v_tx.amount) USING ERRCODE = 'P0001';
  END IF;

  DELETE FROM transactions WHERE id = v_tx.id;
  UPDATE cash_accounts SET current_balance = current_balance + v_undo, updated_at = now() WHERE id = v_account.id;
  IF v_tx.savings_goal_id IS NOT NULL THEN
    UPDATE savings_goals SET current_amount = current_amount + v_undo, updated_at = now() WHERE id = v_goal.id;
  END IF;

  INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, before, after)
  VALUES (
    p_club_id, p_actor, 'transaction.delete', 'transaction', v_tx.id::text,
    jsonb_build_object('type', v_tx.type, 'amount', v_tx.amount::text, 'description', v_tx.description,
                       'transaction_date', v_tx.transaction_date, 'cash_account_id', v_tx.cash_account_id,
                       'savings_goal_id', v_tx.savings_goal_id, 'chart_account_id', v_tx.chart_account_id,
                       'profile_id', v_tx.profile_id, 'reversal_of', v_tx.reversal_of, 'created_by', v_tx.created_by,
                       'cash_account_balance', v_account.current_balance::text,
                       'savings_goal_amount', v_goal.current_amount::text),
    jsonb_build_object('reason', btrim(p_reason),
                       'cash_account_balance', (v_account.current_balance + v_undo)::text,
                       'savings_goal_amount', (v_goal.current_amount + v_undo)::text)
  );
END;
$$;

/*
 * 'Corrigir saldo' on the divergence screen: a caixa whose balance disagrees with its transactions
 * (a delete before this migration kept the deleted amount) takes the balance its transactions give.
 * The caixa's lock makes a concurrent register_transaction wait, so the sum is read after it commits.
 */
CREATE FUNCTION reconcile_cash_account(p_club_id uuid, p_cash_account_id uuid, p_actor uuid)
RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
  v_account cash_accounts%ROWTYPE;
  v_expected numeric;
BEGIN
  SELECT * INTO v_account FROM cash_accounts WHERE club_id = p_club_id AND id = p_cash_account_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Caixa não encontrado.' USING ERRCODE = 'P0002';
  END IF;
  SELECT v_account.initial_balance + coalesce(sum(CASE WHEN t.type = 'income' THEN t.amount ELSE -t.amount END), 0)
    INTO v_expected
    FROM transactions t WHERE t.club_id = p_club_id AND t.cash_account_id = v_account.id;
  IF v_expected = v_account.current_balance THEN
    RETURN v_expected;
  END IF;
  IF v_expected < 0 THEN
    RAISE EXCEPTION 'Os lançamentos do caixa "%" somam % (negativo). Registre a receita que falta e corrija de novo.',
      v_account.name, finance_brl(v_expected) USING ERRCODE = 'P0001';
  END IF;
  UPDATE cash_accounts SET current_balance = v_expected, updated_at = now() WHERE id = v_account.id;
  INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, before, after)
  VALUES (p_club_id, p_actor, 'cash_account.reconcile', 'cash_account', v_account.id::text,
          jsonb_build_object('current_balance', v_account.current_balance::text),
          jsonb_build_object('current_balance', v_expected::text));
  RETURN v_expected;
END;
$$;
