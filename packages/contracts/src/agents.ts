import { z } from 'zod';
import {
  AGENT_ADMIN_ENDPOINTS as A,
  AGENT_ENDPOINTS as E,
  AGENT_PAGE_SIZE,
  DOWNLINE_KINDS,
  MAX_AGENT_PAGE_SIZE,
} from './agents-endpoints';
import { BET_PERIODS } from './bet-lists';
import { betPeriodRangeSchema } from './bets';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';
import { amountSchema } from './wallet';

export * from './agents-endpoints';

// A route descriptor without importing routes.ts's values (routes.ts imports this file).
const defineRoute = <const P extends Endpoint, const S extends RouteSchemas>(
  endpoint: P,
  schemas: S,
) => ({ ...endpoint, ...schemas }) as P & S;

/** A calendar day, `yyyy-mm-dd`. The service checks it is a real date. */
const calendarDaySchema = text(10).regex(/^\d{4}-\d{2}-\d{2}$/);
const periodShape = {
  period: z.enum(BET_PERIODS).default('today'),
  fromDay: z.optional(calendarDaySchema),
  toDay: z.optional(calendarDaySchema),
};
const pageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
/** Rows per page a list may ask for (the console table's sizes); AGENT_PAGE_SIZE by default. */
const pageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_AGENT_PAGE_SIZE)
  .default(AGENT_PAGE_SIZE);
/** A username typed in a search box (a prefix is enough). */
const usernameFilterSchema = z.optional(text(32).trim());
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const agentPeriodQuerySchema = z.object(periodShape);

