import { z } from 'zod';
import { MESSAGE_KINDS } from './messages';
import { serverText, text } from './text';

/**
 * The realtime socket (`/ws`, docs/realtime.md): the events pushed to a member
 * (docs/platform-facts.md "Realtime events") and the frames around them. Every frame is one
 * JSON text message.
 *
 * The web app imports only the types and constants of this file into its socket client (no
 * schema: the client chunk stays zod-free); the server and the tests use the schemas.
 */
export const REALTIME_EVENT_TYPES = [
  'DEPOSIT',
  'WITHDRAW',
  'PAYMENT_CONFIRMATION',
  'INBOX',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/**
 * DEPOSIT and WITHDRAW carry the original client's `{amount, time, success, remarks}` (amount in
 * major units, time ISO 8601, remarks the method of a credited deposit, the reason of a failure
 * or a withdrawal's status) plus the amount in minor units and the currency. Written out in full
 * in each schema rather than spread from a shared object: the web build can drop a `z.…()` call
 * it does not use, but not one whose argument spreads another object.
 */
export const depositEventSchema = z.object({
  amount: z.number(),
  amountMinor: z.number().int(),
  currency: serverText(),
  time: serverText(),
  success: z.boolean(),
  remarks: serverText(),
  depositId: z.number().int(),
});
export const WITHDRAWAL_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'paid',
  'confirmed',
] as const;
export const withdrawEventSchema = z.object({
  amount: z.number(),
  amountMinor: z.number().int(),
  currency: serverText(),
  time: serverText(),
  success: z.boolean(),
  remarks: serverText(),
  withdrawalId: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
});
/** The payout was sent: the member is asked whether it arrived (before `confirmBy`). */
export const paymentConfirmationEventSchema = z.object({
  withdrawalId: z.number().int(),
  amount: z.number(),
  amountMinor: z.number().int(),
  currency: serverText(),
  time: serverText(),
  confirmBy: serverText(),
});
/** A new message in the inbox, with the inbox's unread count after it. */
export const inboxEventSchema = z.object({
  messageId: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  unread: z.number().int(),
});

export type DepositEvent = z.infer<typeof depositEventSchema>;
export type WithdrawEvent = z.infer<typeof withdrawEventSchema>;
export type PaymentConfirmationEvent = z.infer<typeof paymentConfirmationEventSchema>;
export type InboxEvent = z.infer<typeof inboxEventSchema>;
export type RealtimeEventData = {
  DEPOSIT: DepositEvent;
  WITHDRAW: WithdrawEvent;
  PAYMENT_CONFIRMATION: PaymentConfirmationEvent;
  INBOX: InboxEvent;
};

/**
 * An event pushed to the member. `seq` counts the member's events (1, 2, 3 … without gaps); a
 * client that reconnects sends the last one it saw and receives what followed.
 */
export const realtimeEventFrameSchema = z.discriminatedUnion('type', [
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('DEPOSIT'),
    data: depositEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('WITHDRAW'),
    data: withdrawEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('PAYMENT_CONFIRMATION'),
    data: paymentConfirmationEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('INBOX'),
    data: inboxEventSchema,
  }),
]);
export type RealtimeEventFrame = {
  [T in RealtimeEventType]: { kind: 'event'; seq: number; type: T; data: RealtimeEventData[T] };
}[RealtimeEventType];

/** Frames the server sends besides events. */
export const realtimeControlFrameSchema = z.discriminatedUnion('kind', [
  /** Authenticated; `seq` is the member's latest event number (what follows is new). */
  z.object({ kind: z.literal('ready'), seq: z.number().int() }),
  /**
   * More was missed than the backlog keeps: the client reloads what events would have updated
   * (balance, inbox) and goes on from `seq`.
   */
  z.object({ kind: z.literal('resync'), seq: z.number().int() }),
  z.object({ kind: z.literal('pong') }),
  /** Sent just before the server closes the socket (the close code says the same). */
  z.object({ kind: z.literal('error'), code: serverText(), message: serverText() }),
]);
export type RealtimeControlFrame = z.infer<typeof realtimeControlFrameSchema>;
export type RealtimeServerFrame = RealtimeEventFrame | RealtimeControlFrame;

/** Longest frame a client may send (an auth frame with its token); the server refuses longer. */
export const REALTIME_CLIENT_FRAME_MAX_BYTES = 1024;

/** The first frame a client sends: its session token and the last event number it saw. */
export const realtimeAuthFrameSchema = z
  .object({
    kind: z.literal('auth'),
    token: text(200),
    /** The last `seq` the client received; absent or null on a first connection. */
    lastSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    /** The language of error frames (a browser socket carries no Language header). */
    language: text(16).optional(),
  })
  .strict();
export const realtimeClientFrameSchema = z.discriminatedUnion('kind', [
  realtimeAuthFrameSchema,
  z.object({ kind: z.literal('ping') }).strict(),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** Close codes of the socket (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** The token is missing, wrong, expired, or its session was ended. */
  unauthorized: 4401,
  /** The session must change its password first. */
  forbidden: 4403,
  /** No auth frame in time. */
  authTimeout: 4408,
  /** A frame that is not JSON, too long, or not one the protocol knows. */
  badFrame: 4400,
  /** The member opened more sockets than allowed: this, the oldest, was closed (no reconnect). */
  replaced: 4409,
  /** The server could not deliver in order (a database error): reconnect and catch up. */
  internalError: 1011,
  /** The server is going away (deploy, shutdown): reconnect. */
  goingAway: 1001,
} as const;
