import { z } from 'zod';
import { LOYALTY_ADMIN_ENDPOINTS as A, LOYALTY_ENDPOINTS as E } from './loyalty-endpoints';
import { defineRoute, type RouteDescriptor } from './define-route';
import { serverText, text } from './text';

/**
 * VIP levels, points and the points mall (docs/loyalty.md): the member's VIP card and the
 * levels' table, the points wallet, its rules and exchange-rate table, the mall's goods, redeems
 * and conversions; the console's desks. Amounts in minor units; points are whole points.
 */

const pageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(100).default(20);
const minorSchema = z.number().int().min(0).max(1_000_000_000_000);

export const VIP_PERIODS = ['rolling', 'month'] as const;
export const VIP_REQUIREMENTS = ['all', 'any'] as const;

export const vipLevelSchema = z.object({
  rank: z.number().int().min(0).max(99),
  name: text(40).trim().min(1),
  depositMinor: minorSchema,
  validBetMinor: minorSchema,
  keepDepositMinor: minorSchema,
  keepValidBetMinor: minorSchema,
  levelUpRewardMinor: minorSchema,
  weeklyRewardMinor: minorSchema,
  monthlyRewardMinor: minorSchema,
  /** Share of a day's net loss paid back as cashback at this level (basis points). */
  cashbackRateBp: z.number().int().min(0).max(10_000),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const vipSettingsSchema = z.object({
  enabled: z.boolean(),
  period: z.enum(VIP_PERIODS),
  rollingDays: z.number().int().min(1).max(365),
  requirement: z.enum(VIP_REQUIREMENTS),
});
export type VipSettings = z.infer<typeof vipSettingsSchema>;

/** The member's VIP card: the level, the window's figures and what the next level still needs. */
export const vipCardSchema = z.object({
  rank: z.number().int(),
  name: serverText(),
  depositMinor: z.number().int(),
  validBetMinor: z.number().int(),
  next: z
    .object({
      rank: z.number().int(),
      name: serverText(),
      missingDepositMinor: z.number().int(),
      missingValidBetMinor: z.number().int(),
      /** 0–100: how far the member is toward the next level. */
      percent: z.number().int(),
    })
    .nullable(),
});
export type VipCard = z.infer<typeof vipCardSchema>;

export const vipOverviewSchema = z.object({
  enabled: z.boolean(),
  currency: serverText(),
  settings: vipSettingsSchema,
  levels: z.array(vipLevelSchema),
  /** Null for a visitor (the table of levels is public). */
  card: vipCardSchema.nullable(),
});
export type VipOverview = z.infer<typeof vipOverviewSchema>;

export const pointBalanceSchema = z.object({
  /** The points wallet's balance in the ledger (what redeems and conversions spend). */
  point: z.number().int(),
  /** Points earned from settled rounds, not yet posted: they reach `point` within a minute. */
  pendingPoint: z.number().int().min(0),
  currency: serverText(),
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;

/** One row of the exchange-rate table: from minPoints on, pointsPerUnit points buy one currency unit. */
export const exchangeRateSchema = z.object({
  minPoints: z.number().int().min(1).max(1_000_000_000),
  pointsPerUnit: z.number().int().min(1).max(1_000_000),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const pointConfigSchema = z.object({
  enabled: z.boolean(),
  currency: serverText(),
  /** Points per R$ 100,00 of valid bets, by game category (absent: none). */
  rates: z.record(serverText(), z.number().int()),
  exchangeRates: z.array(exchangeRateSchema),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

export const GOODS_KINDS = ['cash', 'bonus', 'physical'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

export const goodsSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GOODS_KINDS),
  /** In the request's language (pt-BR when the operator left that language empty). */
  name: serverText(),
  description: serverText(),
  /** Every language's texts as the operator wrote them ({"pt-BR": …, "en": …}): the console's form. */
  names: z.record(serverText(), serverText()),
  descriptions: z.record(serverText(), serverText()),
  /** Points one item costs. */
  pointsCost: z.number().int(),
  /** Valid bets over the VIP window the member needs (0: none). */
  amountRequirementMinor: z.number().int(),
  /** What a cash voucher or bonus pays (0 for physical goods). */
  valueMinor: z.number().int(),
  wageringMultiple: z.number().int(),
  /** Items left; null: unlimited. */
  stock: z.number().int().nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
});
export type Goods = z.infer<typeof goodsSchema>;

export const pointRewardSchema = z.object({
  currency: serverText(),
  list: z.array(goodsSchema),
  /** The member's valid bets over the VIP window (against amount requirements); 0 for visitors. */
  validBetMinor: z.number().int(),
});
export type PointReward = z.infer<typeof pointRewardSchema>;

export const REDEEM_STATUSES = ['in_process', 'approved', 'rejected'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

export const redemptionSchema = z.object({
  id: z.number().int(),
  /** Null for a conversion of points to cash. */
  goodsId: z.number().int().nullable(),
  goodsName: serverText(),
  quantity: z.number().int(),
  points: z.number().int(),
  valueMinor: z.number().int(),
  status: z.enum(REDEEM_STATUSES),
  address: serverText().nullable(),
  mobile: serverText().nullable(),
  remark: serverText().nullable(),
  reason: serverText().nullable(),
  createdAt: serverText(),
  decidedAt: serverText().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redeemRequestSchema = z.object({
  goodsId: z.number().int().min(1),
  quantity: z.number().int().min(1).max(100).default(1),
  paymentPassword: text(64),
  /** Physical goods: where to ship and a mobile to call. */
  address: text(200).trim().optional(),
  mobile: text(20).trim().optional(),
  remark: text(140).trim().optional(),
});
export const convertRequestSchema = z.object({
  points: z.number().int().min(1).max(1_000_000_000),
  paymentPassword: text(64),
});
export const pageQuerySchema = z.object({ pageNo: pageNoSchema, pageSize: pageSizeSchema });

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  });
export const redemptionPageSchema = pageOf(redemptionSchema);
export type RedemptionPage = z.infer<typeof redemptionPageSchema>;

export const pointTransactionSchema = z.object({
  id: z.number().int(),
  time: serverText(),
  type: serverText(),
  changedPoints: z.number().int(),
  balanceAfter: z.number().int(),
});
export const pointTransactionPageSchema = pageOf(pointTransactionSchema);
export type PointTransactionPage = z.infer<typeof pointTransactionPageSchema>;

export const LOYALTY_ROUTES = {
  vip: defineRoute(E.vip, { response: vipOverviewSchema }),
  pointBalance: defineRoute(E.pointBalance, { response: pointBalanceSchema }),
  pointConfig: defineRoute(E.pointConfig, { response: pointConfigSchema }),
  pointReward: defineRoute(E.pointReward, { response: pointRewardSchema }),
  redeemPointReward: defineRoute(E.redeemPointReward, {
    body: redeemRequestSchema,
    encrypted: true,
    response: redemptionSchema,
  }),
  convertPoint: defineRoute(E.convertPoint, {
    body: convertRequestSchema,
    encrypted: true,
    response: redemptionSchema,
  }),
  redeemPointList: defineRoute(E.redeemPointList, {
    query: pageQuerySchema,
    response: redemptionPageSchema,
  }),
  pointTransactions: defineRoute(E.pointTransactions, {
    query: pageQuerySchema,
    response: pointTransactionPageSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;

// ── console ─────────────────────────────────────────────────────────────────────

const brandQuerySchema = z.object({ merchantCode: text(32).trim().min(1) });

export const adminVipSchema = z.object({
  merchantCode: serverText(),
  settings: vipSettingsSchema,
  levels: z.array(vipLevelSchema),
});
export type AdminVip = z.infer<typeof adminVipSchema>;
export const saveVipSchema = z.object({
  merchantCode: text(32).trim().min(1),
  settings: vipSettingsSchema,
  levels: z.array(vipLevelSchema).max(30),
});
export type SaveVip = z.infer<typeof saveVipSchema>;

export const adminPointsSchema = z.object({
  merchantCode: serverText(),
  enabled: z.boolean(),
  rates: z.record(serverText(), z.number().int()),
  exchangeRates: z.array(exchangeRateSchema),
});
export type AdminPoints = z.infer<typeof adminPointsSchema>;
export const savePointsSchema = z.object({
  merchantCode: text(32).trim().min(1),
  enabled: z.boolean(),
  rates: z.record(text(16).trim().min(1), z.number().int().min(0).max(100_000)),
  exchangeRates: z.array(exchangeRateSchema).max(10),
});
export type SavePoints = z.infer<typeof savePointsSchema>;

/**
 * Goods' name and description per language. pt-BR's name is required (`mall_goods_name_required`
 * otherwise); an empty English text shows the pt-BR one. `name` and `description` alone (one
 * text for every language) are still accepted.
 */
export const goodsNamesSchema = z
  .object({ 'pt-BR': text(80).trim().default(''), en: text(80).trim().default('') })
  .strict();
export const goodsDescriptionsSchema = z
  .object({
    'pt-BR': text(500, { multiline: true }).trim().default(''),
    en: text(500, { multiline: true }).trim().default(''),
  })
  .strict();
export const goodsInputSchema = z.object({
  kind: z.enum(GOODS_KINDS),
  names: goodsNamesSchema.optional(),
  descriptions: goodsDescriptionsSchema.optional(),
  name: text(80).trim().optional(),
  description: text(500, { multiline: true }).trim().optional(),
  pointsCost: z.number().int().min(1).max(1_000_000_000),
  amountRequirementMinor: minorSchema.default(0),
  valueMinor: minorSchema.default(0),
  wageringMultiple: z.number().int().min(0).max(100).default(0),
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  enabled: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type GoodsInput = z.input<typeof goodsInputSchema>;
export const createGoodsSchema = goodsInputSchema.extend({ merchantCode: text(32).trim().min(1) });
export const goodsIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const adminGoodsListSchema = z.object({ list: z.array(goodsSchema) });

export const adminRedemptionSchema = redemptionSchema.extend({
  memberId: z.number().int(),
  username: serverText(),
  kind: z.enum(GOODS_KINDS).nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionsQuerySchema = z.object({
  merchantCode: text(32).trim().min(1),
  status: z.enum(REDEEM_STATUSES).optional(),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
});
export const adminRedemptionPageSchema = pageOf(adminRedemptionSchema);
export const decideRedemptionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: text(200).trim().optional(),
});

export const LOYALTY_ADMIN_ROUTES = {
  vip: defineRoute(A.vip, { query: brandQuerySchema, response: adminVipSchema }),
  saveVip: defineRoute(A.saveVip, { body: saveVipSchema, response: adminVipSchema }),
  points: defineRoute(A.points, { query: brandQuerySchema, response: adminPointsSchema }),
  savePoints: defineRoute(A.savePoints, { body: savePointsSchema, response: adminPointsSchema }),
  goods: defineRoute(A.goods, { query: brandQuerySchema, response: adminGoodsListSchema }),
  createGoods: defineRoute(A.createGoods, { body: createGoodsSchema, response: goodsSchema }),
  updateGoods: defineRoute(A.updateGoods, {
    params: goodsIdParamsSchema,
    body: goodsInputSchema,
    response: goodsSchema,
  }),
  redemptions: defineRoute(A.redemptions, {
    query: adminRedemptionsQuerySchema,
    response: adminRedemptionPageSchema,
  }),
  decide: defineRoute(A.decide, {
    params: goodsIdParamsSchema,
    body: decideRedemptionSchema,
    response: adminRedemptionSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
