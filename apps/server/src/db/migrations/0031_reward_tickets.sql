-- Reward tickets: red envelopes, eggs and prize wheels a promotion gives (docs/rewards.md
-- "Tickets"; issue 16 §6). Owned by the rewards module's tickets part. Money is never here: a
-- prize is paid by the promotions' issuers (cash and points: ledger operations from the brand's
-- `promotion` account; bonus: a bonus grant with its wagering), keyed ticket-prize:<ticket id>.
-- Member ids are not foreign keys to members, as in the other modules.

-- A brand's prize table of one ticket kind, as an operator configured it in the console.
CREATE TABLE ticket_tables (
  merchant_code  text NOT NULL,
  ticket_kind    text NOT NULL CHECK (ticket_kind IN ('bonus', 'points', 'egg', 'red_envelope', 'prize_wheel')),
  -- days a ticket stays drawable after it is issued; NULL: no expiry
  valid_days     integer CHECK (valid_days BETWEEN 1 AND 366),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, ticket_kind)
);

-- The table's prizes in draw order (a draw's roll falls in one prize's cumulative weight range).
-- A `bonus` ticket's table holds bonus prizes only, a `points` ticket's points only; "nothing" is
-- allowed in eggs and wheels only (an envelope always holds something).
CREATE TABLE ticket_prizes (
  merchant_code      text NOT NULL,
  ticket_kind        text NOT NULL,
  position           integer NOT NULL CHECK (position BETWEEN 0 AND 11),
  prize_kind         text NOT NULL CHECK (prize_kind IN ('cash', 'bonus', 'points', 'nothing')),
  amount_minor       bigint NOT NULL CHECK (amount_minor BETWEEN 0 AND 100000000),
  wagering_multiple  integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100),
  weight             integer NOT NULL CHECK (weight BETWEEN 1 AND 1000000),
  PRIMARY KEY (merchant_code, ticket_kind, position),
  FOREIGN KEY (merchant_code, ticket_kind) REFERENCES ticket_tables (merchant_code, ticket_kind),
  CHECK ((prize_kind = 'nothing') = (amount_minor = 0)),
  CHECK (prize_kind <> 'nothing' OR ticket_kind IN ('egg', 'prize_wheel')),
  CHECK (ticket_kind <> 'bonus' OR prize_kind = 'bonus'),
  CHECK (ticket_kind <> 'points' OR prize_kind = 'points'),
  CHECK (prize_kind = 'bonus' OR wagering_multiple = 0)
);

-- One ticket a member holds. A reward of N tickets inserts rows 0…N−1 of its source (the
-- grant's idempotency key), so issuing the same reward again inserts nothing.
-- Each ticket has its own server seed, committed by its hash when issued and revealed by its
-- draw: a seed shared by several tickets would, once revealed, let the member pick a client
-- seed that wins the next one. status: unused → drawn, by one conditional update.
CREATE TABLE reward_tickets (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code     text NOT NULL,
  member_id         bigint NOT NULL,
  currency          text NOT NULL,
  ticket_kind       text NOT NULL CHECK (ticket_kind IN ('bonus', 'points', 'egg', 'red_envelope', 'prize_wheel')),
  source_key        text NOT NULL,
  source_index      integer NOT NULL CHECK (source_index >= 0),
  promotion_id      bigint NOT NULL,
  entry_id          bigint NOT NULL,
  server_seed       text NOT NULL,
  server_seed_hash  text NOT NULL,
  status            text NOT NULL DEFAULT 'unused' CHECK (status IN ('unused', 'drawn')),
  expires_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  drawn_at          timestamptz,
  UNIQUE (merchant_code, source_key, source_index)
);
CREATE INDEX reward_tickets_unused ON reward_tickets (member_id, created_at) WHERE status = 'unused';

-- A ticket's draw: everything the fairness engine needs to recompute it (the revealed seed, its
-- committed hash, the client seed, the nonce, the table read in order, the roll) and the prize.
-- `reference` NULL on a paying prize means the payment is still owed (the job finishes it).
CREATE TABLE reward_ticket_draws (
  ticket_id          bigint PRIMARY KEY REFERENCES reward_tickets (id),
  merchant_code      text NOT NULL,
  member_id          bigint NOT NULL,
  ticket_kind        text NOT NULL,
  server_seed        text NOT NULL,
  server_seed_hash   text NOT NULL,
  client_seed        text NOT NULL,
  nonce              integer NOT NULL,
  prizes             jsonb NOT NULL,
  total_weight       bigint NOT NULL CHECK (total_weight > 0),
  roll               bigint NOT NULL CHECK (roll >= 0 AND roll < total_weight),
  prize_index        integer NOT NULL,
  prize_kind         text NOT NULL CHECK (prize_kind IN ('cash', 'bonus', 'points', 'nothing')),
  amount_minor       bigint NOT NULL CHECK (amount_minor >= 0),
  wagering_multiple  integer NOT NULL DEFAULT 0,
  reference          text,
  drawn_at           timestamptz NOT NULL DEFAULT now(),
  paid_at            timestamptz
);
CREATE INDEX reward_ticket_draws_member ON reward_ticket_draws (member_id, drawn_at DESC);
CREATE INDEX reward_ticket_draws_owed ON reward_ticket_draws (drawn_at)
  WHERE paid_at IS NULL AND prize_kind <> 'nothing';
