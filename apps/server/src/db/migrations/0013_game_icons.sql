-- Issue 11: a game's card picture and a vendor's logo as the operator or vendor supplies them.
-- NULL means none: the lobby then shows generated art (modules/games/art-urls.ts), which is
-- what the demo catalogue seeds. An address is a path on this site or an https URL, the two
-- the page's Content-Security-Policy lets an <img> load (docs/gateway.md); the length limit
-- keeps a pasted data: URL from bloating every lobby page that lists the game.
ALTER TABLE games ADD COLUMN icon_url text
  CHECK (char_length(icon_url) <= 2048 AND icon_url ~ '^(/[^/]|https://)');
ALTER TABLE vendors ADD COLUMN logo_url text
  CHECK (char_length(logo_url) <= 2048 AND logo_url ~ '^(/[^/]|https://)');
