-- Vietnamese and Southeast Asian lotteries (issue 18 §2; modules/lottery, docs/lottery.md "VN and
-- SEA lotteries"): games drawn once a day at their local time whose results are a prize sheet
-- entered twice by two operators or taken from a results feed, on the e-lottery's tables.

ALTER TABLE lottery_games DROP CONSTRAINT lottery_games_kind_check;
ALTER TABLE lottery_games ADD CONSTRAINT lottery_games_kind_check
  CHECK (kind IN ('ssc5', 'fast3', 'race10', 'vn_north', 'vn_south', 'sea4d'));
-- Where a draw's numbers come from: the provably-fair seeds (the e-lottery), operators' double
-- entry, or the results feed (confirmed directly). A game with a draw time draws at that local
-- time of its zone (every `interval_seconds` from it), not on the epoch's grid.
ALTER TABLE lottery_games
  ADD COLUMN results_source text NOT NULL DEFAULT 'seed'
    CHECK (results_source IN ('seed', 'operator', 'feed')),
  ADD COLUMN draw_time text CHECK (draw_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN time_zone text NOT NULL DEFAULT 'America/Sao_Paulo',
  ADD CHECK ((kind IN ('vn_north', 'vn_south', 'sea4d')) = (results_source <> 'seed'));

-- An operator's odds table: the multiplier per tier in 1/10,000 (lottery-vn-rules.ts); rtp_bps
-- is then the table's computed return, kept for the console.
ALTER TABLE lottery_bet_types ADD COLUMN odds_tiers_e4 integer[];

-- A VN/SEA line keeps the odds it was sold at: the tiers, the cost of a point (lô: 27 or 18
-- endings) and, once settled, how many times it hit.
ALTER TABLE lottery_lines
  ADD COLUMN odds_tiers_e4 integer[],
  ADD COLUMN odds_div integer NOT NULL DEFAULT 1 CHECK (odds_div >= 1),
  ADD COLUMN hits integer;

-- Result sheets as entered: by an operator (double entry: the first pending, confirmed when a
-- different operator enters the same sheet; a disagreeing second entry is kept as rejected) or
-- by the feed (confirmed at once). `numbers` in the sheet's order.
CREATE TABLE lottery_result_entries (
  id bigserial PRIMARY KEY,
  draw_id bigint NOT NULL REFERENCES lottery_draws (id),
  source text NOT NULL CHECK (source IN ('operator', 'feed')),
  staff_id bigint,
  numbers integer[] NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'rejected', 'discarded')),
  -- Prizes a rejected entry disagreed on (`G3-2`).
  differs text[],
  decided_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((source = 'operator') = (staff_id IS NOT NULL))
);
-- One entry waits for its second per draw.
CREATE UNIQUE INDEX lottery_result_entries_pending ON lottery_result_entries (draw_id) WHERE status = 'pending';
CREATE INDEX lottery_result_entries_draw ON lottery_result_entries (draw_id, id);

INSERT INTO lottery_games (game_code, kind, prize_mode, name_en, name_pt, interval_seconds, close_seconds,
                           results_source, draw_time, time_zone, sort_order) VALUES
  ('LOTT_MB', 'vn_north', 'LOTT', 'Vietnam North · Miền Bắc', 'Vietnã Norte · Miền Bắc', 86400, 900, 'operator', '18:15', 'Asia/Ho_Chi_Minh', 11),
  ('LOTT_MT', 'vn_south', 'LOTT', 'Vietnam Central · Miền Trung', 'Vietnã Central · Miền Trung', 86400, 900, 'feed', '17:15', 'Asia/Ho_Chi_Minh', 12),
  ('LOTT_MN', 'vn_south', 'LOTT', 'Vietnam South · Miền Nam', 'Vietnã Sul · Miền Nam', 86400, 900, 'feed', '16:15', 'Asia/Ho_Chi_Minh', 13),
  ('SEA_4D', 'sea4d', 'SEA', '4D · Magnum style', '4D · estilo Magnum', 86400, 900, 'feed', '19:00', 'Asia/Kuala_Lumpur', 21);

-- Default odds tables (lottery-vn-rules.ts VN_DEFAULT_ODDS_E4) and their returns (vnRtpBps).
INSERT INTO lottery_bet_types (game_code, bet_type, rtp_bps, odds_tiers_e4)
SELECT g.game_code, t.bet_type, t.rtp_bps, t.tiers
FROM lottery_games g
JOIN (VALUES
  ('vn_north', 'lo2', 9500, ARRAY[950000]), ('vn_north', 'lo3', 9000, ARRAY[9000000]),
  ('vn_north', 'de', 9500, ARRAY[950000]), ('vn_north', 'de_dau', 9500, ARRAY[950000]),
  ('vn_north', 'xien2', 9329, ARRAY[170000]), ('vn_north', 'xien3', 9223, ARRAY[750000]),
  ('vn_north', 'xien4', 9344, ARRAY[3500000]),
  ('vn_south', 'lo2', 9500, ARRAY[950000]), ('vn_south', 'lo3', 9000, ARRAY[9000000]),
  ('vn_south', 'de', 9500, ARRAY[950000]), ('vn_south', 'de_dau', 9500, ARRAY[950000]),
  ('vn_south', 'xien2', 8876, ARRAY[340000]), ('vn_south', 'xien3', 9000, ARRAY[2300000]),
  ('vn_south', 'xien4', 8883, ARRAY[16000000]),
  ('sea4d', 'big', 6400, ARRAY[25000000, 10000000, 5000000, 1800000, 600000]),
  ('sea4d', 'small', 6500, ARRAY[35000000, 20000000, 10000000])
) AS t (kind, bet_type, rtp_bps, tiers) ON t.kind = g.kind
WHERE g.kind IN ('vn_north', 'vn_south', 'sea4d');
