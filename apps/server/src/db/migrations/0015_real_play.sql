-- Winner board and hot games from real play (issue 12 §6), owned by the games module and fed by
-- its `bet.settled` handler (at least once per event, so both writes are idempotent by round).

-- A real win names its round: the handler records it once however often the event arrives.
-- Seeded wins (the demo's) have none.
ALTER TABLE game_winners ADD COLUMN bet_round_id bigint;
CREATE UNIQUE INDEX game_winners_round ON game_winners (bet_round_id) WHERE bet_round_id IS NOT NULL;

-- One row per settled round, kept for the hot window (a daily job deletes older ones): "hot" is
-- the games with the most rounds in that window.
CREATE TABLE game_plays (
  bet_round_id  bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  game_id       bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  settled_at    timestamptz NOT NULL
);
CREATE INDEX game_plays_recent ON game_plays (merchant_code, settled_at);
