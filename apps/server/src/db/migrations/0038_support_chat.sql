-- The built-in support chat (modules/content/support, docs/support.md): a member's conversation
-- with the brand's operators over /ws, for brands without an outside customer service.

-- One conversation per member, ever: closing it is "resolved" and the member's next message
-- opens it again, so the member's history stays one thread. The unique member_id decides
-- which of two first messages sent at once creates it.
CREATE TABLE support_conversations (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL UNIQUE,
  -- The member's username when the conversation began: the console lists it without asking
  -- the accounts module row by row.
  username text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- Read marks: the last message id each side has seen. Unread counts are the other side's
  -- messages after the mark, so a message written while the other side marks read can never be
  -- counted as read (a counter reset to 0 could).
  member_read_id bigint NOT NULL DEFAULT 0,
  staff_read_id bigint NOT NULL DEFAULT 0,
  last_message_id bigint,
  last_message_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by bigint
);
-- The desk's queue: a brand's conversations by status, the most recent first.
CREATE INDEX support_conversations_desk ON support_conversations (status, last_message_at DESC);

-- The lines of a conversation. Each insert first locks its conversation's row (the update of
-- last_message_id), so within a conversation ids are taken in commit order: a reader that saw
-- id n never sees a smaller id appear later.
CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES support_conversations (id),
  sender text NOT NULL CHECK (sender IN ('member', 'staff')),
  -- The operator who wrote it, and their display name then (the console shows it; members see
  -- "support").
  staff_id bigint,
  author_name text,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((sender = 'staff') = (staff_id IS NOT NULL))
);
CREATE INDEX support_messages_thread ON support_messages (conversation_id, id);
