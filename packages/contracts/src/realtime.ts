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
  'AGENT_TRANSFER_AGENT_TO_DOWNLINE',
  'AGENT_TRANSFER_DOWNLINE_TO_AGENT',
  'MANUAL_PROMO',
  'PROMOTION_CLAIM',
  'VIP_LEVEL',
  'SUPPORT',
  'MISSION',
  'TICKET',
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
  // An operator refunded the missing part of a disputed payout (the amount is the refund).
  'refunded',
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

/**
 * Money an agent sent its direct downline, or a downline its upline (agents module), pushed to
 * the receiver: facts.md §1 `{amount, time, sender, receiver}` (usernames).
 */
export const agentTransferEventSchema = z.object({
  transferId: z.number().int(),
  amount: z.number(),
  amountMinor: z.number().int(),
  currency: serverText(),
  time: serverText(),
  sender: serverText(),
  receiver: serverText(),
});
export type AgentTransferEvent = z.infer<typeof agentTransferEventSchema>;

/**
 * A promotion changed for the member (rewards module): PROMOTION_CLAIM when a reward is ready
 * to claim or was issued, MANUAL_PROMO when an operator decided the member's application. The
 * page reloads its promotions on either; `status` is the member's new status there.
 */
export const promotionClaimEventSchema = z.object({
  promotionId: z.number().int(),
  status: serverText(),
  amountMinor: z.number().int().nullable(),
  currency: serverText(),
  time: serverText(),
});
export const manualPromoEventSchema = z.object({
  promotionId: z.number().int(),
  applicationId: z.number().int(),
  status: serverText(),
  reason: serverText().nullable(),
  time: serverText(),
});
/** The member's VIP level changed (rewards module, docs/loyalty.md): the VIP card reloads. */
export const vipLevelEventSchema = z.object({
  fromRank: z.number().int(),
  toRank: z.number().int(),
  name: serverText(),
  time: serverText(),
});
export type VipLevelEvent = z.infer<typeof vipLevelEventSchema>;
export type PromotionClaimEvent = z.infer<typeof promotionClaimEventSchema>;
export type ManualPromoEvent = z.infer<typeof manualPromoEventSchema>;

/**
 * The support chat changed for the member (docs/support.md): an operator answered (`messageId`)
 * or closed the conversation (`messageId` null). `unread` is the member's count after it; the
 * chat reads its messages again over HTTP.
 */
export const supportEventSchema = z.object({
  conversationId: z.number().int(),
  messageId: z.number().int().nullable(),
  status: z.enum(['open', 'closed']),
  unread: z.number().int(),
});
export type SupportEvent = z.infer<typeof supportEventSchema>;

/**
 * One of the member's missions became claimable (rewards module, docs/missions.md): its titles
 * per language (the toast picks the member's), and the badge's count after it. The missions page
 * and the badge read again.
 */
export const missionEventSchema = z.object({
  missionId: z.number().int(),
  progressId: z.number().int(),
  titles: z.record(serverText(), serverText()),
  claimableCount: z.number().int(),
  time: serverText(),
});
export type MissionEvent = z.infer<typeof missionEventSchema>;

/**
 * Reward tickets arrived for the member (rewards module, docs/rewards.md "Tickets"): the kind,
 * how many, their ids and the promotion's titles per language (the toast picks the member's).
 * The reward centre's ticket list reads again.
 */
export const ticketEventSchema = z.object({
  kind: serverText(),
  count: z.number().int(),
  ticketIds: z.array(z.number().int()),
  titles: z.record(serverText(), serverText()),
  time: serverText(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

export type DepositEvent = z.infer<typeof depositEventSchema>;
export type WithdrawEvent = z.infer<typeof withdrawEventSchema>;
export type PaymentConfirmationEvent = z.infer<typeof paymentConfirmationEventSchema>;
export type InboxEvent = z.infer<typeof inboxEventSchema>;
export type RealtimeEventData = {
  DEPOSIT: DepositEvent;
  WITHDRAW: WithdrawEvent;
  PAYMENT_CONFIRMATION: PaymentConfirmationEvent;
  INBOX: InboxEvent;
  AGENT_TRANSFER_AGENT_TO_DOWNLINE: AgentTransferEvent;
  AGENT_TRANSFER_DOWNLINE_TO_AGENT: AgentTransferEvent;
  MANUAL_PROMO: ManualPromoEvent;
  PROMOTION_CLAIM: PromotionClaimEvent;
  VIP_LEVEL: VipLevelEvent;
  SUPPORT: SupportEvent;
  MISSION: MissionEvent;
  TICKET: TicketEvent;
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
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('AGENT_TRANSFER_AGENT_TO_DOWNLINE'),
    data: agentTransferEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('AGENT_TRANSFER_DOWNLINE_TO_AGENT'),
    data: agentTransferEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('MANUAL_PROMO'),
    data: manualPromoEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('PROMOTION_CLAIM'),
    data: promotionClaimEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('VIP_LEVEL'),
    data: vipLevelEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('SUPPORT'),
    data: supportEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('MISSION'),
    data: missionEventSchema,
  }),
  z.object({
    kind: z.literal('event'),
    seq: z.number().int(),
    type: z.literal('TICKET'),
    data: ticketEventSchema,
  }),
]);
export type RealtimeEventFrame = {
  [T in RealtimeEventType]: { kind: 'event'; seq: number; type: T; data: RealtimeEventData[T] };
}[RealtimeEventType];

