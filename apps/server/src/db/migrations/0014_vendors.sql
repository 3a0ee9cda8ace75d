-- Game vendors behind the PAM API (issue 12): the vendors module's configuration, API keys and
-- game sessions; the wallet's bet records and vendor transactions, written by the ledger's own
-- functions in the same call (so in the same transaction) as the money they move.

-- ── vendors module ──────────────────────────────────────────────────────────────────────────
-- Which vendors a brand plays, and how. `vendor_code` is the `provider` a caller names on /pam.
CREATE TABLE vendor_integrations (
  merchant_code       text NOT NULL REFERENCES brands (merchant_code),
  vendor_code         text NOT NULL REFERENCES vendors (code),
  wallet_mode         text NOT NULL DEFAULT 'seamless' CHECK (wallet_mode IN ('seamless', 'transfer')),
  -- {token} {game} {vendor} {lang} {currency} {lobby}: see modules/vendors/launch.ts
  launch_url_template text NOT NULL,
  enabled             boolean NOT NULL DEFAULT true,
  maintenance         boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, vendor_code)
);

-- API keys of the provider scope, stored as SHA-256 (a key is 32+ random characters, so a
-- fast hash is enough; the key itself is shown once, when it is made). `vendor_code` NULL is
-- an aggregator (a Valkyrie instance) that may act for every enabled vendor of the brand.
CREATE TABLE provider_api_keys (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key_hash      text NOT NULL UNIQUE,
  merchant_code text NOT NULL REFERENCES brands (merchant_code),
  vendor_code   text REFERENCES vendors (code),
  label         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);

-- Game sessions (X-Player-Token), the token stored as SHA-256. Refreshing ends a session
-- (`ended_at`) and starts another.
CREATE TABLE game_sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  merchant_code text NOT NULL REFERENCES brands (merchant_code),
  member_id     bigint NOT NULL REFERENCES members (id),
  vendor_code   text NOT NULL,
  game_code     text NOT NULL,
  currency      text NOT NULL,
  language      text NOT NULL,
  country       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz
);
CREATE INDEX game_sessions_member ON game_sessions (member_id, created_at DESC);

-- ── wallet module: bet records ──────────────────────────────────────────────────────────────
-- One row per round a vendor reports (issue 12 §5): the base of betting records, reports,
-- commissions, VIP, missions and cashback. Written only by ledger_apply_bet() below. No foreign
-- key to members: its check would lock the member's row (FOR KEY SHARE) in every bet's
-- transaction; the member's ledger account, locked anyway, already names the member.
CREATE TABLE bet_rounds (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code   text NOT NULL,
  member_id       bigint NOT NULL,
  vendor_code     text NOT NULL,
  game_code       text NOT NULL,
  round_id        text NOT NULL,
  currency        text NOT NULL,
  stake_minor     bigint NOT NULL DEFAULT 0 CHECK (stake_minor >= 0),
  payout_minor    bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  -- the stake of a settled round (0 while open or when cancelled): what turnover rules count
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  deposit_count   integer NOT NULL DEFAULT 0,
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
  opened_at       timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_code, round_id, member_id)
);
CREATE INDEX bet_rounds_member_time ON bet_rounds (member_id, opened_at DESC);
CREATE INDEX bet_rounds_vendor_game_time ON bet_rounds (merchant_code, vendor_code, game_code, opened_at DESC);
CREATE INDEX bet_rounds_settled_time ON bet_rounds (merchant_code, settled_at) WHERE status = 'settled';

