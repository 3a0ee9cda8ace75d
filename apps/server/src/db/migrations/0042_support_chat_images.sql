-- Issue 19's leftovers (docs/support.md): pictures in the support chat, and the tickets that let
-- the console's support desk follow its live topic on /ws. Owned by the content module.

-- A chat line may carry one picture (lib/file-storage, PNG/JPEG/WebP by its bytes), with or
-- without text: a line is text, a picture, or both, never neither.
ALTER TABLE support_messages ADD COLUMN image_key text;
ALTER TABLE support_messages ADD COLUMN image_type text
  CHECK (image_type IN ('image/png', 'image/jpeg', 'image/webp'));
ALTER TABLE support_messages ADD CONSTRAINT support_messages_image_pair
  CHECK ((image_key IS NULL) = (image_type IS NULL));
ALTER TABLE support_messages DROP CONSTRAINT support_messages_body_check;
ALTER TABLE support_messages ADD CONSTRAINT support_messages_body_check
  CHECK (char_length(body) <= 1000 AND (char_length(body) >= 1 OR image_key IS NOT NULL));

-- A ticket an operator's console shows on /ws to follow `support.desk` (the staff session's
-- binding cookie never reaches /ws: it lives under /admin/api). Stored hashed, short-lived,
-- checked by whichever instance holds the socket.
CREATE TABLE support_desk_tickets (
  ticket_hash bytea PRIMARY KEY,
  staff_id bigint NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX support_desk_tickets_expiry ON support_desk_tickets (expires_at);