// ── Topics: public broadcasts (docs/realtime.md "Topics") ──────────────────────────────────

/**
 * Public topics a socket may subscribe to, with or without a session: anyone may watch the
 * shared crash and double rounds; betting goes through the HTTP API with a session. A topic's
 * events are not numbered or kept: a client that (re)subscribes reads the current state over
 * HTTP once, then follows the topic. A guarded topic (`support.desk`) is followed only with the
 * `key` its owning module checks (realtime `guardTopic`).
 */
export const REALTIME_TOPICS = ['house.crash', 'house.double', 'lottery', 'support.desk'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];
/** Topics one socket may follow at once: every topic there is, with room to grow; bounds a socket's cost. */
export const MAX_TOPICS_PER_SOCKET = 8;

/**
 * `house.crash`: the shared crash round of a game (`gameCode`), as everyone sees it. Times are
 * the server's clock (ISO 8601); multipliers in hundredths (1.52× = 152). Players are shown by
 * their public name (`player`), never an id.
 */
export const crashTopicEventSchema = z.discriminatedUnion('kind', [
  /** A new round takes bets until `bettingEndsAtUtc`, when its multiplier starts at 1.00×. */
  z.object({
    kind: z.literal('round'),
    gameCode: serverText(),
    roundId: z.number().int(),
    chainIndex: z.number().int(),
    bettingEndsAtUtc: serverText(),
    serverTimeUtc: serverText(),
    /** The most the round pays in all (docs/house.md "Round limit"). */
    limitMinor: z.number().int().nullable().optional(),
  }),
  /** The multiplier now, by the server's clock, `elapsedMs` after the round's start. */
  z.object({
    kind: z.literal('tick'),
    gameCode: serverText(),
    roundId: z.number().int(),
    multiplierE2: z.number().int(),
    elapsedMs: z.number().int(),
    /** The multiplier at which the round's limit cashes out every bet still in the air. */
    capE2: z.number().int().nullable().optional(),
  }),
  z.object({
    kind: z.literal('bet'),
    gameCode: serverText(),
    roundId: z.number().int(),
    /** The bet's number: its later cash-out names it. */
    betId: z.number().int().optional(),
    player: serverText(),
    stakeMinor: z.number().int(),
    autoCashoutE2: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('cashout'),
    gameCode: serverText(),
    roundId: z.number().int(),
    betId: z.number().int().optional(),
    player: serverText(),
    cashoutE2: z.number().int(),
    payoutMinor: z.number().int(),
    /** Cashed out by the round's limit, not by the player. */
    forced: z.boolean().optional(),
  }),
  /** Bets placed in the last moment (gathered: a frame per bet to every socket costs too much). */
  z.object({
    kind: z.literal('bets'),
    gameCode: serverText(),
    roundId: z.number().int(),
    bets: z.array(
      z.object({ betId: z.number().int(), player: serverText(), stakeMinor: z.number().int() }),
    ),
  }),
  /** Several cash-outs at once: automatic targets reached on a tick, or the round's limit. */
  z.object({
    kind: z.literal('cashouts'),
    gameCode: serverText(),
    roundId: z.number().int(),
    cashouts: z.array(
      z.object({
        betId: z.number().int(),
        player: serverText(),
        cashoutE2: z.number().int(),
        payoutMinor: z.number().int(),
        forced: z.boolean(),
      }),
    ),
  }),
  /** The round crashed at `pointE2`; its game hash is now public (verification). */
  z.object({
    kind: z.literal('crashed'),
    gameCode: serverText(),
    roundId: z.number().int(),
    chainIndex: z.number().int(),
    pointE2: z.number().int(),
    gameHash: serverText(),
  }),
]);
export type CrashTopicEvent = z.infer<typeof crashTopicEventSchema>;

/** `house.double`: the shared double wheel of a game (`gameCode`). */
export const doubleTopicEventSchema = z.discriminatedUnion('kind', [
  /** A new round takes bets until `bettingEndsAtUtc`. */
  z.object({
    kind: z.literal('round'),
    gameCode: serverText(),
    roundId: z.number().int(),
    chainIndex: z.number().int(),
    bettingEndsAtUtc: serverText(),
    serverTimeUtc: serverText(),
  }),
  z.object({
    kind: z.literal('bet'),
    gameCode: serverText(),
    roundId: z.number().int(),
    betId: z.number().int().optional(),
    player: serverText(),
    pick: z.enum(['red', 'black', 'white']),
    stakeMinor: z.number().int(),
  }),
  /** The wheel stopped on `slot` (0 white, 1–7 red, 8–14 black); the game hash is now public. */
  z.object({
    kind: z.literal('result'),
    gameCode: serverText(),
    roundId: z.number().int(),
    chainIndex: z.number().int(),
    slot: z.number().int(),
    gameHash: serverText(),
  }),
]);
export type DoubleTopicEvent = z.infer<typeof doubleTopicEventSchema>;

