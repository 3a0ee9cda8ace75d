-- Settling a lottery draw faster (issue 18's target: 100,000 bets in ≤ 3 s): ledger_settle_rounds
-- (0040) as before, except that a round settled with nothing paid gets no vendor transaction.
-- Most of a draw's slips lose; each wrote a DEPOSIT of 0 with its indexes, a record of no money
-- that nothing needs: the round row is the bet record (settled, payout 0, checkBetRecords agrees),
-- and the round's conditional update is its guard, so a repeated settlement (on this path, or one
-- by one through ledger_apply_bets, which finds the round settled) changes nothing.
CREATE OR REPLACE FUNCTION ledger_settle_rounds(p_items jsonb)
RETURNS text[]
LANGUAGE plpgsql
AS $$
DECLARE
  i_main bigint[]; i_revenue bigint[]; i_key text[]; i_fp text[]; i_kind text[]; i_ref text[];
  i_merchant text[]; i_member bigint[]; i_vendor text[]; i_game text[]; i_round text[];
  i_currency text[]; i_tx text[]; i_bet_ref text[]; i_amount bigint[]; i_time timestamptz[];
  v_count integer;
  v_members bigint[];
  v_houses bigint[];
  v_found integer;
  -- per item, in order: the state, the round it settled (NULL: not settled here), its operation
  v_state text[];
  v_round bigint[];
  v_op bigint[];
  v_rounds jsonb;
  v_expected integer;
  v_written integer;
