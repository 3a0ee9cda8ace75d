-- Settling a round without touching its indexes (issue 18's settlement, issue 12's rounds).
--
-- Every settlement updates its bet_rounds row (status, payout, settled_at). The partial index
-- bet_rounds_settled_time (merchant_code, settled_at) WHERE status = 'settled' named two of those
-- columns, so no such update could be HOT: each wrote a new entry in all five indexes of the
-- table, the larger part of a lottery draw's settlement (43 µs a round, measured with
-- auto_explain on bench:lottery).
--
-- The settlement windows (agents' salaries, cashback: settled-bets.ts) now walk their own small
-- table, bet_round_settlements: one row "round round_pk of merchant_code settled at settled_at"
-- written by two statement-level triggers from the rows each statement inserted or changed
-- (transition tables: one set-based INSERT a statement, however many rounds it settled). It is a
-- log, not a mirror: a row is never taken back. A window joins each row to its round and counts it
-- only while the round is still settled at that time and brand, so a round whose settlement
-- changed (a rare late correction) counts once, in the window of its current settlement, exactly
-- as the partial index had it. Only new rows are read (no join of old and new rows, which a plan
-- cached from one-round statements would walk as a nested loop).
--
-- bet_rounds leaves room on its pages (fillfactor 85) so the settled version of a row fits
-- beside the open one.

CREATE TABLE bet_round_settlements (
  merchant_code text NOT NULL,
  settled_at timestamptz NOT NULL,
  round_pk bigint NOT NULL,
  UNIQUE (merchant_code, settled_at, round_pk)
);

INSERT INTO bet_round_settlements (merchant_code, settled_at, round_pk)
SELECT merchant_code, settled_at, id FROM bet_rounds WHERE status = 'settled' AND settled_at IS NOT NULL;

CREATE FUNCTION bet_rounds_settlements_logged() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bet_round_settlements (merchant_code, settled_at, round_pk)
  SELECT n.merchant_code, n.settled_at, n.id FROM changed_rounds n
  WHERE n.status = 'settled' AND n.settled_at IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

-- A transition table belongs to one event: the same function behind two triggers.
CREATE TRIGGER bet_rounds_settlements_inserted AFTER INSERT ON bet_rounds
  REFERENCING NEW TABLE AS changed_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION bet_rounds_settlements_logged();
CREATE TRIGGER bet_rounds_settlements_updated AFTER UPDATE ON bet_rounds
  REFERENCING NEW TABLE AS changed_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION bet_rounds_settlements_logged();

DROP INDEX bet_rounds_settled_time;
ALTER TABLE bet_rounds SET (fillfactor = 70);
