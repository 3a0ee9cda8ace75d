-- The e-lottery (modules/lottery; docs/lottery.md): games drawn on a schedule from provably-fair
-- seeds, bet slips whose stakes and payouts are ledger operations with bet records (vendor BLT,
-- round L<slipId>), written through the wallet's service.

CREATE TABLE lottery_games (
  game_code text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('ssc5', 'fast3', 'race10')),
  -- The spec's prize modes; VN/SEA games (LOTT, SEA) will come with their own draw structures.
  prize_mode text NOT NULL DEFAULT 'ELOTT' CHECK (prize_mode IN ('ELOTT', 'LOTT', 'ZY', 'SEA')),
  name_en text NOT NULL,
  name_pt text NOT NULL,
  interval_seconds integer NOT NULL CHECK (interval_seconds BETWEEN 10 AND 86400),
  close_seconds integer NOT NULL CHECK (close_seconds >= 0),
  min_stake_minor bigint NOT NULL DEFAULT 100,
  max_stake_minor bigint NOT NULL DEFAULT 500000,
  max_payout_per_number_minor bigint NOT NULL DEFAULT 10000000,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (close_seconds < interval_seconds),
  CHECK (min_stake_minor >= 1 AND min_stake_minor <= max_stake_minor)
);

INSERT INTO lottery_games (game_code, kind, name_en, name_pt, interval_seconds, close_seconds, sort_order) VALUES
  ('ELOTT_SSC1', 'ssc5', '5 Balls · 1 min', '5 Bolas · 1 min', 60, 10, 1),
  ('ELOTT_SSC3', 'ssc5', '5 Balls · 3 min', '5 Bolas · 3 min', 180, 20, 2),
  ('ELOTT_SSC5', 'ssc5', '5 Balls · 5 min', '5 Bolas · 5 min', 300, 30, 3),
  ('ELOTT_K3_1', 'fast3', 'Fast 3 · 1 min', 'Dados Rápidos · 1 min', 60, 10, 4),
  ('ELOTT_K3_3', 'fast3', 'Fast 3 · 3 min', 'Dados Rápidos · 3 min', 180, 20, 5),
  ('ELOTT_RACE1', 'race10', 'Car Race · 1 min', 'Corrida · 1 min', 60, 10, 6),
  ('ELOTT_RACE5', 'race10', 'Car Race · 5 min', 'Corrida · 5 min', 300, 30, 7);

-- Odds come from the bet type's RTP (lottery-rules.ts: floor(rtp · outcomes / winning)).
CREATE TABLE lottery_bet_types (
  game_code text NOT NULL REFERENCES lottery_games (game_code),
  bet_type text NOT NULL,
  rtp_bps integer NOT NULL CHECK (rtp_bps BETWEEN 5000 AND 10000),
  enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (game_code, bet_type)
);
INSERT INTO lottery_bet_types (game_code, bet_type, rtp_bps)
SELECT g.game_code, t.bet_type, t.rtp_bps
FROM lottery_games g
JOIN (VALUES ('ssc5', 'position', 9800), ('ssc5', 'big_small', 9800), ('ssc5', 'odd_even', 9800),
             ('ssc5', 'sum', 9700), ('fast3', 'sum', 9700), ('fast3', 'triple', 9600),
             ('fast3', 'pair', 9700), ('race10', 'position', 9800)) AS t (kind, bet_type, rtp_bps)
  ON t.kind = g.kind;

-- One row per draw: opened ahead with its seed (hash published), drawn by the scheduler's task
-- (`status` open → drawn → settled by conditional updates), or voided (every slip refunded).
CREATE TABLE lottery_draws (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL REFERENCES lottery_games (game_code),
  draw_no text NOT NULL,
  close_at timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn', 'settled', 'void')),
  numbers integer[],
  drawn_at timestamptz,
  settled_at timestamptz,
  voided_at timestamptz,
  void_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_code, draw_at)
);
CREATE INDEX lottery_draws_open ON lottery_draws (game_code, close_at) WHERE status = 'open';
CREATE INDEX lottery_draws_done ON lottery_draws (game_code, draw_at DESC) WHERE status IN ('drawn', 'settled');

-- A slip: one bet record (round L<id>), the stake of all its lines taken in one operation.
CREATE TABLE lottery_slips (
  id bigserial PRIMARY KEY,
  draw_id bigint NOT NULL REFERENCES lottery_draws (id),
  game_code text NOT NULL,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  payout_minor bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'placed', 'settled', 'refunded', 'refused')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX lottery_slips_draw ON lottery_slips (draw_id, status, id);
CREATE INDEX lottery_slips_member ON lottery_slips (member_id, id DESC);

CREATE TABLE lottery_lines (
  id bigserial PRIMARY KEY,
  slip_id bigint NOT NULL REFERENCES lottery_slips (id),
  draw_id bigint NOT NULL,
  bet_type text NOT NULL,
  selection text NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  odds_e4 bigint NOT NULL,
  won boolean,
  payout_minor bigint NOT NULL DEFAULT 0
);
CREATE INDEX lottery_lines_draw_type ON lottery_lines (draw_id, bet_type);
CREATE INDEX lottery_lines_slip ON lottery_lines (slip_id);

-- What each selection of a draw could pay, all slips together (the liability cap).
CREATE TABLE lottery_exposure (
  draw_id bigint NOT NULL,
  bet_type text NOT NULL,
  selection text NOT NULL,
  payout_minor bigint NOT NULL,
  PRIMARY KEY (draw_id, bet_type, selection)
);
