-- Payments, money in (modules/payments, docs/payments.md): the brand's deposit channels, the
-- deposits, and the provider notifications received. Every balance change still goes through
-- the ledger (key `deposit:<id>`); these tables only say what was asked, paid and decided.

-- Deposit channels per brand: how a member may pay (PIX through a provider, a manual bank
-- transfer reviewed by an operator), with the amount limits and quick amounts the page offers.
CREATE TABLE payment_channels (
  id serial PRIMARY KEY,
  merchant_code text NOT NULL,
  code text NOT NULL,
  method text NOT NULL CHECK (method IN ('pix', 'bank_transfer')),
  -- The provider adapter that handles the channel (`pix-sandbox`, `manual`).
  provider text NOT NULL,
  name text NOT NULL,
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL,
  presets_minor jsonb NOT NULL DEFAULT '[]',
  -- How long a charge can be paid (PIX), or a transfer's receipt uploaded (bank transfer).
  expiry_seconds integer NOT NULL CHECK (expiry_seconds BETWEEN 60 AND 604800),
  -- Shown to the member: the receiving bank account of a manual transfer.
  instructions jsonb NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_code, code),
  CHECK (max_minor >= min_minor)
);

CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id integer NOT NULL,
  channel_code text NOT NULL,
  method text NOT NULL CHECK (method IN ('pix', 'bank_transfer')),
  provider text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'credited', 'failed', 'expired')),
  -- The provider's id of the charge (PIX txid), unique per provider.
  txid text,
  copia_e_cola text,
  location text,
  expires_at timestamptz,
  -- What the provider reported of the payment (facts.md §4: the payer's CPF, for br-regulated).
  end_to_end_id text,
  payer_cpf text,
  payer_name text,
  paid_at timestamptz,
  -- A manual transfer's receipt in the file storage, and the operator's decision: the decision
  -- is claimed first (one operator wins), then carried out (the credit, or the rejection).
  receipt_key text,
  receipt_type text,
  review_decision text CHECK (review_decision IN ('approve', 'reject')),
  reviewed_by text,
  review_note text,
  failure_reason text,
  ledger_operation_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  last_checked_at timestamptz,
  UNIQUE (provider, txid)
);
CREATE INDEX deposits_member_time ON deposits (member_id, created_at DESC, id DESC);
-- The jobs' and the operator queue's work lists.
CREATE INDEX deposits_pending ON deposits (expires_at, id) WHERE status = 'pending';
CREATE INDEX deposits_queue ON deposits (merchant_code, method, status, created_at);
-- Decisions claimed but not yet carried out (an instance died between the two): the jobs finish them.
CREATE INDEX deposits_decided ON deposits (id) WHERE status = 'pending' AND review_decision IS NOT NULL;

-- Every provider notification accepted (signature checked), once per notification id. A log,
-- not a gate: the credit's idempotency is the ledger key and the deposit's status, so a replay
-- after a crash between the two still completes the credit.
CREATE TABLE payment_webhook_receipts (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pix', 'payout')),
  notice_id text NOT NULL,
  reference text NOT NULL,
  amount_minor bigint,
  times_received integer NOT NULL DEFAULT 1,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  last_received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, kind, notice_id)
);
