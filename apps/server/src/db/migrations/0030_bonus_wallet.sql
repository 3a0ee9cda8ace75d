-- The bonus wallet with wagering, and cashback (docs/bonus.md; issue 16 §3 and §5). Owned by the
-- rewards module's bonus and cashback parts. Money is never here: a grant, a conversion, a
-- forfeit, an expiry and a cashback are ledger operations (keys bonus-grant:<id>,
-- bonus-close:<id>, cashback:<period>:<member>); these rows say which happened and why.
-- Member ids are not foreign keys to members, as in the other modules.

-- A brand's bonus rules: the weights by which valid bets of each game category count toward a
-- requirement (percent, 0-100; a category absent counts 100 %). Bets are paid from the cash
-- wallet only; bonus money waits in the bonus wallet until its requirement converts it
-- (docs/bonus.md "Which wallet a bet uses").
CREATE TABLE bonus_settings (
  merchant_code     text PRIMARY KEY,
  category_weights  jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- One bonus a member received, with its turnover requirement. `source_key` names what gave it
-- (a promotion's claim, an operator's grant) and is unique per brand, so a grant is made once.
-- status: open (wagering) → completed (converted to cash) | forfeited (member) | expired (job).
-- The close is claimed here first (status leaves 'open' in one conditional update, so exactly
-- one of completion, forfeit and expiry wins) and then posted to the ledger under one key,
-- bonus-close:<id>; `closed_operation_id` NULL on a closed row means the post is still owed
-- (the expiry job finishes it).
CREATE TABLE bonus_grants (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code        text NOT NULL,
  member_id            bigint NOT NULL,
  currency             text NOT NULL,
  source_key           text NOT NULL,
  -- what the member reads, by language ({"pt-BR": …, "en": …}): the promotion's title
  titles               jsonb NOT NULL,
  promotion_id         bigint,
  amount_minor         bigint NOT NULL CHECK (amount_minor > 0),
  deposit_minor        bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0),
  -- the requirement: multiple × (bonus, or bonus + deposit), as the promotion said
  wagering_multiple    integer NOT NULL CHECK (wagering_multiple BETWEEN 0 AND 100),
  wagering_base        text NOT NULL CHECK (wagering_base IN ('bonus', 'bonus_deposit')),
  required_minor       bigint NOT NULL CHECK (required_minor >= 0),
  wagered_minor        bigint NOT NULL DEFAULT 0 CHECK (wagered_minor >= 0),
  status               text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'forfeited', 'expired')),
  expires_at           timestamptz NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  grant_operation_id   bigint,
  closed_at            timestamptz,
  closed_operation_id  bigint
);
CREATE UNIQUE INDEX bonus_grants_source ON bonus_grants (merchant_code, source_key);
CREATE INDEX bonus_grants_member ON bonus_grants (member_id, created_at DESC);
CREATE INDEX bonus_grants_open_member ON bonus_grants (member_id) WHERE status = 'open';
CREATE INDEX bonus_grants_open_expiry ON bonus_grants (expires_at) WHERE status = 'open';
CREATE INDEX bonus_grants_owed ON bonus_grants (id)
  WHERE (status <> 'open' AND closed_operation_id IS NULL) OR grant_operation_id IS NULL;

-- Each settled round counts once toward a grant: the primary key makes the bets.settled
-- handler idempotent (a second delivery inserts nothing and adds nothing).
CREATE TABLE bonus_wager_counts (
  grant_id       bigint NOT NULL REFERENCES bonus_grants (id),
  bet_round_id   bigint NOT NULL,
  counted_minor  bigint NOT NULL CHECK (counted_minor >= 0),
  PRIMARY KEY (grant_id, bet_round_id)
);

-- A brand's cashback: a share of each member's net loss of a period, paid by the period's job.
-- Manual rebate: members claim a share of their valid bets since their last claim, by category.
CREATE TABLE cashback_settings (
  merchant_code         text PRIMARY KEY,
  enabled               boolean NOT NULL DEFAULT false,
  period                text NOT NULL DEFAULT 'day' CHECK (period IN ('day')),
  rate_bp               integer NOT NULL DEFAULT 0 CHECK (rate_bp BETWEEN 0 AND 10000),
  min_loss_minor        bigint NOT NULL DEFAULT 0 CHECK (min_loss_minor >= 0),
  max_payout_minor      bigint NOT NULL DEFAULT 0 CHECK (max_payout_minor >= 0),
  rebate_enabled        boolean NOT NULL DEFAULT false,
  -- {"RNG": 50, …}: basis points of valid bets per game category
  rebate_rates_bp       jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- One row per (member, period) a cashback or a rebate paid: the unique key is the "exactly
-- once" of the rows, the ledger key the "exactly once" of the money. A rebate's period is the
-- claim's window [window_start, window_end).
CREATE TABLE cashback_payouts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code  text NOT NULL,
  member_id      bigint NOT NULL,
  currency       text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('cashback', 'rebate')),
  period_key     text NOT NULL,
  window_start   timestamptz NOT NULL,
  window_end     timestamptz NOT NULL,
  basis_minor    bigint NOT NULL,
  amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
  operation_id   bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cashback_payouts_once ON cashback_payouts (member_id, kind, period_key);
CREATE INDEX cashback_payouts_member ON cashback_payouts (member_id, kind, window_end DESC);
