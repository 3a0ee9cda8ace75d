-- Content and service (issue 19, docs/content.md): announcements with a go-to-promotion button,
-- members' feedback with the operator's answer, and the inbox message that carries the answer.
-- Owned by the content module; the messages' kinds by the messages module.

-- An announcement may end in a button that opens the reward centre on a promotion category
-- (docs/product.md §3 "Announcement or popup: title, content, promotionType, execution").
ALTER TABLE announcements ADD COLUMN promotion_type text
  CHECK (promotion_type IS NULL OR promotion_type ~ '^[a-z_]{1,32}$');
ALTER TABLE announcements ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX banners_console ON banners (merchant_code, group_name, language, sort_order);

-- Feedback and complaints (facts.md §1 `PUT /wps/feedback`): a signed-in member's message with
-- an optional image, the queue the operators answer, and the answer the member reads.
CREATE TABLE feedback (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES brands (merchant_code) ON DELETE CASCADE,
  member_id     bigint NOT NULL,
  -- How the member signs it (the spec's `sender`): their name or a contact.
  sender        text NOT NULL CHECK (length(sender) BETWEEN 1 AND 64),
  type          text NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'game', 'customer', 'applyAgent', 'others')),
  content       text NOT NULL CHECK (length(content) BETWEEN 20 AND 1000),
  -- The image in file storage (lib/file-storage), PNG or JPEG by its bytes.
  image_key     text,
  image_type    text CHECK (image_type IN ('image/png', 'image/jpeg')),
  -- pending: nobody has looked; in_progress: an operator took it; answered: the reply was sent;
  -- closed: done without (another) reply.
  status        text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'in_progress', 'answered', 'closed')),
  reply         text CHECK (reply IS NULL OR length(reply) BETWEEN 1 AND 1000),
  replied_by    bigint,
  replied_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((image_key IS NULL) = (image_type IS NULL)),
  CHECK ((reply IS NULL) = (replied_at IS NULL)),
  CHECK (status <> 'answered' OR reply IS NOT NULL)
);
-- The member's history, newest first.
CREATE INDEX feedback_member ON feedback (member_id, id DESC);
-- The console's queue: oldest waiting first, per brand and status.
CREATE INDEX feedback_queue ON feedback (status, merchant_code, id);

-- The operator's answer to a feedback reaches the member's inbox. A later migration that adds
-- kinds must repeat this whole list (0034's list plus feedback_answered).
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check CHECK (
  kind IN ('deposit_credited', 'deposit_failed', 'withdrawal_approved', 'withdrawal_rejected',
    'withdrawal_refunded', 'withdrawal_dispute_closed',
    'cashback_credited', 'rebate_credited', 'bonus_converted', 'bonus_forfeited', 'bonus_expired',
    'vip_level_changed', 'feedback_answered')
);
