-- House games, category BGS (modules/house; docs/house.md, docs/fairness.md): the games'
-- configuration, the members' seed pairs, the rounds they play, and the shared rounds of crash
-- and double drawn from pre-generated hash chains. Money never lives here: every stake and payout
-- is a ledger operation with its bet record (vendor BGS), written through the wallet's service.

-- One row per house game (the lobby lists them by game code; `engine` is the game logic the
-- code runs). Limits in minor units of the member's currency. `enabled` is the kill switch.
CREATE TABLE house_games (
  game_code text PRIMARY KEY,
  engine text NOT NULL CHECK (engine IN ('dice', 'limbo', 'mines', 'plinko', 'double', 'crash')),
  -- Return to player in basis points (9900 = 99 %); Portaria 1.207/2024 asks ≥ 85 %.
  rtp_bps integer NOT NULL CHECK (rtp_bps BETWEEN 8500 AND 9990),
  min_bet_minor bigint NOT NULL DEFAULT 10 CHECK (min_bet_minor > 0),
  max_bet_minor bigint NOT NULL DEFAULT 100000,
  -- Largest payout of one bet; for crash and double also of one round's liability.
  max_payout_minor bigint NOT NULL DEFAULT 10000000,
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_bet_minor >= min_bet_minor AND max_payout_minor >= max_bet_minor)
);

INSERT INTO house_games (game_code, engine, rtp_bps) VALUES
  ('BGS_CRASH', 'crash', 9700),
  ('BGS_DOUBLE', 'double', 9700),
  ('BGS_MINES', 'mines', 9900),
  ('BGS_PLINKO', 'plinko', 9900),
  ('BGS_DICE', 'dice', 9900),
  ('BGS_LIMBO', 'limbo', 9900),
  ('BGS_CRASH_ROCKET', 'crash', 9700),
  ('BGS_DOUBLE_TURBO', 'double', 9700),
  ('BGS_MINES_MEGA', 'mines', 9800),
  ('BGS_PLINKO_NEON', 'plinko', 9850),
  ('BGS_CRASH_SPACE', 'crash', 9650),
  ('BGS_DICE_TURBO', 'dice', 9850),
  ('BGS_MINES_GEMS', 'mines', 9850),
  ('BGS_DOUBLE_GOLD', 'double', 9650),
  ('BGS_LIMBO_TURBO', 'limbo', 9850),
  ('BGS_PLINKO_PRO', 'plinko', 9800),
  ('BGS_CRASH_TURBO', 'crash', 9600),
  ('BGS_DICE_CLASSIC', 'dice', 9900),
  ('BGS_LIMBO_MAX', 'limbo', 9800),
  ('BGS_DICE_NEON', 'dice', 9800);

-- A member's seed pairs: the active one (its server seed secret, its SHA-256 shown) and the
-- revealed ones. `next_nonce` counts the bets placed with the pair; the row lock taken by its
-- increment gives every bet its own nonce.
CREATE TABLE house_seeds (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  next_nonce integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  status text NOT NULL CHECK (status IN ('active', 'revealed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  revealed_at timestamptz
);
CREATE UNIQUE INDEX house_seeds_active ON house_seeds (member_id) WHERE status = 'active';
CREATE INDEX house_seeds_history ON house_seeds (member_id, id DESC);

-- One row per bet of a personal game (dice, limbo, mines, plinko), written with its nonce
-- before any money moves. status: pending (the stake not yet confirmed by the ledger), open (a
-- mines round in play), settling (the payout decided, not yet confirmed), settled, refused (the
-- stake was refused: nothing moved). The bet record's round id is `H<id>`.
CREATE TABLE house_bets (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  game_code text NOT NULL REFERENCES house_games (game_code),
  engine text NOT NULL,
  seed_id bigint NOT NULL REFERENCES house_seeds (id),
  nonce integer NOT NULL,
  client_seed text NOT NULL,
  rtp_bps integer NOT NULL,
  params jsonb NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  multiplier_e4 bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  -- What the seeds decided (roll, result, path, mine tiles); a mines layout is shown only
  -- once the round is over.
  outcome jsonb NOT NULL,
  -- Mines: the tiles opened so far, in order.
  revealed integer[] NOT NULL DEFAULT '{}',
  status text NOT NULL CHECK (status IN ('pending', 'open', 'settling', 'settled', 'refused')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (seed_id, nonce)
);
CREATE INDEX house_bets_member ON house_bets (member_id, id DESC);
CREATE INDEX house_bets_unfinished ON house_bets (created_at)
  WHERE status IN ('pending', 'settling');
CREATE INDEX house_bets_open ON house_bets (member_id) WHERE status = 'open';
CREATE INDEX house_bets_game ON house_bets (game_code, settled_at);

-- A hash chain of a shared game (crash, double): h_n is random, h_(i-1) = SHA-256(h_i); the
-- rounds play h_1, h_2, … (the reverse of generation) and `commitment` = h_0 is published
-- before the first round, with the salt, so every round's hash can be checked back to it.
CREATE TABLE house_chains (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL REFERENCES house_games (game_code),
  salt text NOT NULL,
  commitment text NOT NULL,
  length integer NOT NULL CHECK (length > 0),
  -- The secret end of the chain (h_n): every game hash is derived from it.
  terminal text NOT NULL,
  -- The index of the last round played (0: none yet).
  played integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX house_chains_game ON house_chains (game_code, id DESC);

-- The shared rounds: betting (bets taken until betting_ends_at), running (crash: the
-- multiplier climbs), ended. `game_hash` and the result are written when the round ends.
CREATE TABLE house_rounds (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL REFERENCES house_games (game_code),
  chain_id bigint NOT NULL REFERENCES house_chains (id),
  chain_index integer NOT NULL,
  rtp_bps integer NOT NULL,
  status text NOT NULL CHECK (status IN ('betting', 'running', 'ended')),
  betting_ends_at timestamptz NOT NULL,
  started_at timestamptz,
  ended_at timestamptz,
  -- crash: the point in hundredths; double: the slot 0–14.
  result integer,
  game_hash text,
  UNIQUE (chain_id, chain_index)
);
CREATE INDEX house_rounds_game ON house_rounds (game_code, id DESC);

-- A member's bet on a shared round. crash: cash out at `cashout_e2` (manual, or automatic at
-- `auto_cashout_e2`); double: `pick` is red, black or white.
CREATE TABLE house_round_bets (
  id bigserial PRIMARY KEY,
  round_id bigint NOT NULL REFERENCES house_rounds (id),
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  pick text NOT NULL DEFAULT '',
  auto_cashout_e2 integer,
  cashout_e2 integer,
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  status text NOT NULL CHECK (status IN ('pending', 'placed', 'settling', 'settled', 'refused')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (round_id, member_id, pick)
);
CREATE INDEX house_round_bets_member ON house_round_bets (member_id, id DESC);
