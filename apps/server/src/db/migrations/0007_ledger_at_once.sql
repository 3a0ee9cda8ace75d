-- Group commit, set-based. 0005 posted a batch one operation at a time, each in its own
-- subtransaction: about 0.2 ms of database CPU per operation, most of it statement and
-- subtransaction overhead rather than the writes themselves. Almost every batch is made of
-- operations that all succeed (different keys, enough money), and those can be written
-- together: one INSERT of the operations, one UPDATE of the member accounts, one INSERT of
-- the transfers. ledger_post_operations_at_once() does that when it can prove the batch
-- feasible; otherwise (a replayed or repeated key, an unknown account, a balance that would go
-- below zero at some step) it returns NULL and the batch goes one by one as before, which
-- gives each operation its own answer. Results are identical either way.

-- The batch's operations and their transfers, in batch order (n) and transfer order (seq).
CREATE FUNCTION ledger_batch_transfers(p_ops jsonb)
RETURNS TABLE (n bigint, key text, fingerprint text, op_kind text, op_reference text, seq integer,
               from_id bigint, from_member boolean, to_id bigint, to_member boolean,
               amount bigint, kind text, reference text)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT o.n, o.value->>'key', o.value->>'fingerprint', o.value->>'kind', o.value->>'reference',
         t.seq::integer,
         (t.value->>'from')::bigint, t.value->>'fromKind' = 'member',
         (t.value->>'to')::bigint, t.value->>'toKind' = 'member',
         (t.value->>'amount')::bigint, t.value->>'kind',
         coalesce(t.value->>'reference', o.value->>'reference')
  FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS o (value, n),
       jsonb_array_elements(o.value->'transfers') WITH ORDINALITY AS t (value, seq)
$$;

