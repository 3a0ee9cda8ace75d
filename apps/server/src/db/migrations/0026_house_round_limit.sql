-- Crash's round payout limit (issue 14 §6, docs/house.md "Round limit").
-- The most one crash round pays in all; the Originals desk edits it. 5× the per-bet max payout:
-- five players at the top of the table in the same round before anyone is cashed out early.
ALTER TABLE house_games ADD COLUMN max_round_payout_minor bigint NOT NULL DEFAULT 50000000;
ALTER TABLE house_games ADD CONSTRAINT house_games_round_limit
  CHECK (max_round_payout_minor >= max_payout_minor);

-- A round's limit, copied from its game when it opens (a change applies from the next round);
-- the stakes taken so far (a bet that would pass the limit at 1.00× is refused); and the
-- multiplier at which every bet still in the air is cashed out because the limit is reached,
-- fixed when the flight starts and recomputed after each manual cash-out (null: not reached).
ALTER TABLE house_rounds ADD COLUMN max_payout_minor bigint;
ALTER TABLE house_rounds ADD COLUMN staked_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE house_rounds ADD COLUMN cap_e2 integer;

-- A cash-out forced by the round's limit (not the member's click or target).
ALTER TABLE house_round_bets ADD COLUMN forced boolean NOT NULL DEFAULT false;
