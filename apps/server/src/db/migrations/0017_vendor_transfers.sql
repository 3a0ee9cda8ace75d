-- Transfer-wallet vendors (issue 12 §3): vendors that keep their own balance per player. Banca
-- moves money to them (transfer in) and back (transfer out) through the vendor's transfer API,
-- and mirrors each player's balance there in the member's vendor wallet (ledger purpose
-- 'vendor'). Owned by the vendors module (docs/pam.md, "Transfer-wallet vendors").

-- Where the brand reaches the vendor's transfer API (NULL: the vendor wallet is Banca's
-- bookkeeping only, as before this migration; seamless vendors never have one).
ALTER TABLE vendor_integrations ADD COLUMN transfer_api_url text;

-- One row per transfer Banca asks a vendor for. `transfer_id` is Banca's id, sent to the vendor
-- (which applies an id once) and used to query it; `idempotency_key` is the caller's (a retry of
-- the player's request finds the same row, so the same transfer id). Status: pending (sent, or
-- about to be, outcome not known yet), succeeded (vendor and ledger both done), failed (the
-- vendor refused; any ledger movement made for it has been reversed).
CREATE TABLE vendor_transfers (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id     text NOT NULL UNIQUE,
  idempotency_key text NOT NULL UNIQUE,
  merchant_code   text NOT NULL,
  member_id       bigint NOT NULL,
  vendor_code     text NOT NULL,
  currency        text NOT NULL,
  direction       text NOT NULL CHECK (direction IN ('in', 'out')),
  amount_minor    bigint NOT NULL CHECK (amount_minor > 0),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  -- the vendor's own id of the transfer, and its refusal code when it refused
  vendor_ref      text,
  failure_code    text,
  attempts        integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz
);
CREATE INDEX vendor_transfers_pending ON vendor_transfers (updated_at) WHERE status = 'pending';
CREATE INDEX vendor_transfers_member ON vendor_transfers (member_id, created_at DESC);

-- How far Banca has read each vendor's round feed (rounds played from the vendor's balance,
-- posted to the vendor wallet with their bet records). Each round is posted with keys of its
-- own, so reading a stretch twice changes nothing.
CREATE TABLE vendor_round_cursors (
  merchant_code text NOT NULL,
  vendor_code   text NOT NULL,
  cursor        text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, vendor_code)
);
