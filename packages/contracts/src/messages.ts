import { z } from 'zod';
import { serverText } from './text';

/**
 * The member inbox (member centre messageV2, docs/product.md §3 "Message types"): platform
 * messages about the member's money, each a template key with an amount and a second
 * parameter, rendered by the server in the caller's language.
 */
export const MESSAGE_KINDS = [
  /** Amount and the payment method (PIX, bank transfer). */
  'deposit_credited',
  /** Amount and why: expired, failed at the provider, rejected by an operator. */
  'deposit_failed',
  /** Amount and the withdrawal's number. */
  'withdrawal_approved',
  /** Amount and the reason (the operator's text, or a failed payout). */
  'withdrawal_rejected',
  /** A disputed payout settled with a refund: the amount refunded and the cashier's reason. */
  'withdrawal_refunded',
  /** A disputed payout closed without a refund: the withdrawal's amount and the cashier's reason. */
  'withdrawal_dispute_closed',
  /** A period's cashback paid to the main wallet: the amount and the period (`<first day>/<last day>`). */
  'cashback_credited',
  /** A manual rebate claim paid to the main wallet: the amount and the claim's number. */
  'rebate_credited',
  /** A bonus whose wagering was met became cash: the amount and the bonus's number. */
  'bonus_converted',
  /** The member gave up a bonus: the amount that left the bonus wallet and the bonus's number. */
  'bonus_forfeited',
  /** A bonus expired before its wagering was met: the amount removed and the bonus's number. */
  'bonus_expired',
  /** The member's VIP level changed: the new level's name, and the level-up rewards paid (0 when none or down). */
  'vip_level_changed',
  /** An operator answered the member's feedback: the answer (no amount). */
  'feedback_answered',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Messages one page of the inbox shows by default, and at most. */
export const MESSAGE_PAGE_SIZE = 10;
export const MESSAGE_PAGE_SIZE_MAX = 50;
/** Messages one read/unread/delete call may name: a page's worth, with room. */
export const MESSAGE_IDS_MAX = 100;

const messageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const messageListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(MESSAGE_PAGE_SIZE),
  /** `unread`: only the messages not read yet. */
  status: z.optional(z.enum(['all', 'unread'])).default('all'),
});

export const memberMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  /** Rendered in the caller's language. */
  title: serverText(),
  content: serverText(),
  /** The template's values: the amount (minor units, with its currency) and the second parameter. */
  amountMinor: z.number().int(),
  currency: serverText(),
  /** deposit_credited: method; deposit_failed: reason code; withdrawal_approved: number; withdrawal_rejected: reason. */
  detail: serverText(),
  read: z.boolean(),
  /** ISO 8601. */
  createdAt: serverText(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const messagePageSchema = z.object({
  list: z.array(memberMessageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  /** Unread messages in the whole inbox (the badge). */
  unread: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** The badge's count: `GET /wps/member/messages/unreadCount`. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Mark some messages read (`read: true`) or unread again. Ids that are not the caller's are ignored. */
export const messageReadRequestSchema = z
  .object({
    ids: z.array(messageIdSchema).min(1).max(MESSAGE_IDS_MAX),
    read: z.boolean(),
  })
  .strict();

export const messageDeleteRequestSchema = z
  .object({ ids: z.array(messageIdSchema).min(1).max(MESSAGE_IDS_MAX) })
  .strict();
