-- Missions with their leaderboard, and invite-a-friend (docs/missions.md; issue 17 §2, §4).
-- Owned by the rewards module's missions and referral parts. Money is never here: a mission's
-- or a referral's reward goes through the module's reward issuers (seam.ts), ledger operations
-- keyed mission-reward:<progressId> and referral-reward:<friendId>; these rows say why.

-- The tasks an operator configures. target: minor units for bet (valid bets) and deposit;
-- a count for win (rounds won), login (days logged in) and invite (friends qualified).
CREATE TABLE missions (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code     text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('bet', 'win', 'deposit', 'login', 'invite')),
  -- bet and win only: the game category whose rounds count (NULL: every category).
  game_category     text,
  period_type       text NOT NULL CHECK (period_type IN ('daily', 'weekly', 'once')),
  target            bigint NOT NULL CHECK (target > 0),
  reward_kind       text NOT NULL CHECK (reward_kind IN ('cash', 'bonus', 'points', 'ticket')),
  reward_minor      bigint NOT NULL CHECK (reward_minor > 0),
  ticket_kind       text,
  wagering_multiple integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100),
  -- What a claim adds to the member's score on the mission leaderboard.
  mission_points    integer NOT NULL DEFAULT 0 CHECK (mission_points BETWEEN 0 AND 1000000),
  titles            jsonb NOT NULL,
  enabled           boolean NOT NULL DEFAULT true,
  sort_order        integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- The handlers read a brand's live missions of some kinds.
CREATE INDEX missions_live ON missions (merchant_code, kind) WHERE enabled;

-- A member's progress in one mission for one period (daily: the brand's day, weekly: the week
-- of its Monday, once: 'once'): in_process → claimable → issuing → claimed.
CREATE TABLE mission_progress (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mission_id       bigint NOT NULL REFERENCES missions (id),
  merchant_code    text NOT NULL,
  member_id        bigint NOT NULL,
  currency         text NOT NULL,
  period_key       text NOT NULL,
  progress         bigint NOT NULL DEFAULT 0,
  status           text NOT NULL DEFAULT 'in_process'
                     CHECK (status IN ('in_process', 'claimable', 'issuing', 'claimed')),
  completed_at     timestamptz,
  claimed_at       timestamptz,
  reward_reference text,
  -- The mission's points, fixed when claimed: the leaderboard sums them by claimed_at.
  points_earned    integer NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mission_id, member_id, period_key)
);
CREATE INDEX mission_progress_member ON mission_progress (member_id, status);
CREATE INDEX mission_progress_board ON mission_progress (merchant_code, claimed_at)
  WHERE status = 'claimed';
CREATE INDEX mission_progress_issuing ON mission_progress (updated_at) WHERE status = 'issuing';

-- Facts already counted toward missions, inserted in the transaction that counts them: a
-- settled-rounds event (rounds:<eventId>, one row per batch, not per round), a deposit
-- (deposit:<id>), a login day (login:<member>:<day>), a qualified friend (invite:<friendId>).
CREATE TABLE mission_counted_facts (
  fact_key   text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A brand's invite-a-friend rules: a friend qualifies with a first deposit of at least
-- min_deposit_minor and valid bets of at least min_turnover_minor; the referrer then gets the
-- reward once. block_same_ip: a friend registered from the referrer's registration address
-- cannot qualify (the same device and the same CPF never can).
CREATE TABLE referral_settings (
  merchant_code      text PRIMARY KEY,
  enabled            boolean NOT NULL DEFAULT false,
  min_deposit_minor  bigint NOT NULL DEFAULT 0 CHECK (min_deposit_minor >= 0),
  min_turnover_minor bigint NOT NULL DEFAULT 0 CHECK (min_turnover_minor >= 0),
  reward_kind        text NOT NULL DEFAULT 'cash' CHECK (reward_kind IN ('cash', 'bonus', 'points')),
  reward_minor       bigint NOT NULL DEFAULT 0 CHECK (reward_minor >= 0),
  wagering_multiple  integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100),
  block_same_ip      boolean NOT NULL DEFAULT true,
  updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Each invited friend: registered → deposited → qualified (rewarded once), or blocked by an
-- anti-abuse rule (blocked_reason same_device | same_ip | same_cpf).
CREATE TABLE referrals (
  friend_member_id   bigint PRIMARY KEY,
  referrer_member_id bigint NOT NULL,
  merchant_code      text NOT NULL,
  currency           text NOT NULL,
  status             text NOT NULL DEFAULT 'registered'
                       CHECK (status IN ('registered', 'deposited', 'qualified', 'blocked')),
  blocked_reason     text,
  first_deposit_minor bigint NOT NULL DEFAULT 0,
  turnover_minor     bigint NOT NULL DEFAULT 0,
  registered_at      timestamptz NOT NULL,
  deposited_at       timestamptz,
  qualified_at       timestamptz,
  reward_minor       bigint NOT NULL DEFAULT 0,
  -- NULL on a qualified friend: the reward is still owed (the recovery job issues it again).
  reward_reference   text
);
CREATE INDEX referrals_referrer ON referrals (referrer_member_id, registered_at DESC);
CREATE INDEX referrals_owed ON referrals (qualified_at)
  WHERE status = 'qualified' AND reward_reference IS NULL;
