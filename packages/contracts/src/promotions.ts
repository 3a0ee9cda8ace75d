import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_MAX_PROOFS,
  PROMOTION_ADMIN_ENDPOINTS as A,
  PROMOTION_CATEGORIES,
  PROMOTION_ENDPOINTS as E,
  PROMOTION_IMAGE_MAX_BYTES,
  PROMOTION_STATUSES,
} from './promotions-endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';

export * from './promotions-endpoints';

/**
 * The promotions' requests and answers (docs/rewards.md). Amounts are integer minor units
 * (centavos; points and tickets in their own units); percentages in basis points.
 */
// A route descriptor without importing routes.ts's values (routes.ts imports this file).
const defineRoute = <const P extends Endpoint, const S extends RouteSchemas>(
  endpoint: P,
  schemas: S,
) => ({ ...endpoint, ...schemas }) as P & S;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const minorSchema = z.number().int().min(0).max(10_000_000_000);
const pageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(100).default(20);
/** An instant as ISO-8601 text (the editor sends `toISOString()`). */
const instantSchema = text(40).refine((value) => !Number.isNaN(Date.parse(value)), {
  message: 'not a date',
});

export const promotionCategorySchema = z.enum(PROMOTION_CATEGORIES);
export const promotionStatusSchema = z.enum(PROMOTION_STATUSES);
export const promotionTriggerSchema = z.enum([
  'deposit',
  'first_deposit',
  'registration',
  'turnover',
  'loss',
  'application',
]);
export type PromotionTrigger = z.infer<typeof promotionTriggerSchema>;
export const promotionRewardKindSchema = z.enum(['cash', 'bonus', 'points', 'ticket']);
export type PromotionRewardKind = z.infer<typeof promotionRewardKindSchema>;
export const promotionTicketKindSchema = z.enum([
  'bonus',
  'points',
  'egg',
  'red_envelope',
  'prize_wheel',
]);
export const promotionPeriodTypeSchema = z.enum([
  'once',
  'daily',
  'weekly',
  'semimonthly',
  'monthly',
]);
export const promotionEligibilitySchema = z.enum(['all', 'new_members', 'depositors']);

export const promotionIdParamsSchema = z.object({ id: idSchema });

/* The member's side. */

