-- Agent contracts and their settlements (docs/agents.md "Contracts"; issue 15 §3-4). Owned by
-- the agents module. Member ids are not foreign keys to members: the agents module reads
-- members through auth's service, like every other module.

-- A contract an upline offered a direct downline (or the house offered an agent: upline NULL).
-- At most one offer waiting and one contract in force per (downline, kind): the partial unique
-- indexes hold that even when two offers or two acceptances race.
CREATE TABLE agent_contracts (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code      text NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime')),
  upline_member_id   bigint,
  downline_member_id bigint NOT NULL,
  product_type       text NOT NULL DEFAULT 'ALL',
  -- dividend: daily|weekly|semimonthly|monthly; daily: daily; hourly: 60|30; realtime: 5
  period             text NOT NULL,
  min_active_members integer NOT NULL DEFAULT 0 CHECK (min_active_members >= 0),
  -- [{thresholdMinor, rateBp, lossRateBp?}], thresholds and rates strictly increasing
  tiers              jsonb NOT NULL,
  -- the highest rate of the tiers (real-time: profit and loss wages apart): what the rule
  -- "a downline's rate never exceeds its upline's" compares
  top_rate_bp        integer NOT NULL CHECK (top_rate_bp >= 0),
  top_loss_rate_bp   integer NOT NULL DEFAULT 0 CHECK (top_loss_rate_bp >= 0),
  status             text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'active', 'rejected', 'terminated', 'ended', 'withdrawn', 'replaced')),
  -- the operator who offered a house contract (console override), for the record
  offered_by_staff   text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  responded_at       timestamptz,
  ended_at           timestamptz,
  end_reason         text,
  CHECK (upline_member_id IS NULL OR upline_member_id <> downline_member_id)
);
CREATE UNIQUE INDEX agent_contracts_one_pending ON agent_contracts (downline_member_id, kind) WHERE status = 'pending';
CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (downline_member_id, kind) WHERE status = 'active';
CREATE INDEX agent_contracts_upline ON agent_contracts (upline_member_id, kind, status);
CREATE INDEX agent_contracts_in_force ON agent_contracts (merchant_code, kind) WHERE status = 'active';

-- One statement row per (contract, period): what the settlement counted and paid. Both sides
-- read it (payee: received; payer: paid). The unique key is the "exactly once" of the rows; the
-- ledger's idempotency key agent-<kind>:<contract>:<period> is the "exactly once" of the money.
CREATE TABLE agent_settlements (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code    text NOT NULL,
  contract_id      bigint NOT NULL REFERENCES agent_contracts (id),
  kind             text NOT NULL,
  period_label     text NOT NULL,
  window_start     timestamptz NOT NULL,
  window_end       timestamptz NOT NULL,
  payer_member_id  bigint,
  payee_member_id  bigint NOT NULL,
  currency         text NOT NULL,
  valid_bet_minor  bigint NOT NULL DEFAULT 0,
  profit_loss_minor bigint NOT NULL DEFAULT 0,
  won_bet_minor    bigint NOT NULL DEFAULT 0,
  lost_bet_minor   bigint NOT NULL DEFAULT 0,
  active_members   integer NOT NULL DEFAULT 0,
  late_bet_minor   bigint NOT NULL DEFAULT 0,
  rate_bp          integer NOT NULL DEFAULT 0,
  loss_rate_bp     integer NOT NULL DEFAULT 0,
  amount_minor     bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  status           text NOT NULL CHECK (status IN ('paid', 'unpaid', 'below_threshold')),
  operation_id     bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contract_id, period_label)
);
CREATE INDEX agent_settlements_payee ON agent_settlements (payee_member_id, kind, window_start DESC);
CREATE INDEX agent_settlements_payer ON agent_settlements (payer_member_id, kind, window_start DESC);

-- A settlement run's totals per (kind, brand, period), for the console's desk.
CREATE TABLE agent_settlement_runs (
  kind            text NOT NULL,
  merchant_code   text NOT NULL,
  period_label    text NOT NULL,
  window_start    timestamptz NOT NULL,
  window_end      timestamptz NOT NULL,
  contracts       integer NOT NULL,
  payouts         integer NOT NULL,
  unpaid          integer NOT NULL,
  paid_minor      bigint NOT NULL,
  late_bet_minor  bigint NOT NULL,
  duration_ms     integer NOT NULL,
  finished_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, merchant_code, period_label)
);
CREATE INDEX agent_settlement_runs_recent ON agent_settlement_runs (finished_at DESC);
