-- Foundation: brands (white-label tenants), their domains, and the game catalogue.
-- Must run unchanged on PostgreSQL 15 (servers) and PGlite (embedded, PostgreSQL 17+).

-- A brand is one white-label site. Everything a brand's operator can change without a deploy
-- (site flags, module tree, registration rules, maintenance, region lists, contact channels,
-- theme) lives in `settings`, validated by the server on every read (brandSettingsSchema).
CREATE TABLE brands (
  merchant_code        text PRIMARY KEY CHECK (merchant_code ~ '^[A-Za-z0-9_-]{1,32}$'),
  name                 text NOT NULL,
  currency             text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  currency_symbol      text NOT NULL,
  country_code         text NOT NULL,
  country_dialing_code text NOT NULL,
  time_zone            text NOT NULL,
  default_language     text NOT NULL,
  is_default           boolean NOT NULL DEFAULT false,
  settings             jsonb NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
-- At most one brand answers hosts that no domain row names.
CREATE UNIQUE INDEX brands_one_default ON brands (is_default) WHERE is_default;

-- Host name → brand (docs/product.md §9: "merchant code derives from the host name").
CREATE TABLE brand_domains (
  domain        text PRIMARY KEY CHECK (domain = lower(domain)),
  merchant_code text NOT NULL REFERENCES brands (merchant_code) ON DELETE CASCADE
);

-- Help topics per brand and language (footer, help centre).
CREATE TABLE help_topics (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES brands (merchant_code) ON DELETE CASCADE,
  topic_key     text NOT NULL,
  language      text NOT NULL,
  title         text NOT NULL,
  content       text NOT NULL,
  sort_order    integer NOT NULL DEFAULT 0,
  UNIQUE (merchant_code, topic_key, language)
);

-- Game vendors (providers). `entry_kind` VASSALAGE opens a popup of the vendor's games;
-- LOBBY launches the vendor's own lobby (sports books, lotteries).
CREATE TABLE vendors (
  code          text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{2,16}$'),
  name          text NOT NULL,
  game_category text NOT NULL,
  wallet_mode   text NOT NULL CHECK (wallet_mode IN ('seamless', 'transfer')),
  entry_kind    text NOT NULL CHECK (entry_kind IN ('VASSALAGE', 'LOBBY')),
  sort_order    integer NOT NULL,
  maintenance   boolean NOT NULL DEFAULT false
);

-- Category order as the server sorts the top navigation and lanes.
CREATE TABLE game_categories (
  code       text PRIMARY KEY,
  sort_order integer NOT NULL
);

-- The catalogue. `id` is the spec's nodeId (card style = nodeId % 4 + 1).
CREATE TABLE games (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vendor_code   text NOT NULL REFERENCES vendors (code),
  game_code     text NOT NULL,
  game_category text NOT NULL REFERENCES game_categories (code),
  name_en       text NOT NULL,
  name_pt       text NOT NULL,
  classify      text NOT NULL,
  is_hot        boolean NOT NULL DEFAULT false,
  is_new        boolean NOT NULL DEFAULT false,
  maintenance   boolean NOT NULL DEFAULT false,
  rtp_bps       integer NOT NULL CHECK (rtp_bps BETWEEN 0 AND 10000),
  sort_order    integer NOT NULL,
  art_seed      integer NOT NULL,
  UNIQUE (vendor_code, game_code)
);
CREATE INDEX games_lobby ON games (game_category, vendor_code, sort_order);
CREATE INDEX games_hot ON games (game_category, sort_order) WHERE is_hot;
