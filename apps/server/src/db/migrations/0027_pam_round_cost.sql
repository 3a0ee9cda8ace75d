-- The cost of a PAM round in PostgreSQL (issue 12's bench:pam target, docs/pam.md "Performance").

-- vendor_transactions: no foreign keys on round_pk and operation_id. Both rows are written by the
-- ledger's own functions in the statement that writes (or has just locked) the row they name,
-- so the reference holds by construction; each key cost a trigger, a lookup and a row lock
-- (FOR KEY SHARE, which writes to the referenced row) on every transaction, four per round.
-- checkBetRecords (wallet) checks that each transaction's round and operation agree with it.
-- The round_pk index is dropped too: no query of the application reads transactions by round
-- (the rules read by provider id and bet reference; checkBetRecords joins whole tables).
ALTER TABLE vendor_transactions DROP CONSTRAINT vendor_transactions_round_pk_fkey;
ALTER TABLE vendor_transactions DROP CONSTRAINT vendor_transactions_operation_id_fkey;
DROP INDEX vendor_transactions_round;

-- One `bets.settled` event per ledger call, carrying every round the call settled, instead of one
-- `bet.settled` per round (docs/pam.md "Performance"). Each event costs an outbox row and its
-- index entries, then on the bus a dispatch update, a delivery row per handler, a claim update
-- and a done update: per round, that was about a sixth of bench:pam's database time. A group
-- commit's batch settles several rounds at once, so those costs are now shared by them.

CREATE OR REPLACE FUNCTION ledger_apply_bets(p_bets jsonb[], p_ops bigint[])
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
  -- The rounds this call settles are one domain event (lib/events.ts), in the same transaction:
  -- `bets.settled` with every round, not one event per round (0027). The guards admit only open
  -- (or new) rounds, so a settled round has just become so.
  settled AS (
    INSERT INTO domain_events (type, payload)
    SELECT 'bets.settled', jsonb_build_object('rounds', jsonb_agg(jsonb_build_object(
      'betRoundId', r.id, 'merchantCode', r.merchant_code, 'memberId', r.member_id,
      'vendorCode', r.vendor_code, 'gameCode', r.game_code, 'roundId', r.round_id,
      'currency', r.currency, 'stakeMinor', r.stake_minor, 'payoutMinor', r.payout_minor,
      'validBetMinor', r.valid_bet_minor, 'settledAt', r.settled_at) ORDER BY b.n))
    FROM rounds r JOIN b ON r.vendor_code = b.vendor AND r.round_id = b.round AND r.member_id = b.member
    WHERE r.status = 'settled'
    HAVING count(*) > 0
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

  -- The round's settlement is a domain event (lib/events.ts), in the same transaction: a
  -- `bets.settled` of one round. The guard admits only open (or new) rounds, so a settled round
  -- has just become so.
  IF v_round.status = 'settled' THEN
    INSERT INTO domain_events (type, payload)
    VALUES ('bets.settled', jsonb_build_object('rounds', jsonb_build_array(jsonb_build_object(
      'betRoundId', v_round.id, 'merchantCode', v_round.merchant_code, 'memberId', v_round.member_id,
      'vendorCode', v_round.vendor_code, 'gameCode', v_round.game_code, 'roundId', v_round.round_id,
      'currency', v_round.currency, 'stakeMinor', v_round.stake_minor, 'payoutMinor', v_round.payout_minor,
      'validBetMinor', v_round.valid_bet_minor, 'settledAt', v_round.settled_at))));
  END IF;
END;
$$;

-- game_plays (the games module's "hot" feed, one row per settled round, pruned daily) without
-- its foreign key to games: the key's trigger looked up and share-locked the game's row for
-- every settled round. Games are never deleted by the application, and the hot list keeps only
-- ids the catalogue knows (lobby-service.ts), so a play of a game deleted by hand is ignored
-- until the daily prune forgets it.
ALTER TABLE game_plays DROP CONSTRAINT game_plays_game_id_fkey;