-- Every transaction a vendor sent, once per (vendor, its transaction id, type): the PAM API's
-- idempotency and its lookups. Kept at least 4 months (docs/platform-facts.md §2); nothing deletes
-- rows yet. A CANCEL that found nothing to cancel is kept too (outcome 'cancel_not_found'), so the
-- late WITHDRAW it names is refused.
CREATE TABLE vendor_transactions (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code   text NOT NULL,
  vendor_code     text NOT NULL,
  provider_tx_id  text NOT NULL,
  tx_type         text NOT NULL CHECK (tx_type IN ('WITHDRAW', 'DEPOSIT', 'CANCEL', 'PROMOWITHDRAW', 'PROMODEPOSIT', 'PROMOCANCEL')),
  member_id       bigint NOT NULL,
  round_pk        bigint REFERENCES bet_rounds (id),
  round_id        text NOT NULL,
  game_code       text NOT NULL,
  bet_ref         text,
  amount_minor    bigint NOT NULL CHECK (amount_minor >= 0),
  currency        text NOT NULL,
  tx_time         timestamptz NOT NULL,
  game_over       boolean NOT NULL DEFAULT false,
  operation_id    bigint REFERENCES ledger_operations (id),
  cancels_id      bigint REFERENCES vendor_transactions (id),
  cancelled_by_id bigint REFERENCES vendor_transactions (id),
  outcome         text NOT NULL DEFAULT 'applied' CHECK (outcome IN ('applied', 'cancel_not_found')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, vendor_code, provider_tx_id, tx_type)
);
CREATE INDEX vendor_transactions_bet_ref ON vendor_transactions (merchant_code, vendor_code, bet_ref) WHERE bet_ref IS NOT NULL;
CREATE INDEX vendor_transactions_round ON vendor_transactions (round_pk) WHERE round_pk IS NOT NULL;