/** Sums of a team over a period, in minor units; P&L is the players' (negative when the house won). */
const teamFiguresShape = {
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  depositCount: z.number().int(),
  depositMinor: z.number().int(),
  withdrawalCount: z.number().int(),
  withdrawalMinor: z.number().int(),
  rounds: z.number().int(),
  betMinor: z.number().int(),
  validBetMinor: z.number().int(),
  profitLossMinor: z.number().int(),
};
export const teamFiguresSchema = z.object(teamFiguresShape);
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const teamOverviewSchema = z.object({
  range: betPeriodRangeSchema,
  currency: serverText(),
  teamSize: z.number().int(),
  directCount: z.number().int(),
  totals: teamFiguresSchema,
  days: z.array(z.object({ ...teamFiguresShape, day: serverText() })),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const downlinesQuerySchema = z.object({
  ...periodShape,
  /** Whose direct downline to list: the agent's by default, or a team member's. */
  parentId: z.optional(idSchema),
  username: usernameFilterSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});

export const downlineRowSchema = z.object({
  memberId: z.number().int(),
  username: serverText(),
  nickname: serverText().nullable(),
  isAgent: z.boolean(),
  depth: z.number().int(),
  joinedAt: serverText(),
  teamSize: z.number().int(),
  /** Figures of the downline and its own team, over the period. */
  figures: teamFiguresSchema,
});
export type DownlineRow = z.infer<typeof downlineRowSchema>;

export const downlinePageSchema = z.object({
  range: betPeriodRangeSchema,
  currency: serverText(),
  /** The listed level's parent and the path to it from the signed-in agent (breadcrumb). */
  path: z.array(z.object({ memberId: z.number().int(), username: serverText() })),
  rows: z.array(downlineRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DownlinePage = z.infer<typeof downlinePageSchema>;

export const registerDownlineSchema = z
  .object({
    username: text(16).regex(/^[a-zA-Z0-9]{4,16}$/),
    password: text(64).min(6),
    kind: z.enum(DOWNLINE_KINDS),
  })
  .strict();
export type RegisterDownline = z.infer<typeof registerDownlineSchema>;
export const registeredDownlineSchema = z.object({
  memberId: z.number().int(),
  username: serverText(),
  isAgent: z.boolean(),
});

export const teamBetsQuerySchema = z.object({
  ...periodShape,
  username: usernameFilterSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});
export const teamBetRowSchema = z.object({
  id: z.number().int(),
  username: serverText(),
  vendorCode: serverText(),
  gameCode: serverText(),
  /** The game's name in the caller's language, when the catalogue has it. */
  gameName: serverText().nullable(),
  roundId: serverText(),
  /** What was staked; a cancelled round's too (given back: refundedMinor), not in the totals. */
  stakeMinor: z.number().int(),
  refundedMinor: z.number().int(),
  validBetMinor: z.number().int(),
  payoutMinor: z.number().int(),
  status: serverText(),
  openedAt: serverText(),
  settledAt: serverText().nullable(),
});
export const teamBetsPageSchema = z.object({
  range: betPeriodRangeSchema,
  currency: serverText(),
  rows: z.array(teamBetRowSchema),
  totals: z.object({
    stakeMinor: z.number().int(),
    validBetMinor: z.number().int(),
    payoutMinor: z.number().int(),
  }),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TeamBetsPage = z.infer<typeof teamBetsPageSchema>;

export const userLossQuerySchema = z.object({
  ...periodShape,
  username: usernameFilterSchema,
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});
const userLossFiguresShape = {
  rounds: z.number().int(),
  betMinor: z.number().int(),
  validBetMinor: z.number().int(),
  profitLossMinor: z.number().int(),
  depositMinor: z.number().int(),
  withdrawalMinor: z.number().int(),
};
export const userLossRowSchema = z.object({
  memberId: z.number().int(),
  username: serverText(),
  ...userLossFiguresShape,
});
export const userLossPageSchema = z.object({
  range: betPeriodRangeSchema,
  currency: serverText(),
  rows: z.array(userLossRowSchema),
  totals: z.object(userLossFiguresShape),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type UserLossPage = z.infer<typeof userLossPageSchema>;

export const ACCOUNT_DETAIL_KINDS = [
  'deposit',
  'withdrawal',
  'transfer_in',
  'transfer_out',
] as const;
export const accountDetailsQuerySchema = z.object({
  ...periodShape,
  username: usernameFilterSchema,
  kind: z.optional(z.enum(ACCOUNT_DETAIL_KINDS)),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});
export const accountDetailRowSchema = z.object({
  key: serverText(),
  username: serverText(),
  /** transfer_in / transfer_out: as the signed-in agent sees it (money to or from them). */
  kind: z.enum(ACCOUNT_DETAIL_KINDS),
  amountMinor: z.number().int(),
  counterparty: serverText().nullable(),
  at: serverText(),
});
export const accountDetailsPageSchema = z.object({
  range: betPeriodRangeSchema,
  currency: serverText(),
  rows: z.array(accountDetailRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AccountDetailsPage = z.infer<typeof accountDetailsPageSchema>;

/** The client's key for a transfer: a retry with the same key moves nothing twice. */
const requestKeySchema = text(64).regex(/^[A-Za-z0-9_-]{8,64}$/);
export const transferToDownlineSchema = z
  .object({
    downlineId: idSchema,
    amount: amountSchema,
    paymentPassword: text(64),
    remark: z.optional(text(100)),
    requestKey: requestKeySchema,
  })
  .strict();
export const transferToUplineSchema = z
  .object({
    amount: amountSchema,
    paymentPassword: text(64),
    remark: z.optional(text(100)),
    requestKey: requestKeySchema,
  })
  .strict();
export const agentTransferSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['to_downline', 'to_upline']),
  amountMinor: z.number().int(),
  currency: serverText(),
  sender: serverText(),
  receiver: serverText(),
  balanceMinor: z.number().int(),
  at: serverText(),
});
export type AgentTransfer = z.infer<typeof agentTransferSchema>;

export const uplineInfoSchema = z.object({
  upline: z.object({ memberId: z.number().int(), username: serverText() }).nullable(),
  balanceMinor: z.number().int(),
  currency: serverText(),
  minTransferMinor: z.number().int(),
  maxTransferMinor: z.number().int(),
});
export type UplineInfo = z.infer<typeof uplineInfoSchema>;

export const applySchema = z
  .object({
    message: text(500).trim().min(10),
    contact: z.optional(text(100).trim()),
  })
  .strict();
const applicationShape = {
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  message: serverText(),
  contact: serverText(),
  decisionNote: serverText().nullable(),
  createdAt: serverText(),
  decidedAt: serverText().nullable(),
};
export const applicationSchema = z.object(applicationShape);
export const myApplicationSchema = z.object({
  isAgent: z.boolean(),
  application: applicationSchema.nullable(),
});

export const AGENT_ROUTES = {
  overview: defineRoute(E.overview, {
    query: agentPeriodQuerySchema,
    response: teamOverviewSchema,
  }),
  downlines: defineRoute(E.downlines, {
    query: downlinesQuerySchema,
    response: downlinePageSchema,
  }),
  registerDownline: defineRoute(E.registerDownline, {
    body: registerDownlineSchema,
    encrypted: true,
    response: registeredDownlineSchema,
  }),
  teamBets: defineRoute(E.teamBets, { query: teamBetsQuerySchema, response: teamBetsPageSchema }),
  userLoss: defineRoute(E.userLoss, { query: userLossQuerySchema, response: userLossPageSchema }),
  accountDetails: defineRoute(E.accountDetails, {
    query: accountDetailsQuerySchema,
    response: accountDetailsPageSchema,
  }),
  transferToDownline: defineRoute(E.transferToDownline, {
    body: transferToDownlineSchema,
    encrypted: true,
    response: agentTransferSchema,
  }),
  transferToUpline: defineRoute(E.transferToUpline, {
    body: transferToUplineSchema,
    encrypted: true,
    response: agentTransferSchema,
  }),
  upline: defineRoute(E.upline, { response: uplineInfoSchema }),
  application: defineRoute(E.application, { response: myApplicationSchema }),
  apply: defineRoute(E.apply, { body: applySchema, response: applicationSchema }),
} as const satisfies Record<string, RouteDescriptor>;

/* The console's desks. */
export const adminTreeQuerySchema = z.object({ q: text(64).trim().min(1) });
const treeMemberSchema = z.object({
  memberId: z.number().int(),
  username: serverText(),
  isAgent: z.boolean(),
  depth: z.number().int(),
  teamSize: z.number().int(),
});
export const adminTreeSchema = z.object({
  member: treeMemberSchema,
  ancestors: z.array(treeMemberSchema),
  downline: z.array(treeMemberSchema),
  /** Direct downline rows left out (ADMIN_TREE_LIMIT). */
  moreDownline: z.number().int(),
});
export type AdminTree = z.infer<typeof adminTreeSchema>;
export const adminApplicationsQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});
export const adminApplicationRowSchema = z.object({
  ...applicationShape,
  memberId: z.number().int(),
  username: serverText(),
});
export const adminApplicationsPageSchema = z.object({
  rows: z.array(adminApplicationRowSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export const decideApplicationSchema = z
  .object({ decision: z.enum(['approve', 'reject']), note: z.optional(text(200).trim()) })
  .strict();
export const applicationIdParamsSchema = z.object({ id: idSchema });

export const AGENT_ADMIN_ROUTES = {
  tree: defineRoute(A.tree, { query: adminTreeQuerySchema, response: adminTreeSchema }),
  applications: defineRoute(A.applications, {
    query: adminApplicationsQuerySchema,
    response: adminApplicationsPageSchema,
  }),
  decideApplication: defineRoute(A.decideApplication, {
    params: applicationIdParamsSchema,
    body: decideApplicationSchema,
    response: adminApplicationRowSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
