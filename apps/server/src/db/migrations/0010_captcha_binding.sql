-- A captcha answers only for the client that fetched it (issue 10, item 3): a solving service
-- that is sent the image cannot use the answer from its own address or browser. The column
-- holds SHA-256 of the client's IP and user agent. Captchas live 5 minutes; the few unanswered
-- ones at migration time are dropped rather than given a binding they never had.
DELETE FROM captchas;
ALTER TABLE captchas ADD COLUMN client_hash text NOT NULL;
