-- Banners and announcements of a brand (docs/product.md §2 home carousel and notices, §7 "Notice
-- response: banners, player notices, popup, promotion"), one row per language like help
-- topics: banner art usually carries its text, so each language has its own image.

CREATE TABLE banners (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES brands (merchant_code) ON DELETE CASCADE,
  -- where it shows: the home carousel and the login, register and forgot-password dialogs
  group_name    text NOT NULL CHECK (group_name IN ('w_home', 'w_login', 'w_register', 'w_forget')),
  language      text NOT NULL,
  image_url     text NOT NULL,
  alt           text NOT NULL DEFAULT '',
  -- what a click does: nothing, a path of this site, or another site in a new tab
  linkage_type  text NOT NULL DEFAULT 'none' CHECK (linkage_type IN ('none', 'route', 'external')),
  target        text NOT NULL DEFAULT '',
  sort_order    integer NOT NULL DEFAULT 0,
  starts_at     timestamptz NOT NULL DEFAULT now(),
  ends_at       timestamptz,
  CHECK (linkage_type = 'none' OR target <> ''),
  CHECK (linkage_type <> 'route' OR target LIKE '/%'),
  CHECK (linkage_type <> 'external' OR target LIKE 'https://%')
);
CREATE INDEX banners_shown ON banners (merchant_code, language, sort_order);

-- Types as the spec names them: B broadcast (the marquee line), PL player notice, PU popup
-- (shown once on arrival), PR promotion, H help. Execution A/B/F says where a client asks
-- for them; the web's notice call asks for B.
CREATE TABLE announcements (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES brands (merchant_code) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  execution     text NOT NULL DEFAULT 'B' CHECK (execution IN ('A', 'B', 'F')),
  language      text NOT NULL,
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content       text NOT NULL DEFAULT '',
  sort_order    integer NOT NULL DEFAULT 0,
  starts_at     timestamptz NOT NULL DEFAULT now(),
  ends_at       timestamptz
);
CREATE INDEX announcements_shown ON announcements (merchant_code, language, execution, sort_order);
