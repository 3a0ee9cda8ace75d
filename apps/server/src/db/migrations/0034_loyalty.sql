-- VIP levels, points and the points mall (docs/loyalty.md; issue 17 §1, §3). Owned by the
-- rewards module's vip and points parts. Money and points are never here: a level-up or periodic
-- reward, points earned, a redeem, a refund and a conversion are ledger operations
-- (vip-reward:<id>, points-earned:<eventId>, mall-redeem:<id>, mall-refund:<id>,
-- mall-fulfil:<id>, points-convert:<id>); these rows say which happened and why.

-- A brand's VIP rules. A level is reached by the member's deposits and/or valid bets over the
-- window: `rolling` (the last rolling_days days) or `month` (the calendar month so far, kept by
-- the previous month's figures). `requirement` all: every non-zero threshold of the level;
-- any: one of them.
CREATE TABLE vip_settings (
  merchant_code text PRIMARY KEY,
  enabled       boolean NOT NULL DEFAULT false,
  period        text NOT NULL DEFAULT 'rolling' CHECK (period IN ('rolling', 'month')),
  rolling_days  integer NOT NULL DEFAULT 30 CHECK (rolling_days BETWEEN 1 AND 365),
  requirement   text NOT NULL DEFAULT 'all' CHECK (requirement IN ('all', 'any')),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The levels an operator configures, rank 0 the entry level. keep_*: what the window must hold
-- for a member to stay at the level (below it the member drops to the highest level kept).
CREATE TABLE vip_levels (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code         text NOT NULL,
  rank                  integer NOT NULL CHECK (rank BETWEEN 0 AND 99),
  name                  text NOT NULL,
  deposit_minor         bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0),
  valid_bet_minor       bigint NOT NULL DEFAULT 0 CHECK (valid_bet_minor >= 0),
  keep_deposit_minor    bigint NOT NULL DEFAULT 0 CHECK (keep_deposit_minor >= 0),
  keep_valid_bet_minor  bigint NOT NULL DEFAULT 0 CHECK (keep_valid_bet_minor >= 0),
  level_up_reward_minor bigint NOT NULL DEFAULT 0 CHECK (level_up_reward_minor >= 0),
  weekly_reward_minor   bigint NOT NULL DEFAULT 0 CHECK (weekly_reward_minor >= 0),
  monthly_reward_minor  bigint NOT NULL DEFAULT 0 CHECK (monthly_reward_minor >= 0),
  -- Share of a day's net loss the cashback part pays at this level (basis points).
  cashback_rate_bp      integer NOT NULL DEFAULT 0 CHECK (cashback_rate_bp BETWEEN 0 AND 10000),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, rank)
);

-- Each member's deposits and valid bets per day (the brand's day), summed by the settled-bet
-- and deposit handlers in one statement per batch: the windows above are sums of these rows.
CREATE TABLE vip_activity (
  member_id       bigint NOT NULL,
  day             date NOT NULL,
  merchant_code   text NOT NULL,
  deposit_minor   bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);
-- The recalculation job reads a brand's window.
CREATE INDEX vip_activity_brand_day ON vip_activity (merchant_code, day);

-- A member's level (absent: rank 0).
CREATE TABLE vip_members (
  member_id     bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  rank          integer NOT NULL,
  changed_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_members_brand ON vip_members (merchant_code, rank);

-- VIP rewards owed or paid: a level-up once per (member, level) ever (period_key rank:<n>), a
-- weekly or monthly one once per (member, period). operation_id NULL: the post is still owed.
CREATE TABLE vip_rewards (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL,
  currency      text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('level_up', 'weekly', 'monthly')),
  period_key    text NOT NULL,
  rank          integer NOT NULL,
  amount_minor  bigint NOT NULL CHECK (amount_minor > 0),
  operation_id  bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, kind, period_key)
);
CREATE INDEX vip_rewards_unpaid ON vip_rewards (id) WHERE operation_id IS NULL;

-- Settled-bet and deposit events a loyalty handler has counted: its batch inserts the events'
-- ids first and counts only those it inserted, so a redelivered batch counts nothing twice.
CREATE TABLE loyalty_counted_events (
  handler    text NOT NULL,
  event_id   bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (handler, event_id)
);

-- A brand's points rules: points per R$ 100,00 of valid bets by game category (absent: none)
-- and the exchange-rate table for converting points to cash ([{minPoints, pointsPerUnit}]:
-- pointsPerUnit points buy one currency unit once a conversion is at least minPoints).
CREATE TABLE points_settings (
  merchant_code  text PRIMARY KEY,
  enabled        boolean NOT NULL DEFAULT false,
  rates          jsonb NOT NULL DEFAULT '{}'::jsonb,
  exchange_rates jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The mall's goods. kind cash (a voucher paid to the main wallet), bonus (paid to the bonus
-- wallet with wagering_multiple), physical (shipped to the address the member gives).
-- stock NULL: unlimited; every redeem takes it down with one conditional update.
CREATE TABLE mall_goods (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code      text NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('cash', 'bonus', 'physical')),
  name               text NOT NULL,
  description        text NOT NULL DEFAULT '',
  points_cost        bigint NOT NULL CHECK (points_cost > 0),
  -- The member's valid bets over the VIP window needed to redeem (0: none).
  amount_requirement_minor bigint NOT NULL DEFAULT 0 CHECK (amount_requirement_minor >= 0),
  value_minor        bigint NOT NULL DEFAULT 0 CHECK (value_minor >= 0),
  wagering_multiple  integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100),
  stock              integer CHECK (stock >= 0),
  enabled            boolean NOT NULL DEFAULT true,
  sort_order         integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mall_goods_brand ON mall_goods (merchant_code, sort_order, id);

-- Redeems (in_process → approved | rejected by an operator) and conversions of points to cash
-- (goods_id NULL, approved at once).
CREATE TABLE mall_redemptions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL,
  currency      text NOT NULL,
  goods_id      bigint REFERENCES mall_goods (id),
  goods_name    text NOT NULL,
  quantity      integer NOT NULL CHECK (quantity > 0),
  points        bigint NOT NULL CHECK (points > 0),
  value_minor   bigint NOT NULL DEFAULT 0,
  status        text NOT NULL CHECK (status IN ('in_process', 'approved', 'rejected')),
  address       text,
  mobile        text,
  remark        text,
  reason        text,
  decided_by    text,
  decided_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mall_redemptions_member ON mall_redemptions (member_id, id DESC);
CREATE INDEX mall_redemptions_queue ON mall_redemptions (merchant_code, status, id);

-- The member hears of a level change. Repeats 0033's list (each migration that adds kinds must).
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check CHECK (
  kind IN ('deposit_credited', 'deposit_failed', 'withdrawal_approved', 'withdrawal_rejected',
    'withdrawal_refunded', 'withdrawal_dispute_closed',
    'cashback_credited', 'rebate_credited', 'bonus_converted', 'bonus_forfeited', 'bonus_expired',
    'vip_level_changed')
);
