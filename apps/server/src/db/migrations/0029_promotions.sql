-- Promotions (modules/rewards, docs/rewards.md): what operators configure, each member's entry
-- per period (progress toward the trigger, the reward issued), the facts already counted, and
-- applications with proof. Money is not here: a reward is issued through the rewards module's
-- issuers (cash and points through the wallet's ledger; bonus and tickets: migration 0030).

CREATE TABLE promotions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  -- The spec's categories (product-spec: all is the page's tab over every category).
  category text NOT NULL CHECK (category IN ('other', 'sports', 'live', 'slots', 'poker',
    'fishing', 'lottery', 'cashback', 'points_shop', 'vip', 'deposit', 'download_app', 'welcome')),
  -- Lower first on the page and in the side menu (then newest).
  sort_order integer NOT NULL DEFAULT 0,
  -- By language ({"pt-BR": …, "en": …}); bodies are HTML sanitised by the server on save.
  titles jsonb NOT NULL,
  summaries jsonb NOT NULL DEFAULT '{}',
  bodies jsonb NOT NULL DEFAULT '{}',
  -- The banner image in file storage (bytes sniffed on upload: PNG or JPEG).
  banner_key text,
  banner_content_type text,
  -- What makes a member's entry progress (domain events) or what the member does (application).
  trigger text NOT NULL CHECK (trigger IN ('deposit', 'first_deposit', 'registration',
    'turnover', 'loss', 'application')),
  -- The member must press "join" before facts count (else every eligible member takes part).
  requires_join boolean NOT NULL DEFAULT false,
  -- 'claim': the member presses "claim" once qualified; 'auto': issued when qualified.
  claim_mode text NOT NULL DEFAULT 'claim' CHECK (claim_mode IN ('auto', 'claim')),
  -- The deposit, turnover or net loss (minor units) the period must reach to qualify.
  threshold_minor bigint NOT NULL DEFAULT 0 CHECK (threshold_minor >= 0),
  reward_kind text NOT NULL CHECK (reward_kind IN ('cash', 'bonus', 'points', 'ticket')),
  ticket_kind text CHECK (ticket_kind IN ('bonus', 'points', 'egg', 'red_envelope', 'prize_wheel')),
  -- 'fixed': reward_fixed_minor; 'percent': reward_percent_bps of the progress, at most reward_cap_minor.
  reward_calc text NOT NULL CHECK (reward_calc IN ('fixed', 'percent')),
  reward_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (reward_fixed_minor >= 0),
  reward_percent_bps integer NOT NULL DEFAULT 0 CHECK (reward_percent_bps BETWEEN 0 AND 100000),
  reward_cap_minor bigint CHECK (reward_cap_minor > 0),
  -- Bonus rewards: the turnover requirement (F2's wagering, docs/rewards.md): a multiple of
  -- the bonus, or of bonus + the qualifying deposit.
  wagering_multiple integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100),
  wagering_base text NOT NULL DEFAULT 'bonus' CHECK (wagering_base IN ('bonus', 'bonus_deposit')),
  -- How often a member may take part: once ever, or once per period (brand's time zone).
  period_type text NOT NULL DEFAULT 'once' CHECK (period_type IN ('once', 'daily', 'weekly',
    'semimonthly', 'monthly')),
  -- Who may take part: everyone, members registered since the start, or members who deposited.
  eligibility text NOT NULL DEFAULT 'all' CHECK (eligibility IN ('all', 'new_members', 'depositors')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  -- The kill switch: off hides the promotion and refuses every claim and application.
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK ((reward_kind = 'ticket') = (ticket_kind IS NOT NULL))
);
CREATE INDEX promotions_listing ON promotions (merchant_code, sort_order, id DESC);

-- A member's part in a promotion for one period ('once', '2026-11-24', '2026-W48',
-- '2026-11-b', '2026-11'). The unique key makes "one reward per member per period" a fact of
-- the database: two claims at once meet at the conditional update from 'claimable'.
CREATE TABLE promotion_entries (
  id bigserial PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES promotions (id),
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  period_key text NOT NULL,
  -- joined → in_process (progress below the threshold) → claimable → issuing → issued.
  status text NOT NULL CHECK (status IN ('joined', 'in_process', 'claimable', 'issuing', 'issued')),
  progress_minor bigint NOT NULL DEFAULT 0,
  -- The qualifying deposit (bonus + deposit wagering), when the trigger is a deposit.
  deposit_minor bigint NOT NULL DEFAULT 0,
  reward_minor bigint,
  -- Whether the member pressed claim (the page says "claimed" rather than "issued").
  claimed_by_member boolean NOT NULL DEFAULT false,
  -- What the issuer answered (a ledger operation, a bonus or ticket id).
  reward_reference text,
  joined_at timestamptz NOT NULL DEFAULT now(),
  qualified_at timestamptz,
  issued_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (promotion_id, member_id, period_key)
);
CREATE INDEX promotion_entries_member ON promotion_entries (member_id, promotion_id);
-- The issued rewards report and the recovery of issues an instance left half-done.
CREATE INDEX promotion_entries_status ON promotion_entries (merchant_code, status, promotion_id);

-- The facts (a deposit, a settled round) each promotion has already counted: an event
-- delivered twice counts once (handlers are at-least-once, docs/events-and-jobs.md).
CREATE TABLE promotion_counted_facts (
  promotion_id bigint NOT NULL,
  source_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (promotion_id, source_key)
);

-- Applications with proof (trigger 'application'): one pending per member and promotion.
CREATE TABLE promotion_applications (
  id bigserial PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES promotions (id),
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  period_key text NOT NULL,
  comment text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason text,
  -- The entry the approval issued its reward through.
  entry_id bigint,
  decided_by_staff_id bigint,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX promotion_applications_open ON promotion_applications (promotion_id, member_id)
  WHERE status = 'pending';
CREATE INDEX promotion_applications_desk ON promotion_applications (merchant_code, status, id DESC);
CREATE INDEX promotion_applications_member ON promotion_applications (member_id, promotion_id, id DESC);

-- Up to 3 images per application (PNG or JPEG by their bytes, ≤ 5 MB), in file storage.
CREATE TABLE promotion_application_proofs (
  id bigserial PRIMARY KEY,
  application_id bigint NOT NULL REFERENCES promotion_applications (id),
  file_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  position smallint NOT NULL,
  UNIQUE (application_id, position)
);
