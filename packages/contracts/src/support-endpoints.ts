import type { Endpoint } from './endpoints';

/**
 * The built-in support chat (docs/support.md): a member's one conversation with the brand's
 * operators. Zod-free like ENDPOINTS, so the web's first chunk (the header's badge) may import
 * it. Listed in ENDPOINTS as `support`.
 */
export const SUPPORT_ENDPOINTS = {
  /** The member's conversation: its latest messages (older ones with `beforeId`) and unread count. */
  chat: { method: 'GET', path: '/wps/support/chat' },
  /** Operator messages the member has not read: the service icon's badge. */
  unread: { method: 'GET', path: '/wps/support/chat/unread' },
  /** Writes to the operators; the first message opens the conversation, a message reopens a closed one. */
  send: { method: 'POST', path: '/wps/support/chat/messages' },
  /** The member has read everything up to a message: answers the unread count after it. */
  read: { method: 'PUT', path: '/wps/support/chat/read' },
} as const satisfies Record<string, Endpoint>;

/** The console's support desk (operator scope): conversations, replies, closing. */
export const SUPPORT_ADMIN_ENDPOINTS = {
  conversations: { method: 'GET', path: '/admin/api/support/conversations' },
  /** Open conversations and those with member messages no operator has read (the desk's badge). */
  summary: { method: 'GET', path: '/admin/api/support/summary' },
  conversation: { method: 'GET', path: '/admin/api/support/conversations/:id' },
  reply: { method: 'POST', path: '/admin/api/support/conversations/:id/messages' },
  read: { method: 'POST', path: '/admin/api/support/conversations/:id/read' },
  close: { method: 'POST', path: '/admin/api/support/conversations/:id/close' },
} as const satisfies Record<string, Endpoint>;

/** Longest message, member's or operator's: a chat line, not a letter (feedback takes 1,000 too). */
export const SUPPORT_MESSAGE_MAX_CHARS = 1000;
/** Messages one read answers (the newest first page, or the page before `beforeId`). */
export const SUPPORT_HISTORY_PAGE = 50;
/**
 * Polling of the console desk: operators have no socket (the /ws hub is the members'), so the
 * desk asks again this often. The member side is pushed (SUPPORT events).
 */
export const SUPPORT_DESK_POLL_MS = 5_000;
/** The customer-service entry (`csType`) that stands for this built-in chat in the brand's list. */
export const SUPPORT_CHAT_CS_TYPE = 'SUPPORT_CHAT';
