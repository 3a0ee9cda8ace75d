-- Payments, money out (modules/payments, docs/payments.md "Withdrawals"): the member's identity
-- (CPF), PIX keys, the brand's withdrawal rules, the withdrawals and their proof images. Every
-- balance change still goes through the ledger (keys `withdrawal-lock:<id>`,
-- `withdrawal-return:<id>`, `withdrawal-payout:<id>`); these tables say what was asked, decided,
-- paid and answered.

-- The member's identity as money needs it (facts.md §1 "CPF check", §4): one CPF per member and
-- one member per CPF within a brand. Recorded once; a correction is a customer-service matter.
CREATE TABLE member_identities (
  member_id integer PRIMARY KEY,
  merchant_code text NOT NULL,
  cpf text NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 3 AND 100),
  birth_date date NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, cpf)
);

-- Where a member's payouts may go: PIX keys, normalised by type (a CPF's 11 digits, a lower-case
-- e-mail, +55 and the phone's digits, a lower-case UUID).
CREATE TABLE member_pix_keys (
  id serial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id integer NOT NULL,
  key_type text NOT NULL CHECK (key_type IN ('cpf', 'email', 'phone', 'evp')),
  key_value text NOT NULL CHECK (length(key_value) BETWEEN 1 AND 77),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, key_type, key_value)
);

-- A brand's withdrawal rules (the operator edits the row; defaults are written on first read).
CREATE TABLE withdrawal_settings (
  merchant_code text PRIMARY KEY,
  provider text NOT NULL,
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  daily_count_max integer NOT NULL CHECK (daily_count_max BETWEEN 1 AND 100),
  daily_amount_max_minor bigint NOT NULL,
  -- Valid bets required since the last withdrawal, as a percentage of the deposits credited since.
  turnover_pct integer NOT NULL CHECK (turnover_pct BETWEEN 0 AND 10000),
  -- Deposits a member must have made in all before a first withdrawal (0: none).
  min_deposit_total_minor bigint NOT NULL CHECK (min_deposit_total_minor >= 0),
  -- Whether a verified identity (CPF) is needed to withdraw (always, under br-regulated).
  identity_required boolean NOT NULL,
  -- Minutes a member has to answer the payout confirmation before it is deemed received.
  confirm_minutes integer NOT NULL CHECK (confirm_minutes BETWEEN 1 AND 10080),
  CHECK (max_minor >= min_minor),
  CHECK (daily_amount_max_minor >= max_minor)
);

-- new → pending (funds in the lock account) → approved (payout under way) → paid (waiting for the
-- member's answer) → confirmed | disputed. pending → rejecting → rejected (funds returned);
-- approved → failed (the payout failed; funds returned); new → cancelled (the lock was refused:
-- not enough money). `new` and `rejecting` are the steps between a claim and its ledger
-- operation; the payouts job finishes one an instance left half-done.
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id integer NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'rejecting', 'rejected',
    'approved', 'failed', 'paid', 'confirmed', 'disputed', 'cancelled')),
  -- The key the payout goes to, copied at request time (the member may delete the key later).
  pix_key_type text NOT NULL CHECK (pix_key_type IN ('cpf', 'email', 'phone', 'evp')),
  pix_key text NOT NULL,
  provider text NOT NULL,
  -- The payout's id at the provider: one per withdrawal, so a resend never pays twice.
  payout_id text NOT NULL UNIQUE,
  reviewed_by text,
  reviewed_at timestamptz,
  review_note text,
  payout_attempts integer NOT NULL DEFAULT 0,
  next_payout_at timestamptz,
  payout_error text,
  end_to_end_id text,
  paid_at timestamptz,
  confirm_by timestamptz,
  confirmation text CHECK (confirmation IN ('received', 'partial', 'not_received', 'deemed_received')),
  received_minor bigint CHECK (received_minor >= 0),
  confirmed_at timestamptz,
  -- The cashier's reason for a rejection, or `payout_failed`.
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_member_time ON withdrawals (member_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_queue ON withdrawals (merchant_code, status, created_at);
-- The jobs' work lists.
CREATE INDEX withdrawals_payout_due ON withdrawals (next_payout_at) WHERE status = 'approved';
CREATE INDEX withdrawals_confirm_due ON withdrawals (confirm_by) WHERE status = 'paid';
CREATE INDEX withdrawals_unfinished ON withdrawals (updated_at) WHERE status IN ('new', 'rejecting');

-- Images the member sends with "not received" (png or jpg by their bytes, ≤ 5 MB, ≤ 3 each),
-- kept in the file storage under `storage_key`.
CREATE TABLE withdrawal_proofs (
  id bigserial PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  storage_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_proofs_withdrawal ON withdrawal_proofs (withdrawal_id, id);