/** What each topic carries: `realtime.broadcast(topic, data)` on the server, `useTopic` on the web. */
/**
 * `lottery`: the e-lottery's draws, every game on one topic (docs/lottery.md): a draw opened
 * for bets (its seed's hash committed), a draw's numbers (its seed revealed), a voided draw.
 */
export const lotteryTopicEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('draw'),
    gameCode: serverText(),
    drawId: z.number().int(),
    drawNo: serverText(),
    closeAtUtc: serverText(),
    drawAtUtc: serverText(),
    serverSeedHash: serverText(),
    serverTimeUtc: serverText(),
  }),
  z.object({
    kind: z.literal('result'),
    gameCode: serverText(),
    drawId: z.number().int(),
    drawNo: serverText(),
    numbers: z.array(z.number().int()),
    serverSeed: serverText(),
  }),
  z.object({ kind: z.literal('void'), gameCode: serverText(), drawId: z.number().int() }),
  /**
   * An operator changed a game's settings (facts.md §1): clients drop their cached lottery
   * data. `merchantCode` null: every merchant (the games are the platform's).
   */
  z.object({
    kind: z.literal('settings'),
    gameCode: serverText(),
    merchantCode: serverText().nullable(),
  }),
]);
export type LotteryTopicEvent = z.infer<typeof lotteryTopicEventSchema>;

/**
 * `support.desk`: the console's support desk (docs/support.md), a topic only a socket showing a
 * desk ticket (`key`, from `POST /admin/api/support/live-ticket`) may follow. A member wrote a
 * line (`messageId`) in a conversation: the desk reads its list and that conversation again
 * over HTTP. No text travels here.
 */
export const supportDeskTopicEventSchema = z.object({
  kind: z.literal('message'),
  conversationId: z.number().int(),
  messageId: z.number().int(),
});
export type SupportDeskTopicEvent = z.infer<typeof supportDeskTopicEventSchema>;

export type RealtimeTopicData = {
  'house.crash': CrashTopicEvent;
  'house.double': DoubleTopicEvent;
  lottery: LotteryTopicEvent;
  'support.desk': SupportDeskTopicEvent;
};
export const realtimeTopicDataSchemas = {
  'house.crash': crashTopicEventSchema,
  'house.double': doubleTopicEventSchema,
  lottery: lotteryTopicEventSchema,
  'support.desk': supportDeskTopicEventSchema,
} as const satisfies { [T in RealtimeTopic]: z.ZodType<RealtimeTopicData[T]> };

/** A broadcast on a topic the socket follows. */
export type RealtimeTopicFrame = {
  [T in RealtimeTopic]: { kind: 'topic'; topic: T; data: RealtimeTopicData[T] };
}[RealtimeTopic];

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
  /** The socket now follows `topic` (after each subscribe, also after a reconnect). */
  z.object({ kind: z.literal('subscribed'), topic: serverText() }),
  /** A subscribe refused (unknown topic, too many topics); the socket stays open. */
  z.object({
    kind: z.literal('refused'),
    topic: serverText(),
    code: serverText(),
    message: serverText(),
  }),
  /** Sent just before the server closes the socket (the close code says the same). */
  z.object({ kind: z.literal('error'), code: serverText(), message: serverText() }),
]);
export type RealtimeControlFrame = z.infer<typeof realtimeControlFrameSchema>;
export type RealtimeServerFrame = RealtimeEventFrame | RealtimeTopicFrame | RealtimeControlFrame;

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
/**
 * Follow or stop following a public topic; allowed before (or without) auth. An unknown topic
 * is refused with a `refused` frame, not a close, so a newer client talking to an older server
 * keeps its socket.
 */
export const realtimeSubscribeFrameSchema = z
  .object({
    kind: z.literal('subscribe'),
    topic: text(64),
    /** What a guarded topic asks for (`support.desk`: a desk ticket); public topics ignore it. */
    key: text(200).optional(),
  })
  .strict();
export const realtimeUnsubscribeFrameSchema = z
  .object({ kind: z.literal('unsubscribe'), topic: text(64) })
  .strict();
export const realtimeClientFrameSchema = z.discriminatedUnion('kind', [
  realtimeAuthFrameSchema,
  z.object({ kind: z.literal('ping') }).strict(),
  realtimeSubscribeFrameSchema,
  realtimeUnsubscribeFrameSchema,
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
