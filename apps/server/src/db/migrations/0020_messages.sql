-- The member inbox (messageV2) and the realtime backlog (modules/messages, modules/realtime;
-- docs/realtime.md).

-- Platform messages to one member, written by event handlers (a deposit credited, a withdrawal
-- rejected…). The text is not stored: `kind` is a template key and `params` its values, so the
-- inbox reads in the language the member uses when they open it.
CREATE TABLE member_messages (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  kind text NOT NULL CHECK (
    kind IN ('deposit_credited', 'deposit_failed', 'withdrawal_approved', 'withdrawal_rejected')
  ),
  params jsonb NOT NULL,
  -- What the message is about (`deposit_credited:<depositId>`): a redelivered event finds its
  -- message here and writes nothing.
  source_key text NOT NULL UNIQUE,
  read_at timestamptz,
  -- Deleted messages are kept (and hidden), so a late redelivery of their event cannot bring
  -- them back.
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The inbox page: a member's visible messages, newest first.
CREATE INDEX member_messages_inbox ON member_messages (member_id, id DESC) WHERE deleted_at IS NULL;
-- The header badge: counted on every page load.
CREATE INDEX member_messages_unread ON member_messages (member_id)
  WHERE read_at IS NULL AND deleted_at IS NULL;

-- The last sequence number given to each member's realtime events: the row lock taken by the
-- increment orders a member's events, so their numbers commit in order and without gaps.
CREATE TABLE realtime_cursors (
  member_id bigint PRIMARY KEY,
  last_seq bigint NOT NULL
);

-- A short backlog of what was pushed to each member (DEPOSIT, WITHDRAW, PAYMENT_CONFIRMATION,
-- INBOX), so a socket that reconnects with the last number it saw receives what it missed.
CREATE TABLE realtime_events (
  member_id bigint NOT NULL,
  seq bigint NOT NULL,
  merchant_code text NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  -- The domain fact behind it (`deposit.credited:<depositId>`): pushed once however often its
  -- event is delivered.
  source_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, seq)
);
CREATE INDEX realtime_events_age ON realtime_events (created_at);
