-- Lobby: name search, favourites, recent games, and the winner board.

-- Trigram indexes make "name contains…" searches in SQL an index scan (the operator console's
-- catalogue search); the player lobby filters its in-memory copy of the catalogue instead.
-- pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX games_name_en_trgm ON games USING gin (lower(name_en) gin_trgm_ops);
CREATE INDEX games_name_pt_trgm ON games USING gin (lower(name_pt) gin_trgm_ops);
CREATE INDEX games_vendor_order ON games (vendor_code, sort_order);
CREATE INDEX games_classify ON games (game_category, classify, sort_order);

CREATE TABLE favourite_games (
  member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  game_id    bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);

-- One row per member and game; launching again moves it to the top.
CREATE TABLE recent_games (
  member_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  game_id     bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  launched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX recent_games_member ON recent_games (member_id, launched_at DESC);

-- Notable wins shown on the winner board (written by settlement; the demo seeds some).
CREATE TABLE game_winners (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  display_name  text NOT NULL,
  game_id       bigint NOT NULL REFERENCES games (id),
  amount_minor  bigint NOT NULL CHECK (amount_minor > 0),
  currency      text NOT NULL,
  won_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_winners_recent ON game_winners (merchant_code, won_at DESC);
