import { z } from 'zod';
import {
  AGENT_CONTRACT_ADMIN_ENDPOINTS as A,
  AGENT_CONTRACT_ENDPOINTS as E,
  CONTRACT_KINDS,
  DIVIDEND_PERIODS,
  MAX_CONTRACT_TIERS,
  MAX_SETTLEMENT_PAGE_SIZE,
  SETTLEMENT_PAGE_SIZE,
} from './agent-contracts-endpoints';
import { betPeriodQuerySchema } from './bets';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';

/**
 * Contracts between an upline and a direct downline, and what their settlements paid
 * (docs/agents.md "Contracts"). Amounts are integer minor units; rates are basis points
 * (1/100 of a percent: 150 = 1.50 %).
 */
const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

export const contractKindSchema = z.enum(CONTRACT_KINDS);
export const dividendPeriodSchema = z.enum(DIVIDEND_PERIODS);
/** The downline's answer: A accept, R reject, C terminate an accepted contract (facts.md §1). */
export const contractAnswerSchema = z.enum(['A', 'R', 'C']);
export const CONTRACT_STATUSES = [
  'pending',
  'active',
  'rejected',
  'terminated',
  /** Ended because the downline accepted a lower rate from its own upline (spec §6). */
  'ended',
  'withdrawn',
  /** A newer contract of the same kind was accepted in its place. */
  'replaced',
] as const;
export const contractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

/** Ids as the routes take them: positive integers. */
const memberId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** R$ 100 million: the ledger's largest transfer (wallet/ledger.ts). */
const thresholdMinor = z.number().int().min(0).max(10_000_000_000);
/** Any rate a client sends; each kind's own ceiling (MAX_RATE_BP) is the service's rule. */
const rateBp = z.number().int().min(0).max(100_000);
const minActiveMembers = z.number().int().min(0).max(100_000).default(0);

/** A tier: once the figure reaches `thresholdMinor`, the rate applies. Real-time salary has two rates. */
export const contractTierSchema = z.object({
  thresholdMinor,
  /** Dividend: share of the team's loss; salaries: share of valid bets; real-time: profit wage. */
  rateBp,
  /** Real-time salary only: the share of bets the players lost (loss wage). */
  lossRateBp: rateBp.optional(),
});
export type ContractTier = z.infer<typeof contractTierSchema>;
const tiers = z.array(contractTierSchema).min(1).max(MAX_CONTRACT_TIERS);

export const contractOfferSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dividend'),
    downlineId: memberId,
    /** The original offers dividends per product; Banca computes them on every game (ALL). */
    productType: z.literal('ALL').default('ALL'),
    computationPeriod: dividendPeriodSchema,
    minActiveMembers,
    tiers,
  }),
  z.object({ kind: z.literal('daily'), downlineId: memberId, minActiveMembers, tiers }),
  z.object({
    kind: z.literal('hourly'),
    downlineId: memberId,
    windowMinutes: z.union([z.literal(60), z.literal(30)]),
    minActiveMembers,
    tiers,
  }),
  z.object({ kind: z.literal('realtime'), downlineId: memberId, tiers }),
]);
export type ContractOffer = z.infer<typeof contractOfferSchema>;

export const contractPartySchema = z.object({ id: z.number().int(), account: serverText() });

export const contractTermsSchema = z.object({
  productType: serverText(),
  /** dividend: daily | weekly | semimonthly | monthly; daily: daily; hourly: 60 or 30; realtime: 5. */
  period: serverText(),
  minActiveMembers: z.number().int(),
  tiers: z.array(contractTierSchema),
});
export type ContractTerms = z.infer<typeof contractTermsSchema>;

