-- The lobby's "hot" feed counts settled rounds per game and hour instead of keeping a row per
-- round (games module; docs/lobby.md "Hot games"). A row per round was the one write per round
-- on the bet path that no ledger rule asks for (bench:pam: 1.0 row a round); now a bet-path
-- batch adds to one row per game it touched. The batch's event id, recorded first, makes a
-- redelivered batch count nothing.
CREATE TABLE game_play_hours (
  merchant_code text NOT NULL,
  game_id       bigint NOT NULL,
  hour          timestamptz NOT NULL,
  rounds        integer NOT NULL,
  PRIMARY KEY (merchant_code, hour, game_id)
);

CREATE TABLE game_play_events (
  event_id   bigint PRIMARY KEY,
  counted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_play_events_counted ON game_play_events (counted_at);

INSERT INTO game_play_hours (merchant_code, game_id, hour, rounds)
SELECT merchant_code, game_id, date_bin('1 hour', settled_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
FROM game_plays
GROUP BY 1, 2, 3;

DROP TABLE game_plays;