-- Is the round still in the state the caller (vendors' PAM rules, TypeScript) saw? Called with
-- the member's account locked, so the answer holds until the transaction ends. p_bet:
-- {merchant, member, vendor, game, round, currency, txId, type, betRef, amount, txTime,
--  gameOver, cancels (vendor_transactions.id of the WITHDRAW a CANCEL reverts), tombstone}.
CREATE FUNCTION ledger_bet_guard(p_bet jsonb)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
  v_deposits integer;
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
  SELECT r.status, r.deposit_count INTO v_status, v_deposits FROM bet_rounds r
  WHERE r.vendor_code = p_bet->>'vendor' AND r.round_id = p_bet->>'round'
    AND r.member_id = (p_bet->>'member')::bigint;
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

-- Writes one vendor transaction and its round (stake, payout, status), and the `bet.settled`
-- domain event when the round settles: inside the ledger function's call, so in the same
-- transaction as the operation p_op (NULL: a transaction that moves no money). LD004: the round
-- changed since the caller looked (it reads again and answers); LD002: the transaction id was
-- taken meanwhile.
CREATE FUNCTION ledger_apply_bet(p_bet jsonb, p_op bigint, p_checked boolean)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v_type text := p_bet->>'type';
  v_amount bigint := (p_bet->>'amount')::bigint;
  v_member bigint := (p_bet->>'member')::bigint;
  v_over boolean := coalesce((p_bet->>'gameOver')::boolean, false);
  v_cancel boolean := v_type IN ('CANCEL', 'PROMOCANCEL');
  v_stake bigint := 0;
  v_payout bigint := 0;
  v_deposits integer := 0;
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
  IF v_type IN ('WITHDRAW', 'PROMOWITHDRAW') THEN
    v_stake := v_amount;
  ELSIF v_type IN ('DEPOSIT', 'PROMODEPOSIT') THEN
    v_payout := v_amount;
    v_deposits := 1;
  ELSE
    v_stake := -v_amount;
  END IF;

  IF v_cancel THEN
    -- The round exists (the guard saw it open). An update, not an upsert: the insert's row
    -- would carry the negative stake and fail the CHECK before any conflict is seen.
    UPDATE bet_rounds r SET
      stake_minor = r.stake_minor - v_amount,
      status = CASE WHEN r.stake_minor = v_amount THEN 'cancelled' WHEN v_over THEN 'settled' ELSE r.status END,
      valid_bet_minor = CASE WHEN r.stake_minor = v_amount THEN 0 WHEN v_over THEN r.stake_minor - v_amount ELSE 0 END,
      settled_at = CASE WHEN v_over OR r.stake_minor = v_amount THEN now() END,
      updated_at = now()
    WHERE r.vendor_code = p_bet->>'vendor' AND r.round_id = p_bet->>'round' AND r.member_id = v_member
    RETURNING * INTO v_round;
  ELSE
    INSERT INTO bet_rounds AS r (merchant_code, member_id, vendor_code, game_code, round_id, currency,
                                 stake_minor, payout_minor, deposit_count, status, valid_bet_minor, settled_at)
    VALUES (p_bet->>'merchant', v_member, p_bet->>'vendor', p_bet->>'game', p_bet->>'round', p_bet->>'currency',
            v_stake, v_payout, v_deposits, CASE WHEN v_over THEN 'settled' ELSE 'open' END,
            CASE WHEN v_over THEN v_stake ELSE 0 END, CASE WHEN v_over THEN now() END)
    ON CONFLICT (vendor_code, round_id, member_id) DO UPDATE SET
      stake_minor = r.stake_minor + EXCLUDED.stake_minor,
      payout_minor = r.payout_minor + EXCLUDED.payout_minor,
      deposit_count = r.deposit_count + EXCLUDED.deposit_count,
      status = CASE WHEN v_cancel AND r.stake_minor + EXCLUDED.stake_minor = 0 THEN 'cancelled'
                    WHEN v_over THEN 'settled' ELSE r.status END,
      valid_bet_minor = CASE WHEN v_cancel AND r.stake_minor + EXCLUDED.stake_minor = 0 THEN 0
                             WHEN v_over THEN r.stake_minor + EXCLUDED.stake_minor ELSE 0 END,
      settled_at = CASE WHEN v_over OR (v_cancel AND r.stake_minor + EXCLUDED.stake_minor = 0) THEN now() END,
      updated_at = now()
    RETURNING * INTO v_round;
  END IF;

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
  IF v_cancel THEN
    UPDATE vendor_transactions SET cancelled_by_id = v_tx WHERE id = (p_bet->>'cancels')::bigint;
  END IF;

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

-- A vendor transaction that moves no money (an amount of 0, a CANCEL with nothing to cancel):
-- the member's account is locked all the same, so it is ordered with the ledger's operations
-- on that member's rounds.
CREATE FUNCTION ledger_record_bet(p_account bigint, p_bet jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id = p_account FOR UPDATE;
  PERFORM ledger_apply_bet(p_bet, NULL, false);
END;
$$;

-- The guard's reads are planned for each call: a plan cached while these tables were young is a
-- scan of the whole table, and each connection would keep it while the table grows (measured:
-- bench:pam at a third of its rate; docs/wallet.md tells the same story of ledger_operations).
-- ledger_apply_bet only inserts (and updates one round by its key on a CANCEL).
ALTER FUNCTION ledger_bet_guard(jsonb) SET plan_cache_mode = force_custom_plan;

-- The ledger's functions with a bet record: an operation may carry `bet`, applied by
-- ledger_apply_bet() after its transfers. ledger_post_operation gains the p_bet argument; the
-- five-argument form stays for callers without one.
CREATE FUNCTION ledger_post_operation(p_key text, p_fingerprint text, p_kind text, p_reference text, p_transfers jsonb, p_bet jsonb)
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
    -- The owner kind is checked on the rows, not in the WHERE (as 0009's batch does).
    SELECT count(*) FILTER (WHERE l.owner_kind = 'member') INTO v_locked FROM (
      SELECT id, owner_kind FROM ledger_accounts WHERE id = ANY (v_members) ORDER BY id FOR UPDATE
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

  IF p_bet IS NOT NULL THEN
    PERFORM ledger_apply_bet(p_bet, v_op, false);
  END IF;
  RETURN jsonb_build_object('operationId', v_op, 'replayed', false, 'transfers', v_result);
END;
$$;

CREATE OR REPLACE FUNCTION ledger_post_operation(p_key text, p_fingerprint text, p_kind text, p_reference text, p_transfers jsonb)
RETURNS jsonb
LANGUAGE sql
AS $$
  SELECT ledger_post_operation(p_key, p_fingerprint, p_kind, p_reference, p_transfers, NULL::jsonb);
$$;

-- The batch: as 0009, plus each operation's `bet`. A batch is written at once only when each
-- round appears once in it and every guard holds; otherwise one by one (LD004 answers in its slot).
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
      FOR i IN 1 .. v_count LOOP
        IF o_bet[i] IS NOT NULL THEN
          PERFORM ledger_apply_bet(o_bet[i], o_id[i], true);
        END IF;
      END LOOP;
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

