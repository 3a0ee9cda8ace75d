-- The ledger (docs/architecture.md "The ledger"): accounts, operations and immutable transfers.
-- Every change of money is one operation (one idempotency key) made of one or more transfers,
-- written in one transaction by postOperation() in modules/wallet, and nowhere else.

-- Member accounts hold their balance on the row, updated under a row lock and never below
-- zero (CHECK). House accounts (game revenue, adjustments, demo credit…) are append-only:
-- their balance is the sum of their transfers, so concurrent bets of different players never
-- wait on a shared row. Their `balance_minor` stays 0.
CREATE TABLE ledger_accounts (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  owner_kind    text NOT NULL CHECK (owner_kind IN ('member', 'house')),
  member_id     bigint REFERENCES members (id),
  -- member: main | bonus | locked | points | vendor; house: revenue | adjustment | demo_credit | …
  purpose       text NOT NULL,
  vendor_code   text NOT NULL DEFAULT '',
  currency      text NOT NULL CHECK (currency ~ '^[A-Z]{3}$' OR currency = 'PTS'),
  balance_minor bigint NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (owner_kind = 'house' OR balance_minor >= 0),
  CHECK ((owner_kind = 'member') = (member_id IS NOT NULL)),
  CHECK (owner_kind = 'member' OR balance_minor = 0)
);
CREATE UNIQUE INDEX ledger_accounts_member ON ledger_accounts (member_id, purpose, vendor_code, currency) WHERE owner_kind = 'member';
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (merchant_code, purpose, vendor_code, currency) WHERE owner_kind = 'house';

-- One operation per idempotency key. `fingerprint` is a hash of what was asked (accounts,
-- amounts, kinds), so a replay with the same key but different content is refused.
CREATE TABLE ledger_operations (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  fingerprint     text NOT NULL,
  kind            text NOT NULL,
  reference       text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_transfers (
  id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operation_id            bigint NOT NULL REFERENCES ledger_operations (id),
  seq                     smallint NOT NULL,
  kind                    text NOT NULL,
  reference               text NOT NULL DEFAULT '',
  from_account_id         bigint NOT NULL REFERENCES ledger_accounts (id),
  to_account_id           bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_minor            bigint NOT NULL CHECK (amount_minor > 0),
  -- balance of each side after this transfer; NULL on the side of a house account
  from_balance_after      bigint,
  to_balance_after        bigint,
  created_at              timestamptz NOT NULL DEFAULT now(),
  CHECK (from_account_id <> to_account_id),
  UNIQUE (operation_id, seq)
);
CREATE INDEX ledger_transfers_from ON ledger_transfers (from_account_id, id);
CREATE INDEX ledger_transfers_to ON ledger_transfers (to_account_id, id);

-- Transfer-mode vendors expose a wallet the member moves money into (GCS_walletTransfer);
-- its accountTypeId is stable per vendor. 0 is the main wallet.
ALTER TABLE vendors ADD COLUMN wallet_type_id integer UNIQUE CHECK (wallet_type_id > 0);

-- Who changed a member's money by hand, and why (operator adjustments).
CREATE TABLE operator_audit (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  operator_id   text NOT NULL,
  action        text NOT NULL,
  subject       text NOT NULL,
  detail        jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
UPDATE vendors v SET wallet_type_id = r.n
FROM (SELECT code, row_number() OVER (ORDER BY sort_order, code) AS n FROM vendors WHERE wallet_mode = 'transfer') r
WHERE v.code = r.code;
