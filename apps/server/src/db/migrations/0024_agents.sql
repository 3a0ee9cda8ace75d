-- The agents' downline, affiliate applications and agent transfers (modules/agents,
-- docs/agents.md). Contracts and settlements are 0025.

-- The downline as a closure table: one row per (ancestor, descendant) pair of the tree, with
-- the number of levels between them, plus a depth-0 row of each member in a tree (an agent, or
-- anyone registered under one). "The team of X" (X included) is `ancestor_id = X`, "X's
-- direct downline" is `ancestor_id = X AND depth = 1`, "X's uplines" is `descendant_id = X AND
-- depth > 0`: each one indexed lookup, so team figures are one join of this table to the
-- figures (bets, deposits) by member. A member's place never changes once written (a downline
-- is not moved between agents), so rows are only ever inserted.
CREATE TABLE agent_tree (
  ancestor_id bigint NOT NULL,
  descendant_id bigint NOT NULL,
  depth integer NOT NULL CHECK (depth >= 0),
  merchant_code text NOT NULL,
  -- When the descendant joined the tree (its registration): "new members" of a period.
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ancestor_id, descendant_id),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
-- Ancestors of a member (its upline chain), nearest first.
CREATE UNIQUE INDEX agent_tree_ancestors ON agent_tree (descendant_id, depth);
-- A level of someone's team (the direct downline is depth 1) without reading the whole team.
CREATE INDEX agent_tree_levels ON agent_tree (ancestor_id, depth, descendant_id);

-- A member asks to become an agent (the affiliate application); an operator approves or
-- rejects it in the console. One open application per member at a time.
CREATE TABLE agent_applications (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  -- What the member wrote about how they bring players (text(500) at the edge).
  message text NOT NULL,
  contact text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by_staff_id bigint,
  decision_note text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX agent_applications_open ON agent_applications (member_id)
  WHERE status = 'pending';
CREATE INDEX agent_applications_desk ON agent_applications (merchant_code, status, id DESC);
CREATE INDEX agent_applications_member ON agent_applications (member_id, id DESC);

-- Transfers between an agent and its direct downline (either way). The money moves in the
-- ledger (operation key `agent-transfer:<id>`); this row is what both sides list and what the
-- realtime event names.
CREATE TABLE agent_transfers (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  -- 'to_downline': an agent pays a direct downline; 'to_upline': a member pays its upline.
  direction text NOT NULL CHECK (direction IN ('to_downline', 'to_upline')),
  from_member_id bigint NOT NULL,
  to_member_id bigint NOT NULL CHECK (to_member_id <> from_member_id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  remark text NOT NULL DEFAULT '',
  -- The client's key for this transfer: a retried request finds its transfer instead of paying twice.
  request_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (from_member_id, request_key)
);
CREATE INDEX agent_transfers_from ON agent_transfers (from_member_id, id DESC);
CREATE INDEX agent_transfers_to ON agent_transfers (to_member_id, id DESC);

-- Each member's figures per day of the brand's time zone, which the team reports sum over
-- agent_tree (team overview, per-downline figures, user loss). Bets come from the wallet's
-- settled rounds, rolled up by the job agents.rollup-bets in windows after `agent_rollup_cursors`
-- (a round counts on the day it settled); deposits and withdrawals from payments' events, each
-- once by its `agent_member_money` row. A 100,000-member team's day is 100,000 rows at most,
-- read by one join instead of summing a million bet records (docs/agents.md "Team figures").
CREATE TABLE agent_member_days (
  member_id bigint NOT NULL,
  day date NOT NULL,
  merchant_code text NOT NULL,
  rounds integer NOT NULL DEFAULT 0,
  bet_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  -- The player's result (payouts − stakes): negative when the house won.
  profit_loss_minor bigint NOT NULL DEFAULT 0,
  deposit_count integer NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  withdrawal_count integer NOT NULL DEFAULT 0,
  withdrawal_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);
-- A period's rows of a brand, for the hash join with a big team.
CREATE INDEX agent_member_days_by_day ON agent_member_days (merchant_code, day);

-- How far each brand's settled rounds are rolled up into agent_member_days: the job locks the
-- row, adds the window [rolled_to, new end) and moves it, in one transaction, so a window is
-- counted once however many instances run the job.
CREATE TABLE agent_rollup_cursors (
  merchant_code text PRIMARY KEY,
  rolled_to timestamptz NOT NULL
);

-- Team members' money in and out (deposit credited, withdrawal paid), one row per payments
-- event: the account details page lists them, and the row's key makes a redelivered event
-- count once in agent_member_days.
CREATE TABLE agent_member_money (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  source_key text NOT NULL UNIQUE,
  at timestamptz NOT NULL
);
CREATE INDEX agent_member_money_member ON agent_member_money (member_id, at DESC);