-- Posts every operation of the batch together, or returns NULL (nothing written) when they
-- cannot all succeed. The caller holds the locks of every member account of the batch.
-- Raises LD004 if a concurrent transaction claimed one of the keys meanwhile (the caller
-- rolls this back and goes one by one). The batch is unpacked into arrays first and every
-- table is reached through `= ANY (array)`, so each lookup is an index probe whatever the
-- size of the tables.
CREATE FUNCTION ledger_post_operations_at_once(p_ops jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_count integer := jsonb_array_length(p_ops);
  -- one element per transfer, in batch order
  n bigint[]; seq integer[]; op_key text[]; from_id bigint[]; from_member boolean[];
  to_id bigint[]; to_member boolean[]; amount bigint[]; kind text[]; reference text[];
  -- one element per operation
  o_n bigint[]; o_key text[]; o_fingerprint text[]; o_kind text[]; o_reference text[];
  -- the member accounts of the batch and their balances before it
  acct bigint[]; balance bigint[];
  v_ok boolean;
  v_inserted integer;
  v_results jsonb;
BEGIN
  SELECT array_agg(t.n ORDER BY t.n, t.seq), array_agg(t.seq ORDER BY t.n, t.seq),
         array_agg(t.key ORDER BY t.n, t.seq),
         array_agg(t.from_id ORDER BY t.n, t.seq), array_agg(t.from_member ORDER BY t.n, t.seq),
         array_agg(t.to_id ORDER BY t.n, t.seq), array_agg(t.to_member ORDER BY t.n, t.seq),
         array_agg(t.amount ORDER BY t.n, t.seq), array_agg(t.kind ORDER BY t.n, t.seq),
         array_agg(t.reference ORDER BY t.n, t.seq)
  INTO n, seq, op_key, from_id, from_member, to_id, to_member, amount, kind, reference
  FROM ledger_batch_transfers(p_ops) t;

  SELECT array_agg(o.n ORDER BY o.n), array_agg(o.value->>'key' ORDER BY o.n),
         array_agg(o.value->>'fingerprint' ORDER BY o.n), array_agg(o.value->>'kind' ORDER BY o.n),
         array_agg(o.value->>'reference' ORDER BY o.n)
  INTO o_n, o_key, o_fingerprint, o_kind, o_reference
  FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS o (value, n);

  -- Every key new and distinct.
  IF (SELECT count(DISTINCT k) FROM unnest(o_key) k) <> v_count
     OR EXISTS (SELECT 1 FROM ledger_operations WHERE idempotency_key = ANY (o_key)) THEN
    RETURN NULL;
  END IF;

  SELECT array_agg(a.id), array_agg(a.balance_minor) INTO acct, balance
  FROM ledger_accounts a
  WHERE a.owner_kind = 'member'
    AND a.id = ANY (array(SELECT f FROM unnest(from_id, from_member) x (f, m) WHERE m
                          UNION SELECT t FROM unnest(to_id, to_member) y (t, m) WHERE m));

  -- Each member side of each transfer as a signed amount; walking them in batch order from
  -- the balances before the batch is exactly what one-by-one posting would do. Every member
  -- account must be known and no balance may go below zero at any step.
  WITH t AS (
    SELECT * FROM unnest(n, seq, from_id, from_member, to_id, to_member, amount)
      AS t (n, seq, from_id, from_member, to_id, to_member, amount)
  ),
  legs AS (
    SELECT t.n, t.seq, t.from_id AS account_id, -t.amount AS delta FROM t WHERE t.from_member
    UNION ALL
    SELECT t.n, t.seq, t.to_id, t.amount FROM t WHERE t.to_member
  ),
  known AS (SELECT * FROM unnest(acct, balance) AS k (id, balance))
  SELECT NOT EXISTS (
    SELECT 1 FROM (
      SELECT k.id IS NOT NULL AS is_known,
             k.balance + sum(l.delta) OVER (PARTITION BY l.account_id ORDER BY l.n, l.seq ROWS UNBOUNDED PRECEDING) AS after
      FROM legs l LEFT JOIN known k ON k.id = l.account_id) w
    WHERE NOT w.is_known OR w.after < 0)
  INTO v_ok;
  IF NOT v_ok THEN
    RETURN NULL;
  END IF;

  WITH inserted AS (
    INSERT INTO ledger_operations (idempotency_key, fingerprint, kind, reference)
    SELECT o.key, o.fingerprint, o.kind, o.reference
    FROM unnest(o_n, o_key, o_fingerprint, o_kind, o_reference) AS o (n, key, fingerprint, kind, reference)
    ORDER BY o.n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  ),
  t AS (
    SELECT * FROM unnest(n, seq, op_key, from_id, from_member, to_id, to_member, amount, kind, reference)
      AS t (n, seq, key, from_id, from_member, to_id, to_member, amount, kind, reference)
  ),
  legs AS (
    SELECT t.n, t.seq, t.from_id AS account_id, -t.amount AS delta, true AS is_from FROM t WHERE t.from_member
    UNION ALL
    SELECT t.n, t.seq, t.to_id, t.amount, false FROM t WHERE t.to_member
  ),
  known AS (SELECT * FROM unnest(acct, balance) AS k (id, balance)),
  walk AS (
    SELECT l.n, l.seq, l.is_from,
           k.balance + sum(l.delta) OVER (PARTITION BY l.account_id ORDER BY l.n, l.seq ROWS UNBOUNDED PRECEDING) AS after
    FROM legs l JOIN known k ON k.id = l.account_id
  ),
  moved AS (
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta
    FROM (SELECT legs.account_id, sum(legs.delta) AS delta FROM legs GROUP BY legs.account_id) d
    WHERE a.id = ANY (acct) AND a.id = d.account_id
    RETURNING a.id
  ),
  rows AS (
    SELECT t.n, t.seq, i.id AS operation_id, t.kind, t.reference, t.from_id, t.to_id, t.amount,
           fw.after AS from_after, tw.after AS to_after
    FROM t
    JOIN inserted i ON i.idempotency_key = t.key
    LEFT JOIN walk fw ON fw.n = t.n AND fw.seq = t.seq AND fw.is_from
    LEFT JOIN walk tw ON tw.n = t.n AND tw.seq = t.seq AND NOT tw.is_from
  ),
  written AS (
    INSERT INTO ledger_transfers (operation_id, seq, kind, reference, from_account_id, to_account_id,
                                  amount_minor, from_balance_after, to_balance_after)
    SELECT r.operation_id, r.seq, r.kind, r.reference, r.from_id, r.to_id, r.amount, r.from_after, r.to_after
    FROM rows r ORDER BY r.n, r.seq
    RETURNING 1
  ),
  per_op AS (
    SELECT r.n, jsonb_build_object(
      'operationId', r.operation_id,
      'replayed', false,
      'transfers', jsonb_agg(jsonb_build_object(
        'seq', r.seq, 'kind', r.kind, 'fromAccountId', r.from_id, 'toAccountId', r.to_id,
        'amountMinor', r.amount, 'fromBalanceAfter', r.from_after, 'toBalanceAfter', r.to_after) ORDER BY r.seq)) AS result
    FROM rows r GROUP BY r.n, r.operation_id
  )
  -- `written` and `moved` run whether read or not; reading them keeps that visible.
  SELECT (SELECT count(*) FROM inserted),
         (SELECT jsonb_agg(per_op.result ORDER BY per_op.n) FROM per_op)
         || '[]'::jsonb || (SELECT '[]'::jsonb FROM (SELECT count(*) FROM written) w, (SELECT count(*) FROM moved) m)
  INTO v_inserted, v_results;

  IF v_inserted <> v_count THEN
    RAISE EXCEPTION 'an idempotency key of the batch was claimed meanwhile' USING ERRCODE = 'LD004';
  END IF;
  RETURN v_results;
END;
$$;

-- Same contract as 0005's: every member account of the batch locked first in id order; then
-- the batch at once when it can, else one operation at a time, each in a subtransaction.
CREATE OR REPLACE FUNCTION ledger_post_operations(p_ops jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_op jsonb;
  v_results jsonb;
  v_result jsonb;
  v_state text;
  v_detail text;
  v_members bigint[];
BEGIN
  -- The ids first, then `= ANY`: 0005's `id IN (subquery)` was planned as a scan of every
  -- account (2 ms a batch with a thousand accounts, growing with the table).
  SELECT array_agg(DISTINCT x.id) INTO v_members
  FROM (SELECT t.from_id AS id FROM ledger_batch_transfers(p_ops) t WHERE t.from_member
        UNION ALL
        SELECT t.to_id FROM ledger_batch_transfers(p_ops) t WHERE t.to_member) x;
  PERFORM id FROM ledger_accounts WHERE owner_kind = 'member' AND id = ANY (v_members)
  ORDER BY id FOR UPDATE;

  BEGIN
    v_results := ledger_post_operations_at_once(p_ops);
  EXCEPTION WHEN SQLSTATE 'LD004' THEN
    v_results := NULL;
  END;
  IF v_results IS NOT NULL THEN
    RETURN v_results;
  END IF;

  v_results := '[]'::jsonb;
  FOR v_op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    BEGIN
      v_result := ledger_post_operation(v_op->>'key', v_op->>'fingerprint', v_op->>'kind', v_op->>'reference', v_op->'transfers');
    EXCEPTION WHEN SQLSTATE 'LD001' OR SQLSTATE 'LD002' OR SQLSTATE 'LD003' THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
      v_result := jsonb_build_object('error', v_state, 'detail', v_detail);
    END;
    v_results := v_results || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_results;
END;
$$;
