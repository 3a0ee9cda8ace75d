import { z } from 'zod';
import { adminPage, adminPageQueryShape } from './admin';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import {
  SUPPORT_ADMIN_ENDPOINTS as A,
  SUPPORT_ENDPOINTS as E,
  SUPPORT_MESSAGE_MAX_CHARS,
} from './support-endpoints';
import { serverText, text } from './text';

const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

export const SUPPORT_CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type SupportConversationStatus = (typeof SUPPORT_CONVERSATION_STATUSES)[number];
export const SUPPORT_SENDERS = ['member', 'staff'] as const;

/** One line of the chat, oldest first in every list. */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(SUPPORT_SENDERS),
  body: serverText(),
  createdAt: serverText(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** The member's chat: no conversation until their first message. */
export const supportChatSchema = z.object({
  conversationId: z.number().int().nullable(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES).nullable(),
  /** Operator messages the member has not read. */
  unread: z.number().int(),
  messages: z.array(supportMessageSchema),
  /** Older messages exist before the first one listed (ask with `beforeId`). */
  hasOlder: z.boolean(),
});
export type SupportChat = z.infer<typeof supportChatSchema>;

export const supportHistoryQuerySchema = z.object({
  beforeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
/** Multi-line (Shift+Enter in the chat box); blank messages are refused. */
export const supportSendSchema = z.object({
  body: text(SUPPORT_MESSAGE_MAX_CHARS, { multiline: true }).trim().min(1),
});
export const supportReadSchema = z.object({
  upToId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const supportUnreadSchema = z.object({ unread: z.number().int() });

export const SUPPORT_ROUTES = {
  chat: route(E.chat, { query: supportHistoryQuerySchema, response: supportChatSchema }),
  unread: route(E.unread, { response: supportUnreadSchema }),
  send: route(E.send, { body: supportSendSchema, response: supportMessageSchema }),
  read: route(E.read, { body: supportReadSchema, response: supportUnreadSchema }),
} as const satisfies Record<string, RouteDescriptor>;

// ── the console's desk ────────────────────────────────────────────────────────

export const supportConversationRowSchema = z.object({
  id: z.number().int(),
  merchantCode: serverText(),
  memberId: z.number().int(),
  username: serverText(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  /** Member messages no operator has read. */
  unread: z.number().int(),
  lastMessage: serverText().nullable(),
  lastSender: z.enum(SUPPORT_SENDERS).nullable(),
  lastMessageAt: serverText().nullable(),
  createdAt: serverText(),
  closedAt: serverText().nullable(),
});
export type SupportConversationRow = z.infer<typeof supportConversationRowSchema>;

/** An operator's view of a message: who of the staff wrote it (members see only "support"). */
export const supportDeskMessageSchema = supportMessageSchema.extend({
  authorName: serverText().nullable(),
});
export type SupportDeskMessage = z.infer<typeof supportDeskMessageSchema>;

export const supportConversationSchema = z.object({
  conversation: supportConversationRowSchema,
  messages: z.array(supportDeskMessageSchema),
  hasOlder: z.boolean(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const SUPPORT_DESK_SORTS = ['lastMessageAt', 'createdAt', 'unread'] as const;
export const supportConversationsQuerySchema = z.object({
  ...adminPageQueryShape,
  status: z.enum([...SUPPORT_CONVERSATION_STATUSES, 'all']).default('open'),
  /** Only conversations with member messages no operator has read. */
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** A username's beginning. */
  search: text(64).trim().optional(),
});
export const supportConversationParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const supportSummarySchema = z.object({
  open: z.number().int(),
  /** Conversations with member messages no operator has read. */
  unreadConversations: z.number().int(),
});
export type SupportSummary = z.infer<typeof supportSummarySchema>;

export const SUPPORT_ADMIN_ROUTES = {
  conversations: route(A.conversations, {
    query: supportConversationsQuerySchema,
    response: /* @__PURE__ */ adminPage(supportConversationRowSchema),
  }),
  summary: route(A.summary, { response: supportSummarySchema }),
  conversation: route(A.conversation, {
    params: supportConversationParamsSchema,
    query: supportHistoryQuerySchema,
    response: supportConversationSchema,
  }),
  reply: route(A.reply, {
    params: supportConversationParamsSchema,
    body: supportSendSchema,
    response: supportDeskMessageSchema,
  }),
  read: route(A.read, {
    params: supportConversationParamsSchema,
    body: supportReadSchema,
    response: supportConversationRowSchema,
  }),
  close: route(A.close, {
    params: supportConversationParamsSchema,
    response: supportConversationRowSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
