-- Days a lottery company does not draw (issue 18; docs/lottery.md "Closed days"): the Tết
-- break and the odd other day. The scheduler skips a game's draw whose local date (in the
-- game's time zone) is closed for that game or for all; adding a day voids the draws already
-- open on it; removing one lets its draws open again.
CREATE TABLE lottery_closed_days (
  id bigserial PRIMARY KEY,
  -- The local date, read in each game's own time zone.
  day date NOT NULL,
  -- null: every game with a local draw time (the VN/SEA games; e-lottery games never close);
  -- otherwise that one game.
  game_code text REFERENCES lottery_games (game_code),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 200),
  -- The operator who added it (staff_accounts.id); null for the days seeded here.
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One closing per day and scope ("all" being the null scope). Its leading column serves the
  -- scheduler's read of the days from today on.
  UNIQUE NULLS NOT DISTINCT (day, game_code)
);

-- Tết 2027 (Saturday 6 February): the companies stop from the 30th of the last month (5 Feb)
-- through the 3rd day of the new year (8 Feb). Operators change it in the console.
INSERT INTO lottery_closed_days (day, game_code, reason) VALUES
  ('2027-02-05', NULL, 'Tết'),
  ('2027-02-06', NULL, 'Tết'),
  ('2027-02-07', NULL, 'Tết'),
  ('2027-02-08', NULL, 'Tết');

-- A draw voided because its day was closed must not hold its slot once the day is open again:
-- one draw per game and time among the draws that are not void (a voided draw stays, with its
-- refunded slips, beside the draw reopened at its time). The full index keeps serving each
-- game's latest draw (ensureDraws, the menus), void ones included.
ALTER TABLE lottery_draws DROP CONSTRAINT lottery_draws_game_code_draw_at_key;
CREATE UNIQUE INDEX lottery_draws_slot ON lottery_draws (game_code, draw_at) WHERE status <> 'void';
CREATE INDEX lottery_draws_game_at ON lottery_draws (game_code, draw_at);