BEGIN
  SELECT array_agg(x.main ORDER BY x.n), array_agg(x.revenue ORDER BY x.n), array_agg(x.key ORDER BY x.n),
         array_agg(x.fingerprint ORDER BY x.n), array_agg(x.kind ORDER BY x.n), array_agg(x.reference ORDER BY x.n),
         array_agg(x.merchant ORDER BY x.n), array_agg(x.member ORDER BY x.n), array_agg(x.vendor ORDER BY x.n),
         array_agg(x.game ORDER BY x.n), array_agg(x.round ORDER BY x.n), array_agg(x.currency ORDER BY x.n),
         array_agg(x."txId" ORDER BY x.n), array_agg(x."betRef" ORDER BY x.n), array_agg(x.amount ORDER BY x.n),
         array_agg(x."txTime" ORDER BY x.n), count(*)
  INTO i_main, i_revenue, i_key, i_fp, i_kind, i_ref, i_merchant, i_member, i_vendor, i_game, i_round,
       i_currency, i_tx, i_bet_ref, i_amount, i_time, v_count
  FROM ROWS FROM (jsonb_to_recordset(p_items) AS (main bigint, revenue bigint, key text, fingerprint text,
         kind text, reference text, merchant text, member bigint, vendor text, game text, round text,
         currency text, "txId" text, "betRef" text, amount bigint, "txTime" timestamptz))
       WITH ORDINALITY AS x (main, revenue, key, fingerprint, kind, reference, merchant, member, vendor, game,
                             round, currency, "txId", "betRef", amount, "txTime", n);
  IF v_count = 0 THEN
    RETURN '{}'::text[];
  END IF;
  -- Each round and each key once; a paying item has its key, revenue account and operation text.
  IF (SELECT count(DISTINCT (u.vendor, u.member, u.round)) FROM unnest(i_vendor, i_member, i_round) AS u (vendor, member, round)) <> v_count
     OR (SELECT count(DISTINCT k) FROM unnest(i_key) AS k) <> (SELECT count(k) FROM unnest(i_key) AS k)
     OR EXISTS (SELECT 1 FROM unnest(i_amount, i_key, i_fp, i_kind, i_revenue, i_main) AS u (amount, key, fp, kind, revenue, main)
                WHERE u.amount IS NULL OR u.amount < 0 OR u.main IS NULL
                   OR (u.amount > 0 AND (u.key IS NULL OR u.fp IS NULL OR u.kind IS NULL OR u.revenue IS NULL))) THEN
    RAISE EXCEPTION 'a round or key twice in a settlement, or an item without its accounts' USING ERRCODE = 'LD004';
  END IF;

  -- 1. The members paid, locked in ascending id order (primary key only, the owner kind checked
  --    on the rows, as 0009's batch does); the revenue accounts are house accounts.
  SELECT array_agg(DISTINCT u.main ORDER BY u.main) INTO v_members
  FROM unnest(i_main, i_amount) AS u (main, amount) WHERE u.amount > 0;
  SELECT count(*) FILTER (WHERE l.owner_kind = 'member') INTO v_found FROM (
    SELECT a.id, a.owner_kind FROM ledger_accounts a WHERE a.id = ANY (v_members) ORDER BY a.id FOR UPDATE
  ) l;
  IF v_found <> coalesce(cardinality(v_members), 0) THEN
    RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LD003';
  END IF;
  SELECT array_agg(DISTINCT h) INTO v_houses FROM unnest(i_revenue) AS h WHERE h IS NOT NULL;
  IF v_houses IS NOT NULL AND (SELECT count(*) FROM ledger_accounts a WHERE a.id = ANY (v_houses) AND a.owner_kind = 'house')
       <> cardinality(v_houses) THEN
    RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LD003';
  END IF;

  -- 2. Known keys: a replay (same content) or a conflict; the rest is still to settle.
  --    One probe of the key's unique index per paying item (a join here was planned as a scan
  --    of every operation, a cost growing with the ledger).
  SELECT array_agg(CASE WHEN k.fingerprint IS NULL THEN 'new' WHEN k.fingerprint = k.fp THEN 'replayed' ELSE 'conflict' END
                   ORDER BY k.n)
  INTO v_state
  FROM (SELECT u.n, u.fp, CASE WHEN u.key IS NOT NULL THEN
                 (SELECT o.fingerprint FROM ledger_operations o WHERE o.idempotency_key = u.key) END AS fingerprint
        FROM unnest(i_key, i_fp) WITH ORDINALITY AS u (key, fp, n)) k;

  -- 3. The guard and the rounds in one statement: only an open round settles (a paid member is
  --    locked, so no other ledger write of this member runs meanwhile; a concurrent settlement
  --    of the same round waits on the row and then finds it settled).
  WITH settled AS (
    UPDATE bet_rounds r SET
      payout_minor = r.payout_minor + u.amount,
      deposit_count = r.deposit_count + 1,
      status = 'settled',
      valid_bet_minor = r.stake_minor,
      settled_at = now(),
      updated_at = now()
    FROM unnest(v_state, i_vendor, i_round, i_member, i_amount) WITH ORDINALITY AS u (state, vendor, round, member, amount, n)
    WHERE u.state = 'new' AND r.vendor_code = u.vendor AND r.round_id = u.round AND r.member_id = u.member
      AND r.status = 'open'
    RETURNING u.n, r.id, r.merchant_code, r.member_id, r.vendor_code, r.game_code, r.round_id, r.currency,
              r.stake_minor, r.payout_minor, r.valid_bet_minor, r.settled_at
  )
  SELECT array_agg(CASE WHEN s.state <> 'new' THEN s.state WHEN r.n IS NULL THEN 'settled' ELSE 'applied' END
                   ORDER BY s.n),
         array_agg(r.id ORDER BY s.n),
         jsonb_agg(jsonb_build_object(
           'betRoundId', r.id, 'merchantCode', r.merchant_code, 'memberId', r.member_id,
           'vendorCode', r.vendor_code, 'gameCode', r.game_code, 'roundId', r.round_id,
           'currency', r.currency, 'stakeMinor', r.stake_minor, 'payoutMinor', r.payout_minor,
           'validBetMinor', r.valid_bet_minor, 'settledAt', r.settled_at) ORDER BY s.n) FILTER (WHERE r.n IS NOT NULL)
  INTO v_state, v_round, v_rounds
  FROM unnest(v_state) WITH ORDINALITY AS s (state, n)
  LEFT JOIN settled r ON r.n = s.n;

  -- 4. The operations of the paying rounds settled here. A key another transaction claimed since
  --    step 2 makes the whole call fail (LD002): the caller goes one by one, each answered alone.
  WITH inserted AS (
    INSERT INTO ledger_operations (idempotency_key, fingerprint, kind, reference)
    SELECT u.key, u.fp, u.kind, u.ref
    FROM unnest(v_round, i_amount, i_key, i_fp, i_kind, i_ref) WITH ORDINALITY AS u (round, amount, key, fp, kind, ref, n)
    WHERE u.round IS NOT NULL AND u.amount > 0
    ORDER BY u.n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT array_agg(i.id ORDER BY u.n), count(*) FILTER (WHERE u.round IS NOT NULL AND u.amount > 0), count(i.id)
  INTO v_op, v_expected, v_written
  FROM unnest(v_round, i_amount, i_key) WITH ORDINALITY AS u (round, amount, key, n)
  LEFT JOIN inserted i ON i.idempotency_key = u.key;
  IF v_written <> v_expected THEN
    RAISE EXCEPTION 'a key of the settlement was claimed meanwhile' USING ERRCODE = 'LD002';
  END IF;

  -- 5. Balances: one update per member account (the total of its payouts), and the transfers
  --    with the balance after each (the balance read under the lock plus the running total in
  --    the chunk's order, as walking them one by one would give).
  IF v_written > 0 THEN
    WITH paid AS (
      SELECT u.n, u.op, u.main, u.revenue, u.amount, u.kind, u.ref,
             a.balance_minor + sum(u.amount) OVER (PARTITION BY u.main ORDER BY u.n) AS after
      FROM unnest(v_op, i_main, i_revenue, i_amount, i_kind, i_ref) WITH ORDINALITY AS u (op, main, revenue, amount, kind, ref, n)
      JOIN ledger_accounts a ON a.id = u.main
      WHERE u.op IS NOT NULL
    ),
    credited AS (
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + t.total
      FROM (SELECT p.main, sum(p.amount) AS total FROM paid p GROUP BY p.main) t
      WHERE a.id = ANY (v_members) AND a.id = t.main
      RETURNING 1
    ),
    written AS (
      INSERT INTO ledger_transfers (operation_id, seq, kind, reference, from_account_id, to_account_id,
                                    amount_minor, from_balance_after, to_balance_after)
      SELECT p.op, 1, p.kind, p.ref, p.revenue, p.main, p.amount, NULL, p.after
      FROM paid p ORDER BY p.n
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM credited) + (SELECT count(*) FROM written) INTO v_found;
  END IF;

  -- 6. The vendor transactions of the paying rounds settled here. A round settled with nothing
  --    paid has no record (0048): its round row says it (settled, payout 0), and a repeat of its
  --    settlement finds the round settled, on this path or one by one.
  WITH written AS (
    INSERT INTO vendor_transactions (merchant_code, vendor_code, provider_tx_id, tx_type, member_id, round_pk, round_id,
                                     game_code, bet_ref, amount_minor, bonus_amount_minor, currency, tx_time, game_over, operation_id)
    SELECT u.merchant, u.vendor, u.tx, 'DEPOSIT', u.member, u.round_pk, u.round,
           u.game, u.bet_ref, u.amount, 0, u.currency, u.tx_time, true, u.op
    FROM unnest(v_round, v_op, i_merchant, i_vendor, i_tx, i_member, i_round, i_game, i_bet_ref, i_amount, i_currency, i_time)
           WITH ORDINALITY AS u (round_pk, op, merchant, vendor, tx, member, round, game, bet_ref, amount, currency, tx_time, n)
    WHERE u.round_pk IS NOT NULL AND u.amount > 0
    ORDER BY u.n
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT count(*) INTO v_written FROM written;
  IF v_written <> (SELECT count(*) FROM unnest(v_round, i_amount) AS u (round, amount)
                   WHERE u.round IS NOT NULL AND u.amount > 0) THEN
    RAISE EXCEPTION 'a vendor transaction of the settlement exists' USING ERRCODE = 'LD002';
  END IF;

  -- 7. The rounds this call settled, as one domain event in the same transaction (0027).
  IF v_rounds IS NOT NULL THEN
    INSERT INTO domain_events (type, payload) VALUES ('bets.settled', jsonb_build_object('rounds', v_rounds));
  END IF;
  RETURN v_state;
END;
$$;
