-- postOperation() in one round trip. The rules are those of modules/wallet/ledger.ts (which
-- calls this and maps its errors): one operation per idempotency key (a replay returns the
-- first result, different content is refused), member accounts locked in id order, member
-- balances never below zero, house accounts append-only, all or nothing.
-- Errors: SQLSTATE LD001 insufficient funds (DETAIL: the account's balance), LD002 idempotency
-- conflict, LD003 unknown account.
CREATE FUNCTION ledger_post_operation(p_key text, p_fingerprint text, p_kind text, p_reference text, p_transfers jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_op bigint;
  v_existing_fingerprint text;
  v_t jsonb;
  v_seq integer := 0;
  v_amount bigint;
  v_from bigint;
  v_to bigint;
  v_from_after bigint;
  v_to_after bigint;
  v_balance bigint;
  v_members bigint[];
  v_locked integer;
  v_result jsonb := '[]'::jsonb;
BEGIN
  -- Lock every member account first, in ascending id order, and only then claim the key:
  -- a concurrent retry of the same operation then waits on the accounts, never on the key
  -- while holding accounts (which could deadlock against a batch).
  SELECT array_agg(DISTINCT id ORDER BY id) INTO v_members
  FROM (
    SELECT (t->>'from')::bigint AS id FROM jsonb_array_elements(p_transfers) t WHERE t->>'fromKind' = 'member'
    UNION
    SELECT (t->>'to')::bigint FROM jsonb_array_elements(p_transfers) t WHERE t->>'toKind' = 'member'
  ) ids;
  IF v_members IS NOT NULL THEN
    SELECT count(*) INTO v_locked FROM (
      SELECT id FROM ledger_accounts WHERE id = ANY (v_members) AND owner_kind = 'member' ORDER BY id FOR UPDATE
    ) l;
    IF v_locked <> cardinality(v_members) THEN
      RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LD003';
    END IF;
  END IF;

  INSERT INTO ledger_operations (idempotency_key, fingerprint, kind, reference)
  VALUES (p_key, p_fingerprint, p_kind, p_reference)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_op;

  IF v_op IS NULL THEN
    SELECT id, fingerprint INTO v_op, v_existing_fingerprint FROM ledger_operations WHERE idempotency_key = p_key;
    IF v_existing_fingerprint <> p_fingerprint THEN
      RAISE EXCEPTION 'idempotency conflict for %', p_key USING ERRCODE = 'LD002';
    END IF;
    RETURN jsonb_build_object(
      'operationId', v_op,
      'replayed', true,
      'transfers', coalesce((
        SELECT jsonb_agg(jsonb_build_object(
          'seq', seq, 'kind', kind, 'fromAccountId', from_account_id, 'toAccountId', to_account_id,
          'amountMinor', amount_minor, 'fromBalanceAfter', from_balance_after, 'toBalanceAfter', to_balance_after) ORDER BY seq)
        FROM ledger_transfers WHERE operation_id = v_op), '[]'::jsonb));
  END IF;

  FOR v_t IN SELECT value FROM jsonb_array_elements(p_transfers) LOOP
    v_seq := v_seq + 1;
    v_amount := (v_t->>'amount')::bigint;
    v_from := (v_t->>'from')::bigint;
    v_to := (v_t->>'to')::bigint;
    v_from_after := NULL;
    v_to_after := NULL;
    IF v_t->>'fromKind' = 'member' THEN
      UPDATE ledger_accounts SET balance_minor = balance_minor - v_amount
      WHERE id = v_from AND balance_minor >= v_amount
      RETURNING balance_minor INTO v_from_after;
      IF NOT FOUND THEN
        SELECT balance_minor INTO v_balance FROM ledger_accounts WHERE id = v_from;
        RAISE EXCEPTION 'insufficient funds in account %', v_from USING ERRCODE = 'LD001', DETAIL = v_balance::text;
      END IF;
    END IF;
    IF v_t->>'toKind' = 'member' THEN
      UPDATE ledger_accounts SET balance_minor = balance_minor + v_amount WHERE id = v_to
      RETURNING balance_minor INTO v_to_after;
    END IF;
    INSERT INTO ledger_transfers (operation_id, seq, kind, reference, from_account_id, to_account_id, amount_minor, from_balance_after, to_balance_after)
    VALUES (v_op, v_seq, v_t->>'kind', coalesce(v_t->>'reference', p_reference), v_from, v_to, v_amount, v_from_after, v_to_after);
    v_result := v_result || jsonb_build_object(
      'seq', v_seq, 'kind', v_t->>'kind', 'fromAccountId', v_from, 'toAccountId', v_to,
      'amountMinor', v_amount, 'fromBalanceAfter', v_from_after, 'toBalanceAfter', v_to_after);
  END LOOP;

  RETURN jsonb_build_object('operationId', v_op, 'replayed', false, 'transfers', v_result);
END;
$$;
