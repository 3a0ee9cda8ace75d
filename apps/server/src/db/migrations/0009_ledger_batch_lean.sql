-- The batch path of 0007, leaner. Same contract and same results; measured with a loop of
-- batches in one backend (docs/wallet.md), it spent most of its database CPU on overhead
-- rather than on the writes: the batch's JSON was unpacked four times with ->> (twice for
-- the lock, twice in ledger_post_operations_at_once), the running balances were computed
-- twice by window functions, a subtransaction wrapped every batch, and a dozen statements
-- ran where six do. Here:
--   * the batch is unpacked once, by jsonb_to_recordset, into arrays;
--   * locking the member accounts (ascending id, as always) also reads their balances;
--   * the walk that proves the batch feasible (distinct keys, every member account known, no
--     balance below zero at any step in batch order) is a loop over those arrays that also
--     yields each transfer's balances after, so nothing is computed twice;
--   * whether a key is new is learnt from inserting the operations (ON CONFLICT DO NOTHING
--     skips a known key, through the unique index whatever the statistics say). A separate
--     check `idempotency_key = ANY (keys)` had been planned, on a young table, as a scan of
--     every operation, and that cached plan stayed: its cost grew with the ledger;
--   * no subtransaction: if a key was known (a replay) or claimed by a concurrent transaction
--     meanwhile, the rows just inserted are deleted again, before any balance moved, and the
--     batch goes one by one as before.
-- A batch that cannot all succeed goes one operation at a time, each in a subtransaction,
-- exactly as in 0005/0007, so every operation still gets the answer it would have got alone.
-- p_at_once_only (tests): return NULL, having written nothing, instead of going one by one.
DROP FUNCTION ledger_post_operations_at_once(jsonb);
DROP FUNCTION ledger_post_operations(jsonb);