export const promotionCardSchema = z.object({
  id: z.number().int(),
  category: promotionCategorySchema,
  title: serverText(),
  summary: serverText(),
  /** Sanitised HTML (the server cleaned it on save). */
  bodyHtml: serverText(),
  bannerUrl: serverText().nullable(),
  trigger: promotionTriggerSchema,
  requiresJoin: z.boolean(),
  claimMode: z.enum(['auto', 'claim']),
  periodType: promotionPeriodTypeSchema,
  rewardKind: promotionRewardKindSchema,
  ticketKind: promotionTicketKindSchema.nullable(),
  rewardCalc: z.enum(['fixed', 'percent']),
  rewardFixedMinor: z.number().int(),
  rewardPercentBps: z.number().int(),
  rewardCapMinor: z.number().int().nullable(),
  thresholdMinor: z.number().int(),
  startsAt: serverText(),
  endsAt: serverText().nullable(),
  /** The member's status (signed out: join, coming_soon or closed). */
  status: promotionStatusSchema,
  /** This period's deposit, turnover or net loss counted so far. */
  progressMinor: z.number().int(),
  /** The reward waiting or issued in this period. */
  rewardMinor: z.number().int().nullable(),
  /** Why the member's last application was rejected. */
  rejectReason: serverText().nullable(),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;
export const promotionListSchema = z.object({
  currency: serverText(),
  serverTime: serverText(),
  promotions: z.array(promotionCardSchema),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

/**
 * A proof image as base64 text: 5 MB of bytes is ⌈5 MB / 3⌉ × 4 characters; the schema lets a
 * little more through so an image just over 5 MB gets the translated `promotion_bad_file`
 * (the service checks the decoded bytes) rather than a bare validation error.
 */
export const PROOF_BASE64_MAX = Math.ceil((PROMOTION_IMAGE_MAX_BYTES * 1.2) / 3) * 4;
export const promotionApplyRequestSchema = z
  .object({
    comment: text(APPLICATION_COMMENT_MAX).trim().default(''),
    images: z
      .array(text(PROOF_BASE64_MAX).regex(/^[A-Za-z0-9+/]*={0,2}$/))
      .max(APPLICATION_MAX_PROOFS + 1)
      .default([]),
  })
  .strict();
export type PromotionApplyRequest = z.input<typeof promotionApplyRequestSchema>;

export const PROMOTION_ROUTES = {
  list: defineRoute(E.list, { response: promotionListSchema }),
  /** The image itself, not an envelope. */
  banner: defineRoute(E.banner, { params: promotionIdParamsSchema }),
  join: defineRoute(E.join, { params: promotionIdParamsSchema, response: promotionCardSchema }),
  claim: defineRoute(E.claim, { params: promotionIdParamsSchema, response: promotionCardSchema }),
  apply: defineRoute(E.apply, {
    params: promotionIdParamsSchema,
    body: promotionApplyRequestSchema,
    response: promotionCardSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;

/* The console. */

const localized = (max: number, options: { min?: number; multiline?: boolean } = {}) =>
  z
    .object({
      'pt-BR': text(max, { multiline: options.multiline })
        .trim()
        .min(options.min ?? 0),
      en: text(max, { multiline: options.multiline })
        .trim()
        .min(options.min ?? 0),
    })
    .strict();
/** Longest body HTML per language (a promotion's terms fit in far less). */
export const PROMOTION_BODY_MAX = 20_000;

export const promotionRulesSchema = z
  .object({
    category: promotionCategorySchema,
    sortOrder: z.number().int().min(0).max(9999).default(0),
    titles: localized(80, { min: 1 }),
    summaries: localized(200),
    bodies: localized(PROMOTION_BODY_MAX, { multiline: true }),
    trigger: promotionTriggerSchema,
    requiresJoin: z.boolean().default(false),
    claimMode: z.enum(['auto', 'claim']).default('claim'),
    thresholdMinor: minorSchema.default(0),
    rewardKind: promotionRewardKindSchema,
    ticketKind: promotionTicketKindSchema.nullable().default(null),
    rewardCalc: z.enum(['fixed', 'percent']),
    rewardFixedMinor: minorSchema.default(0),
    rewardPercentBps: z.number().int().min(0).max(100_000).default(0),
    rewardCapMinor: minorSchema.min(1).nullable().default(null),
    wageringMultiple: z.number().int().min(0).max(100).default(0),
    wageringBase: z.enum(['bonus', 'bonus_deposit']).default('bonus'),
    periodType: promotionPeriodTypeSchema.default('once'),
    eligibility: promotionEligibilitySchema.default('all'),
    startsAt: instantSchema,
    endsAt: instantSchema.nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .strict();
export type PromotionRules = z.input<typeof promotionRulesSchema>;
export const createPromotionSchema = promotionRulesSchema
  .extend({ merchantCode: text(32).trim().min(1) })
  .strict();

export const adminPromotionSchema = z.object({
  id: z.number().int(),
  merchantCode: serverText(),
  category: promotionCategorySchema,
  sortOrder: z.number().int(),
  titles: z.record(serverText(), serverText()),
  summaries: z.record(serverText(), serverText()),
  bodies: z.record(serverText(), serverText()),
  bannerUrl: serverText().nullable(),
  trigger: promotionTriggerSchema,
  requiresJoin: z.boolean(),
  claimMode: z.enum(['auto', 'claim']),
  thresholdMinor: z.number().int(),
  rewardKind: promotionRewardKindSchema,
  ticketKind: promotionTicketKindSchema.nullable(),
  rewardCalc: z.enum(['fixed', 'percent']),
  rewardFixedMinor: z.number().int(),
  rewardPercentBps: z.number().int(),
  rewardCapMinor: z.number().int().nullable(),
  wageringMultiple: z.number().int(),
  wageringBase: z.enum(['bonus', 'bonus_deposit']),
  periodType: promotionPeriodTypeSchema,
  eligibility: promotionEligibilitySchema,
  startsAt: serverText(),
  endsAt: serverText().nullable(),
  enabled: z.boolean(),
  /** Hidden and refused on its brand (a bonus kind under br-regulated). */
  forbidden: z.boolean(),
  updatedAt: serverText(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionsQuerySchema = z.object({ merchantCode: text(32).optional() });
export const adminPromotionsSchema = z.object({
  brands: z.array(
    z.object({
      merchantCode: serverText(),
      name: serverText(),
      currency: serverText(),
      complianceProfile: serverText(),
    }),
  ),
  promotions: z.array(adminPromotionSchema),
});
export const setPromotionEnabledSchema = z.object({ enabled: z.boolean() }).strict();
export const promotionPreviewRequestSchema = z
  .object({ bodies: localized(PROMOTION_BODY_MAX, { multiline: true }) })
  .strict();
export const promotionPreviewSchema = z.object({ bodies: z.record(serverText(), serverText()) });

export const promotionApplicationStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export const promotionApplicationsQuerySchema = z.object({
  status: promotionApplicationStatusSchema.default('pending'),
  merchantCode: text(32).optional(),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});
export const adminPromotionApplicationSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: serverText(),
  merchantCode: serverText(),
  memberId: z.number().int(),
  username: serverText(),
  comment: serverText(),
  status: promotionApplicationStatusSchema,
  rejectReason: serverText().nullable(),
  /** Positions (1…3) of the proof images. */
  proofs: z.array(z.number().int()),
  rewardKind: promotionRewardKindSchema,
  rewardCalc: z.enum(['fixed', 'percent']),
  rewardFixedMinor: z.number().int(),
  rewardMinor: z.number().int().nullable(),
  currency: serverText(),
  createdAt: serverText(),
  decidedAt: serverText().nullable(),
});
export type AdminPromotionApplication = z.infer<typeof adminPromotionApplicationSchema>;
export const promotionApplicationsPageSchema = z.object({
  rows: z.array(adminPromotionApplicationSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export const decidePromotionApplicationSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    /** Shown to the member when rejected (required then). */
    reason: text(200).trim().optional(),
    /**
     * Percentage rewards: the amount the percentage applies to (what the proof shows);
     * fixed rewards ignore it.
     */
    baseMinor: minorSchema.optional(),
  })
  .strict();
export const promotionProofParamsSchema = z.object({
  id: idSchema,
  position: z.coerce.number().int().min(1).max(APPLICATION_MAX_PROOFS),
});
export const promotionReportQuerySchema = z.object({ merchantCode: text(32).optional() });
export const promotionReportSchema = z.object({
  rows: z.array(
    z.object({
      promotionId: z.number().int(),
      merchantCode: serverText(),
      title: serverText(),
      rewardKind: promotionRewardKindSchema,
      currency: serverText(),
      issuedCount: z.number().int(),
      costMinor: z.number().int(),
      waitingCount: z.number().int(),
      pendingApplications: z.number().int(),
    }),
  ),
});
export type PromotionReport = z.infer<typeof promotionReportSchema>;

export const PROMOTION_ADMIN_ROUTES = {
  list: defineRoute(A.list, { query: adminPromotionsQuerySchema, response: adminPromotionsSchema }),
  create: defineRoute(A.create, { body: createPromotionSchema, response: adminPromotionSchema }),
  update: defineRoute(A.update, {
    params: promotionIdParamsSchema,
    body: promotionRulesSchema,
    response: adminPromotionSchema,
  }),
  setEnabled: defineRoute(A.setEnabled, {
    params: promotionIdParamsSchema,
    body: setPromotionEnabledSchema,
    response: adminPromotionSchema,
  }),
  uploadBanner: defineRoute(A.uploadBanner, {
    params: promotionIdParamsSchema,
    response: adminPromotionSchema,
  }),
  /** The image itself, not an envelope. */
  banner: defineRoute(A.banner, { params: promotionIdParamsSchema }),
  preview: defineRoute(A.preview, {
    body: promotionPreviewRequestSchema,
    response: promotionPreviewSchema,
  }),
  applications: defineRoute(A.applications, {
    query: promotionApplicationsQuerySchema,
    response: promotionApplicationsPageSchema,
  }),
  /** The image itself, not an envelope. */
  proof: defineRoute(A.proof, { params: promotionProofParamsSchema }),
  decide: defineRoute(A.decide, {
    params: promotionIdParamsSchema,
    body: decidePromotionApplicationSchema,
    response: adminPromotionApplicationSchema,
  }),
  report: defineRoute(A.report, {
    query: promotionReportQuerySchema,
    response: promotionReportSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
