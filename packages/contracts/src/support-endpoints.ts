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
  /** The picture of a line of the member's own conversation (their session; never a public address). */
  image: { method: 'GET', path: '/wps/support/chat/messages/:id/image' },
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
  /** The picture of any conversation's line (support operators). */
  image: { method: 'GET', path: '/admin/api/support/messages/:id/image' },
  /** A short-lived ticket the console shows on /ws to follow the `support.desk` topic. */
  liveTicket: { method: 'POST', path: '/admin/api/support/live-ticket' },
} as const satisfies Record<string, Endpoint>;

/** Longest message, member's or operator's: a chat line, not a letter (feedback takes 1,000 too). */
export const SUPPORT_MESSAGE_MAX_CHARS = 1000;
/** Messages one read answers (the newest first page, or the page before `beforeId`). */
export const SUPPORT_HISTORY_PAGE = 50;
/**
 * The console desk's fallback poll: new member lines are pushed to it over /ws (the
 * `support.desk` topic), so this only catches what a dropped socket missed.
 */
export const SUPPORT_DESK_POLL_MS = 30_000;
/**
 * A chat picture: PNG, JPEG or WebP (told by its bytes), at most 5 MB — a phone's screenshot
 * or photo of a receipt, as feedback takes.
 */
export const SUPPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The picture as base64 in the JSON body: ⌈5 MB / 3⌉ × 4 characters, with room so that a file
 * just over the limit is answered `support_bad_image` (which says the limit), not a bare
 * validation error.
 */
export const SUPPORT_IMAGE_BASE64_MAX = Math.ceil((SUPPORT_IMAGE_MAX_BYTES * 1.2) / 3) * 4;
/** How long a desk ticket lets a socket follow `support.desk` (it asks for a new one after). */
export const SUPPORT_DESK_TICKET_TTL_MS = 10 * 60_000;
/** The customer-service entry (`csType`) that stands for this built-in chat in the brand's list. */
export const SUPPORT_CHAT_CS_TYPE = 'SUPPORT_CHAT';