CREATE FUNCTION ledger_post_operations(p_ops jsonb, p_at_once_only boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  -- one element per transfer, in batch order
  t_n integer[]; t_seq integer[]; t_from bigint[]; t_from_member boolean[];
  t_to bigint[]; t_to_member boolean[]; t_amount bigint[]; t_kind text[]; t_reference text[];
  t_from_after bigint[]; t_to_after bigint[];
  -- one element per operation
  o_key text[]; o_fingerprint text[]; o_kind text[]; o_reference text[]; o_id bigint[];
  -- the member accounts of the batch, ascending, with their balances (walked forward)
  v_members bigint[]; acct bigint[]; balance bigint[];
  v_count integer;
  v_feasible boolean := true;
  i integer;
  j integer;
  v_op jsonb;
  v_results jsonb;
  v_result jsonb;
  v_state text;
  v_detail text;
BEGIN
  SELECT array_agg(t.n ORDER BY t.n, t.seq), array_agg(t.seq ORDER BY t.n, t.seq),
         array_agg(t."from" ORDER BY t.n, t.seq), array_agg(t."fromKind" = 'member' ORDER BY t.n, t.seq),
         array_agg(t."to" ORDER BY t.n, t.seq), array_agg(t."toKind" = 'member' ORDER BY t.n, t.seq),
         array_agg(t.amount ORDER BY t.n, t.seq), array_agg(t.kind ORDER BY t.n, t.seq),
         array_agg(coalesce(t.reference, t.op_reference) ORDER BY t.n, t.seq),
         array_agg(t.key ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.fingerprint ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.op_kind ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.op_reference ORDER BY t.n) FILTER (WHERE t.seq = 1)
  INTO t_n, t_seq, t_from, t_from_member, t_to, t_to_member, t_amount, t_kind, t_reference,
       o_key, o_fingerprint, o_kind, o_reference
  FROM (
    SELECT o.n::integer AS n, o.key, o.fingerprint, o.kind AS op_kind, o.reference AS op_reference,
           x.seq::integer AS seq, x."from", x."fromKind", x."to", x."toKind", x.amount, x.kind, x.reference
    FROM ROWS FROM (jsonb_to_recordset(p_ops)
                      AS (key text, fingerprint text, kind text, reference text, transfers jsonb))
           WITH ORDINALITY AS o (key, fingerprint, kind, reference, transfers, n),
         ROWS FROM (jsonb_to_recordset(o.transfers)
                      AS ("from" bigint, "fromKind" text, "to" bigint, "toKind" text, amount bigint, kind text, reference text))
           WITH ORDINALITY AS x ("from", "fromKind", "to", "toKind", amount, kind, reference, seq)
  ) t;
  v_count := jsonb_array_length(p_ops);
  IF v_count = 0 THEN
    RETURN '[]'::jsonb;
  END IF;

  SELECT array_agg(DISTINCT m.id ORDER BY m.id) INTO v_members
  FROM (SELECT f AS id FROM unnest(t_from, t_from_member) AS u (f, member) WHERE u.member
        UNION ALL
        SELECT g FROM unnest(t_to, t_to_member) AS u (g, member) WHERE u.member) m;

  -- Lock in ascending id order (no two batches can deadlock), reading the balances under the
  -- lock. The owner kind is checked on the rows, not in the WHERE: with `owner_kind = 'member'`
  -- there, the generic plan may AND the primary key with a scan of the whole partial index of
  -- member accounts, a cost that grows with the number of members.
  SELECT array_agg(l.id ORDER BY l.id) FILTER (WHERE l.owner_kind = 'member'),
         array_agg(l.balance_minor ORDER BY l.id) FILTER (WHERE l.owner_kind = 'member')
  INTO acct, balance
  FROM (SELECT a.id, a.owner_kind, a.balance_minor FROM ledger_accounts a
        WHERE a.id = ANY (v_members)
        ORDER BY a.id FOR UPDATE) l;

  -- Feasible at once? Every member account known, the keys distinct, and no balance below
  -- zero at any step, walking the transfers in batch order as one-by-one posting would.
  -- (Whether each key is new, the insert below finds out.)
  IF coalesce(cardinality(o_key), 0) <> v_count -- an operation without transfers
     OR coalesce(cardinality(acct), 0) <> coalesce(cardinality(v_members), 0)
     OR (SELECT count(DISTINCT k) FROM unnest(o_key) AS k) <> v_count THEN
    v_feasible := false;
  END IF;
  IF v_feasible THEN
    t_from_after := array_fill(NULL::bigint, ARRAY[cardinality(t_n)]);
    t_to_after := array_fill(NULL::bigint, ARRAY[cardinality(t_n)]);
    FOR i IN 1 .. cardinality(t_n) LOOP
      IF t_from_member[i] THEN
        j := array_position(acct, t_from[i]);
        balance[j] := balance[j] - t_amount[i];
        IF balance[j] < 0 THEN
          v_feasible := false;
          EXIT;
        END IF;
        t_from_after[i] := balance[j];
      END IF;
      IF t_to_member[i] THEN
        j := array_position(acct, t_to[i]);
        balance[j] := balance[j] + t_amount[i];
        t_to_after[i] := balance[j];
      END IF;
    END LOOP;
  END IF;

  IF v_feasible THEN
    WITH inserted AS (
      INSERT INTO ledger_operations (idempotency_key, fingerprint, kind, reference)
      SELECT u.key, u.fingerprint, u.kind, u.reference
      FROM unnest(o_key, o_fingerprint, o_kind, o_reference) WITH ORDINALITY AS u (key, fingerprint, kind, reference, n)
      ORDER BY u.n
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key
    )
    SELECT array_agg(i.id ORDER BY u.n) INTO o_id
    FROM unnest(o_key) WITH ORDINALITY AS u (key, n) JOIN inserted i ON i.idempotency_key = u.key;

    IF coalesce(cardinality(o_id), 0) <> v_count THEN
      -- A key was known already (a replay) or a concurrent transaction claimed it meanwhile.
      -- Nothing but these rows was written yet; remove them and let the one-by-one path give
      -- each operation its answer.
      DELETE FROM ledger_operations WHERE id = ANY (o_id);
      v_feasible := false;
    END IF;
  END IF;

  IF v_feasible THEN
    UPDATE ledger_accounts a SET balance_minor = b.balance
    FROM unnest(acct, balance) AS b (id, balance)
    WHERE a.id = ANY (acct) AND a.id = b.id;

    WITH u AS (
      SELECT * FROM unnest(t_n, t_seq, t_kind, t_reference, t_from, t_to, t_amount, t_from_after, t_to_after)
        AS u (n, seq, kind, reference, from_id, to_id, amount, from_after, to_after)
    ),
    written AS (
      INSERT INTO ledger_transfers (operation_id, seq, kind, reference, from_account_id, to_account_id,
                                    amount_minor, from_balance_after, to_balance_after)
      SELECT o_id[u.n], u.seq, u.kind, u.reference, u.from_id, u.to_id, u.amount, u.from_after, u.to_after
      FROM u ORDER BY u.n, u.seq
      RETURNING 1
    ),
    per_op AS (
      SELECT u.n, jsonb_agg(jsonb_build_object(
               'seq', u.seq, 'kind', u.kind, 'fromAccountId', u.from_id, 'toAccountId', u.to_id,
               'amountMinor', u.amount, 'fromBalanceAfter', u.from_after, 'toBalanceAfter', u.to_after)
             ORDER BY u.seq) AS transfers
      FROM u GROUP BY u.n
    )
    -- `written` runs whether read or not; reading it keeps that visible.
    SELECT jsonb_agg(jsonb_build_object('operationId', o_id[p.n], 'replayed', false, 'transfers', p.transfers)
                     ORDER BY p.n)
           || (SELECT '[]'::jsonb FROM (SELECT count(*) FROM written) w)
    INTO v_results
    FROM per_op p;
    RETURN v_results;
  END IF;

  IF p_at_once_only THEN
    RETURN NULL;
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

-- 0007's unpacking helper has no caller left.
DROP FUNCTION ledger_batch_transfers(jsonb);
