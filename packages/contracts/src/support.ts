import { z } from 'zod';
import { adminPage, adminPageQueryShape } from './admin';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import {
  SUPPORT_ADMIN_ENDPOINTS as A,
  SUPPORT_ENDPOINTS as E,
  SUPPORT_IMAGE_BASE64_MAX,
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
  /** Empty on a line that is only a picture. */
  body: serverText(),
  /** A picture comes with the line: read it from the `image` endpoint (with the session). */
  hasImage: z.boolean(),
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
/**
 * Multi-line (Shift+Enter in the chat box), a picture, or both; a line with neither is refused.
 * The picture travels as base64 (PNG, JPEG or WebP by its bytes, at most 5 MB), like feedback's.
 */
export const supportSendSchema = z
  .object({
    body: text(SUPPORT_MESSAGE_MAX_CHARS, { multiline: true }).trim().default(''),
    image: text(SUPPORT_IMAGE_BASE64_MAX)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/)
      .min(1)
      .optional(),
  })
  .refine((message) => message.body.length > 0 || message.image !== undefined, {
    message: 'a message needs text or a picture',
    path: ['body'],
  });
export type SupportSendRequest = z.input<typeof supportSendSchema>;
export const supportReadSchema = z.object({
  upToId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const supportUnreadSchema = z.object({ unread: z.number().int() });

export const SUPPORT_ROUTES = {
  chat: route(E.chat, { query: supportHistoryQuerySchema, response: supportChatSchema }),
  unread: route(E.unread, { response: supportUnreadSchema }),
  send: route(E.send, { body: supportSendSchema, response: supportMessageSchema }),
  read: route(E.read, { body: supportReadSchema, response: supportUnreadSchema }),
  image: route(E.image, {
    params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  }),
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
  /** The last line carries a picture (its text may be empty). */
  lastHasImage: z.boolean(),
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

/** A ticket for the `support.desk` topic on /ws (send it as the subscribe frame's `key`). */
export const supportDeskTicketSchema = z.object({
  ticket: serverText(),
  expiresAt: serverText(),
});
export type SupportDeskTicket = z.infer<typeof supportDeskTicketSchema>;

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
  image: route(A.image, { params: supportConversationParamsSchema }),
  liveTicket: route(A.liveTicket, { response: supportDeskTicketSchema }),
} as const satisfies Record<string, RouteDescriptor>;
