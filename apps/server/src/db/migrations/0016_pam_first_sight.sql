-- The PAM API's common case in one round trip (issue 12's bench:pam). A WITHDRAW or DEPOSIT
-- that the vendors module has never seen is posted straight to the ledger, without first reading
-- what is known of its id, bet reference and round ("first sight", `fresh` in the bet). The
-- guard, which runs with the member's account locked, then also checks what that read would have
-- judged; when anything is unusual (the id used before, in any type; a deposit on a round that
-- is missing, closed or of another game; a deposit on a cancelled bet) it answers false, nothing
-- is written (LD004), and the caller takes the full path: it reads, judges and answers as before.
CREATE OR REPLACE FUNCTION ledger_bet_guard(p_bet jsonb)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
  v_deposits integer;
  v_game text;
BEGIN
  IF coalesce((p_bet->>'tombstone')::boolean, false) THEN
    -- still nothing to cancel
    RETURN NOT EXISTS (
      SELECT 1 FROM vendor_transactions w
      WHERE w.merchant_code = p_bet->>'merchant' AND w.vendor_code = p_bet->>'vendor'
        AND w.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW') AND w.provider_tx_id = p_bet->>'txId')
    AND NOT EXISTS (
      SELECT 1 FROM vendor_transactions w
      WHERE w.merchant_code = p_bet->>'merchant' AND w.vendor_code = p_bet->>'vendor'
        AND w.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW') AND w.bet_ref = p_bet->>'betRef');
  END IF;
  SELECT r.status, r.deposit_count, r.game_code INTO v_status, v_deposits, v_game FROM bet_rounds r
  WHERE r.vendor_code = p_bet->>'vendor' AND r.round_id = p_bet->>'round'
    AND r.member_id = (p_bet->>'member')::bigint;
  IF coalesce((p_bet->>'fresh')::boolean, false) THEN
    -- The id seen before, in any type (a CANCEL named it, a repeat, a duplicate): the full path
    -- judges. This also covers the WITHDRAW's check for a CANCEL by the same id below.
    IF EXISTS (
      SELECT 1 FROM vendor_transactions t
      WHERE t.merchant_code = p_bet->>'merchant' AND t.vendor_code = p_bet->>'vendor'
        AND t.provider_tx_id = p_bet->>'txId') THEN
      RETURN false;
    END IF;
    IF p_bet->>'type' = 'WITHDRAW' THEN
      RETURN coalesce(v_status, 'open') = 'open'
        AND (p_bet->>'betRef' IS NULL OR NOT EXISTS (
          SELECT 1 FROM vendor_transactions c
          WHERE c.merchant_code = p_bet->>'merchant' AND c.vendor_code = p_bet->>'vendor'
            AND c.bet_ref = p_bet->>'betRef' AND c.tx_type IN ('CANCEL', 'PROMOCANCEL')));
    ELSIF p_bet->>'type' = 'DEPOSIT' THEN
      RETURN coalesce(v_status = 'open' AND v_game = p_bet->>'game', false)
        AND (p_bet->>'betRef' IS NULL OR NOT EXISTS (
          SELECT 1 FROM vendor_transactions w
          WHERE w.merchant_code = p_bet->>'merchant' AND w.vendor_code = p_bet->>'vendor'
            AND w.bet_ref = p_bet->>'betRef' AND w.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW')
            AND w.cancelled_by_id IS NOT NULL));
    END IF;
    RETURN false;
  END IF;
  CASE p_bet->>'type'
    WHEN 'WITHDRAW', 'PROMOWITHDRAW' THEN
      RETURN coalesce(v_status, 'open') = 'open' AND NOT EXISTS (
        SELECT 1 FROM vendor_transactions c
        WHERE c.merchant_code = p_bet->>'merchant' AND c.vendor_code = p_bet->>'vendor'
          AND c.tx_type IN ('CANCEL', 'PROMOCANCEL') AND c.provider_tx_id = p_bet->>'txId')
      AND NOT EXISTS (
        SELECT 1 FROM vendor_transactions c
        WHERE c.merchant_code = p_bet->>'merchant' AND c.vendor_code = p_bet->>'vendor'
          AND c.tx_type IN ('CANCEL', 'PROMOCANCEL') AND c.bet_ref = p_bet->>'betRef');
    WHEN 'DEPOSIT' THEN
      RETURN coalesce(v_status = 'open', false);
    WHEN 'PROMODEPOSIT' THEN
      RETURN coalesce(v_status, 'open') = 'open';
    ELSE
      RETURN coalesce(v_status = 'open' AND v_deposits = 0, false) AND EXISTS (
        SELECT 1 FROM vendor_transactions w
        WHERE w.id = (p_bet->>'cancels')::bigint AND w.cancelled_by_id IS NULL);
  END CASE;
END;
$$;
-- Generic plans again (0014 forced a fresh plan per call, a third of the guard's cost): every
-- read here is an equality on a unique key or on the bet reference's index, a plan that stays
-- right as the tables grow (bench:pam with BENCH_DIAGNOSE=1: no sequential scan of
-- vendor_transactions or bet_rounds during the run; the guard at 0.05 ms a call, was 0.19).
ALTER FUNCTION ledger_bet_guard(jsonb) RESET plan_cache_mode;

-- Bets and wins (WITHDRAW, DEPOSIT and their PROMO twins), as sets: every round once among
-- them, each guard already held (the member accounts are locked). One statement writes the
-- rounds, their transactions and the `bet.settled` events of the rounds it settles, for one bet
-- or for a whole batch of the ledger's group commit (per bet in a loop it cost 0.25 ms of
-- database time in bench:pam). NULL elements (operations without a bet) are skipped.
-- LD002: a transaction id was taken meanwhile (nothing of the call stays).
CREATE FUNCTION ledger_apply_bets(p_bets jsonb[], p_ops bigint[])
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v_bets integer;
  v_written integer;
BEGIN
  WITH b AS (
    SELECT u.n, u.bet->>'merchant' AS merchant, (u.bet->>'member')::bigint AS member,
           u.bet->>'vendor' AS vendor, u.bet->>'game' AS game, u.bet->>'round' AS round,
           u.bet->>'currency' AS currency, u.bet->>'type' AS type, u.bet->>'txId' AS tx_id,
           u.bet->>'betRef' AS bet_ref, (u.bet->>'amount')::bigint AS amount,
           (u.bet->>'txTime')::timestamptz AS tx_time,
           coalesce((u.bet->>'gameOver')::boolean, false) AS over, u.op
    FROM unnest(p_bets, p_ops) WITH ORDINALITY AS u (bet, op, n)
    WHERE u.bet IS NOT NULL
  ),
  rounds AS (
    INSERT INTO bet_rounds AS r (merchant_code, member_id, vendor_code, game_code, round_id, currency,
                                 stake_minor, payout_minor, deposit_count, status, valid_bet_minor, settled_at)
    SELECT b.merchant, b.member, b.vendor, b.game, b.round, b.currency,
           CASE WHEN b.type IN ('WITHDRAW', 'PROMOWITHDRAW') THEN b.amount ELSE 0 END,
           CASE WHEN b.type IN ('DEPOSIT', 'PROMODEPOSIT') THEN b.amount ELSE 0 END,
           CASE WHEN b.type IN ('DEPOSIT', 'PROMODEPOSIT') THEN 1 ELSE 0 END,
           CASE WHEN b.over THEN 'settled' ELSE 'open' END,
           CASE WHEN b.over AND b.type IN ('WITHDRAW', 'PROMOWITHDRAW') THEN b.amount ELSE 0 END,
           CASE WHEN b.over THEN now() END
    FROM b ORDER BY b.n
    ON CONFLICT (vendor_code, round_id, member_id) DO UPDATE SET
      stake_minor = r.stake_minor + EXCLUDED.stake_minor,
      payout_minor = r.payout_minor + EXCLUDED.payout_minor,
      deposit_count = r.deposit_count + EXCLUDED.deposit_count,
      status = CASE WHEN EXCLUDED.status = 'settled' THEN 'settled' ELSE r.status END,
      valid_bet_minor = CASE WHEN EXCLUDED.status = 'settled' THEN r.stake_minor + EXCLUDED.stake_minor ELSE 0 END,
      settled_at = CASE WHEN EXCLUDED.status = 'settled' THEN now() END,
      updated_at = now()
    RETURNING r.*
  ),
  written AS (
    INSERT INTO vendor_transactions (merchant_code, vendor_code, provider_tx_id, tx_type, member_id, round_pk, round_id,
                                     game_code, bet_ref, amount_minor, currency, tx_time, game_over, operation_id)
    SELECT b.merchant, b.vendor, b.tx_id, b.type, b.member, r.id, b.round,
           b.game, b.bet_ref, b.amount, b.currency, b.tx_time, b.over, b.op
    FROM b JOIN rounds r ON r.vendor_code = b.vendor AND r.round_id = b.round AND r.member_id = b.member
    ORDER BY b.n
    ON CONFLICT DO NOTHING
    RETURNING 1
  ),
  -- The rounds' settlements are domain events (lib/events.ts), in the same transaction. The
  -- guards admit only open (or new) rounds, so a settled round has just become so.
  settled AS (
    INSERT INTO domain_events (type, payload)
    SELECT 'bet.settled', jsonb_build_object(
      'betRoundId', r.id, 'merchantCode', r.merchant_code, 'memberId', r.member_id,
      'vendorCode', r.vendor_code, 'gameCode', r.game_code, 'roundId', r.round_id,
      'currency', r.currency, 'stakeMinor', r.stake_minor, 'payoutMinor', r.payout_minor,
      'validBetMinor', r.valid_bet_minor, 'settledAt', r.settled_at)
    FROM rounds r JOIN b ON r.vendor_code = b.vendor AND r.round_id = b.round AND r.member_id = b.member
    WHERE r.status = 'settled'
    ORDER BY b.n
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM b), (SELECT count(*) FROM written) + 0 * (SELECT count(*) FROM settled)
  INTO v_bets, v_written;
  IF v_written <> v_bets THEN
    RAISE EXCEPTION 'a vendor transaction of the batch exists' USING ERRCODE = 'LD002';
  END IF;
END;
$$;

-- One bet (the one-by-one path, a transaction that moves no money): bets and wins through
-- ledger_apply_bets, so both paths share one text; CANCELs and tombstones as in 0014.
CREATE OR REPLACE FUNCTION ledger_apply_bet(p_bet jsonb, p_op bigint, p_checked boolean)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v_type text := p_bet->>'type';
  v_amount bigint := (p_bet->>'amount')::bigint;
  v_member bigint := (p_bet->>'member')::bigint;
  v_over boolean := coalesce((p_bet->>'gameOver')::boolean, false);
  v_cancel boolean := v_type IN ('CANCEL', 'PROMOCANCEL');
  v_round bet_rounds%ROWTYPE;
  v_tx bigint;
BEGIN
  IF NOT p_checked AND NOT ledger_bet_guard(p_bet) THEN
    RAISE EXCEPTION 'bet round changed' USING ERRCODE = 'LD004';
  END IF;
  IF coalesce((p_bet->>'tombstone')::boolean, false) THEN
    INSERT INTO vendor_transactions (merchant_code, vendor_code, provider_tx_id, tx_type, member_id, round_id,
                                     game_code, bet_ref, amount_minor, currency, tx_time, outcome)
    VALUES (p_bet->>'merchant', p_bet->>'vendor', p_bet->>'txId', v_type, v_member, p_bet->>'round',
            p_bet->>'game', p_bet->>'betRef', v_amount, p_bet->>'currency', (p_bet->>'txTime')::timestamptz, 'cancel_not_found')
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_tx;
    IF v_tx IS NULL THEN
      RAISE EXCEPTION 'vendor transaction % exists', p_bet->>'txId' USING ERRCODE = 'LD002';
    END IF;
    RETURN;
  END IF;
  IF NOT v_cancel THEN
    PERFORM ledger_apply_bets(ARRAY[p_bet], ARRAY[p_op]);
    RETURN;
  END IF;

  -- CANCEL / PROMOCANCEL: the round exists (the guard saw it open). An update, not an upsert:
  -- the insert's row would carry the negative stake and fail the CHECK before any conflict is seen.
  UPDATE bet_rounds r SET
    stake_minor = r.stake_minor - v_amount,
    status = CASE WHEN r.stake_minor = v_amount THEN 'cancelled' WHEN v_over THEN 'settled' ELSE r.status END,
    valid_bet_minor = CASE WHEN r.stake_minor = v_amount THEN 0 WHEN v_over THEN r.stake_minor - v_amount ELSE 0 END,
    settled_at = CASE WHEN v_over OR r.stake_minor = v_amount THEN now() END,
    updated_at = now()
  WHERE r.vendor_code = p_bet->>'vendor' AND r.round_id = p_bet->>'round' AND r.member_id = v_member
  RETURNING * INTO v_round;
  INSERT INTO vendor_transactions (merchant_code, vendor_code, provider_tx_id, tx_type, member_id, round_pk, round_id,
                                   game_code, bet_ref, amount_minor, currency, tx_time, game_over, operation_id, cancels_id)
  VALUES (p_bet->>'merchant', p_bet->>'vendor', p_bet->>'txId', v_type, v_member, v_round.id, p_bet->>'round',
          p_bet->>'game', p_bet->>'betRef', v_amount, p_bet->>'currency', (p_bet->>'txTime')::timestamptz, v_over, p_op,
          (p_bet->>'cancels')::bigint)
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    RAISE EXCEPTION 'vendor transaction % exists', p_bet->>'txId' USING ERRCODE = 'LD002';
  END IF;
  UPDATE vendor_transactions SET cancelled_by_id = v_tx WHERE id = (p_bet->>'cancels')::bigint;

  -- The round's settlement is a domain event (lib/events.ts), in the same transaction. The
  -- guard admits only open (or new) rounds, so a settled round has just become so.
  IF v_round.status = 'settled' THEN
    INSERT INTO domain_events (type, payload)
    VALUES ('bet.settled', jsonb_build_object(
      'betRoundId', v_round.id, 'merchantCode', v_round.merchant_code, 'memberId', v_round.member_id,
      'vendorCode', v_round.vendor_code, 'gameCode', v_round.game_code, 'roundId', v_round.round_id,
      'currency', v_round.currency, 'stakeMinor', v_round.stake_minor, 'payoutMinor', v_round.payout_minor,
      'validBetMinor', v_round.valid_bet_minor, 'settledAt', v_round.settled_at));
  END IF;
END;
$$;

-- The batch: as 0014, but a batch without CANCELs writes its bets as a set (ledger_apply_bets).
CREATE OR REPLACE FUNCTION ledger_post_operations(p_ops jsonb, p_at_once_only boolean DEFAULT false)
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
  o_bet jsonb[];
  v_has_bets boolean := false;
BEGIN
  SELECT array_agg(t.n ORDER BY t.n, t.seq), array_agg(t.seq ORDER BY t.n, t.seq),
         array_agg(t."from" ORDER BY t.n, t.seq), array_agg(t."fromKind" = 'member' ORDER BY t.n, t.seq),
         array_agg(t."to" ORDER BY t.n, t.seq), array_agg(t."toKind" = 'member' ORDER BY t.n, t.seq),
         array_agg(t.amount ORDER BY t.n, t.seq), array_agg(t.kind ORDER BY t.n, t.seq),
         array_agg(coalesce(t.reference, t.op_reference) ORDER BY t.n, t.seq),
         array_agg(t.key ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.fingerprint ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.op_kind ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.op_reference ORDER BY t.n) FILTER (WHERE t.seq = 1),
         array_agg(t.bet ORDER BY t.n) FILTER (WHERE t.seq = 1)
  INTO t_n, t_seq, t_from, t_from_member, t_to, t_to_member, t_amount, t_kind, t_reference,
       o_key, o_fingerprint, o_kind, o_reference, o_bet
  FROM (
    SELECT o.n::integer AS n, o.key, o.fingerprint, o.kind AS op_kind, o.reference AS op_reference,
           nullif(o.bet, 'null'::jsonb) AS bet,
           x.seq::integer AS seq, x."from", x."fromKind", x."to", x."toKind", x.amount, x.kind, x.reference
    FROM ROWS FROM (jsonb_to_recordset(p_ops)
                      AS (key text, fingerprint text, kind text, reference text, transfers jsonb, bet jsonb))
           WITH ORDINALITY AS o (key, fingerprint, kind, reference, transfers, bet, n),
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

  -- Bet records (0014): every round at most once in the batch, each still in the state its
  -- caller saw (the member accounts are locked, so no other transaction can change it now).
  IF v_feasible AND EXISTS (SELECT 1 FROM unnest(o_bet) AS b WHERE b IS NOT NULL) THEN
    v_has_bets := true;
    IF (SELECT count(*) FROM unnest(o_bet) AS b WHERE b IS NOT NULL)
         <> (SELECT count(DISTINCT (b->>'vendor', b->>'member', b->>'round')) FROM unnest(o_bet) AS b WHERE b IS NOT NULL)
       OR EXISTS (SELECT 1 FROM unnest(o_bet) AS b WHERE b IS NOT NULL AND NOT ledger_bet_guard(b)) THEN
      v_feasible := false;
    END IF;
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
    IF v_has_bets THEN
      IF EXISTS (SELECT 1 FROM unnest(o_bet) AS b
                 WHERE b->>'type' IN ('CANCEL', 'PROMOCANCEL') OR coalesce((b->>'tombstone')::boolean, false)) THEN
        FOR i IN 1 .. v_count LOOP
          IF o_bet[i] IS NOT NULL THEN
            PERFORM ledger_apply_bet(o_bet[i], o_id[i], true);
          END IF;
        END LOOP;
      ELSE
        -- the usual batch (bets and wins): every round once, all guards held
        PERFORM ledger_apply_bets(o_bet, o_id);
      END IF;
    END IF;
    RETURN v_results;
  END IF;

  IF p_at_once_only THEN
    RETURN NULL;
  END IF;
  v_results := '[]'::jsonb;
  FOR v_op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    BEGIN
      v_result := ledger_post_operation(v_op->>'key', v_op->>'fingerprint', v_op->>'kind', v_op->>'reference', v_op->'transfers',
                                        nullif(v_op->'bet', 'null'::jsonb));
    EXCEPTION WHEN SQLSTATE 'LD001' OR SQLSTATE 'LD002' OR SQLSTATE 'LD003' OR SQLSTATE 'LD004' THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
      v_result := jsonb_build_object('error', v_state, 'detail', v_detail);
    END;
    v_results := v_results || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_results;
END;
$$;