export const contractSchema = z.object({
  id: z.number().int(),
  kind: contractKindSchema,
  status: contractStatusSchema,
  /** null: the house (the operator) offered it, and pays it. */
  upline: contractPartySchema.nullable(),
  downline: contractPartySchema,
  terms: contractTermsSchema,
  createdAt: serverText(),
  respondedAt: serverText().nullable(),
  endedAt: serverText().nullable(),
  endReason: serverText().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListQuerySchema = z.object({
  role: z.enum(['given', 'received']).default('given'),
  kind: contractKindSchema.optional(),
  /** Only the contracts with this downline (the downline management page). */
  downlineId: memberId.optional(),
});
export const contractListSchema = z.object({ list: z.array(contractSchema) });
export const contractIdParamsSchema = z.object({ id: memberId });

/** What accepting would end, shown in the confirmation before the downline agrees. */
export const contractPreviewSchema = z.object({
  contract: contractSchema,
  endsContracts: z.array(contractSchema),
});

/** Every answer may carry the confirmation that contracts with the downline's downlines end. */
const confirmEnd = z.boolean().default(false);
export const processDividendSchema = z.object({
  productType: z.literal('ALL').default('ALL'),
  computationPeriod: dividendPeriodSchema,
  status: contractAnswerSchema,
  confirmEndDownline: confirmEnd,
});
export const processDailySalarySchema = z.object({
  id: memberId,
  status: contractAnswerSchema,
  confirmEndDownline: confirmEnd,
});
export const processContractIdSchema = z.object({
  contractId: memberId,
  status: contractAnswerSchema,
  confirmEndDownline: confirmEnd,
});
export const contractAnswerResultSchema = z.object({
  contract: contractSchema,
  /** Contracts the agent had given its own downlines that this acceptance ended. */
  endedContracts: z.array(contractSchema),
});

export const SETTLEMENT_STATUSES = ['paid', 'unpaid', 'below_threshold'] as const;
export const settlementSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: contractKindSchema,
  periodLabel: serverText(),
  windowStartUtc: serverText(),
  windowEndUtc: serverText(),
  /** received: the agent was paid; paid: the agent paid its downline. */
  role: z.enum(['received', 'paid']),
  /** The other side: the downline paid, or the upline who paid (null: the house). */
  counterparty: contractPartySchema.nullable(),
  validBetMinor: z.number().int(),
  /** The players' result: positive when they won (the team's loss is its negative). */
  profitLossMinor: z.number().int(),
  wonBetMinor: z.number().int(),
  lostBetMinor: z.number().int(),
  activeMembers: z.number().int(),
  /** Valid bets placed in an earlier period that settled in this one (the adjustment). */
  lateBetMinor: z.number().int(),
  rateBp: z.number().int(),
  lossRateBp: z.number().int(),
  amountMinor: z.number().int(),
  status: z.enum(SETTLEMENT_STATUSES),
  createdAt: serverText(),
});
export type Settlement = z.infer<typeof settlementSchema>;
export const settlementQuerySchema = betPeriodQuerySchema.extend({
  kind: contractKindSchema,
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SETTLEMENT_PAGE_SIZE)
    .default(SETTLEMENT_PAGE_SIZE),
});
export const settlementPageSchema = z.object({
  list: z.array(settlementSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  currency: serverText(),
  /** The brand's zone, in which the windows are shown. */
  timeZone: serverText(),
  receivedMinor: z.number().int(),
  paidMinor: z.number().int(),
});

export const incomeQuerySchema = betPeriodQuerySchema;
const incomeFigures = {
  receivedMinor: z.number().int(),
  paidMinor: z.number().int(),
  netMinor: z.number().int(),
};
export const incomeReportSchema = z.object({
  fromDay: serverText(),
  toDay: serverText(),
  currency: serverText(),
  byKind: z.array(z.object({ kind: contractKindSchema, ...incomeFigures })),
  byDay: z.array(z.object({ day: serverText(), kind: contractKindSchema, ...incomeFigures })),
  totals: z.object(incomeFigures),
});
export type IncomeReport = z.infer<typeof incomeReportSchema>;

export const AGENT_CONTRACT_ROUTES = {
  list: route(E.list, { query: contractListQuerySchema, response: contractListSchema }),
  offer: route(E.offer, { body: contractOfferSchema, response: contractSchema }),
  preview: route(E.preview, { params: contractIdParamsSchema, response: contractPreviewSchema }),
  withdraw: route(E.withdraw, { params: contractIdParamsSchema, response: contractSchema }),
  pending: route(E.pending, { response: contractListSchema }),
  processDividend: route(E.processDividend, {
    body: processDividendSchema,
    response: contractAnswerResultSchema,
  }),
  processDailySalary: route(E.processDailySalary, {
    body: processDailySalarySchema,
    response: contractAnswerResultSchema,
  }),
  processHourlySalary: route(E.processHourlySalary, {
    body: processContractIdSchema,
    response: contractAnswerResultSchema,
  }),
  processRealtimeSalary: route(E.processRealtimeSalary, {
    body: processContractIdSchema,
    response: contractAnswerResultSchema,
  }),
  settlements: route(E.settlements, {
    query: settlementQuerySchema,
    response: settlementPageSchema,
  }),
  income: route(E.income, { query: incomeQuerySchema, response: incomeReportSchema }),
} as const satisfies Record<string, RouteDescriptor>;

/** The console: contracts of any agent, house contracts and overrides, settlement runs. */
export const adminContractQuerySchema = z.object({
  memberId: memberId.optional(),
  kind: contractKindSchema.optional(),
  status: contractStatusSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const adminContractPageSchema = z.object({
  list: z.array(contractSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
/** A contract the house pays (any agent; replaces that agent's active contract of the kind at once). */
export const adminContractOverrideSchema = z.intersection(
  contractOfferSchema,
  z.object({ reason: text(200).trim().min(1) }),
);
export const adminTerminateSchema = z.object({ reason: text(200).trim().min(1) });
export const settlementRunSchema = z.object({
  kind: contractKindSchema,
  merchantCode: serverText(),
  periodLabel: serverText(),
  windowStartUtc: serverText(),
  windowEndUtc: serverText(),
  contracts: z.number().int(),
  payouts: z.number().int(),
  unpaid: z.number().int(),
  paidMinor: z.number().int(),
  lateBetMinor: z.number().int(),
  durationMs: z.number().int(),
  finishedAt: serverText(),
});
export const settlementRunsQuerySchema = z.object({
  kind: contractKindSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const settlementRunPageSchema = z.object({
  list: z.array(settlementRunSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const AGENT_CONTRACT_ADMIN_ROUTES = {
  contracts: route(A.contracts, {
    query: adminContractQuerySchema,
    response: adminContractPageSchema,
  }),
  override: route(A.override, { body: adminContractOverrideSchema, response: contractSchema }),
  terminate: route(A.terminate, {
    params: contractIdParamsSchema,
    body: adminTerminateSchema,
    response: contractSchema,
  }),
  runs: route(A.runs, { query: settlementRunsQuerySchema, response: settlementRunPageSchema }),
} as const satisfies Record<string, RouteDescriptor>;
