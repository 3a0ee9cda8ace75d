import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { BET_ORDERS } from './bonus';
import { GAME_CATEGORIES } from './game-categories';
import type { RouteSchemas } from './routes';
import { serverText, text } from './text';

/**
 * The console's "Bonus & cashback settings" desk (docs/bonus.md "Settings desk"): per brand,
 * the game categories' weights for wagering, the standing cashback programme and manual rebate.
 * Amounts in minor units, rates in basis points, weights in percent.
 */
// A route descriptor without importing routes.ts's values (routes.ts imports this file's siblings).
const defineRoute = <const P extends Endpoint, const S extends RouteSchemas>(
  endpoint: P,
  schemas: S,
) => ({ ...endpoint, ...schemas }) as P & S;

/** How often cashback pays: each day, each week (Monday to Sunday), each calendar month (the brand's zone). */
export const CASHBACK_PERIODS = ['day', 'week', 'month'] as const;
export type CashbackPeriodKind = (typeof CASHBACK_PERIODS)[number];

/** The most one member may be paid per period, and the smallest loss a brand may ask: R$ 1 million. */
export const CASHBACK_AMOUNT_MAX_MINOR = 100_000_000;
/** A share of 100 % in basis points: the highest cashback or rebate rate. */
export const REWARD_RATE_MAX_BP = 10_000;

export const REWARD_SETTINGS_ENDPOINTS = {
  /** Every brand's weights, cashback and rebate settings, with the cashback periods paid lately. */
  read: { method: 'GET', path: '/admin/api/rewards/settings' },
  /** The bonus wallet's rules: the game categories' weights toward wagering (percent; absent counts 100). */
  updateBonus: { method: 'PUT', path: '/admin/api/rewards/settings/:merchantCode/bonus' },
  /** The standing cashback programme: on/off, rate, period, minimum loss, cap. */
  updateCashback: { method: 'PUT', path: '/admin/api/rewards/settings/:merchantCode/cashback' },
  /** Manual rebate: on/off and the rate per game category. */
  updateRebate: { method: 'PUT', path: '/admin/api/rewards/settings/:merchantCode/rebate' },
} as const satisfies Record<string, Endpoint>;

const categorySchema = z.enum(GAME_CATEGORIES);
const rateBpSchema = z.number().int().min(0).max(REWARD_RATE_MAX_BP);
const amountMinorSchema = z.number().int().min(0).max(CASHBACK_AMOUNT_MAX_MINOR);

export const cashbackSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** Share of the period's net loss paid back (500 = 5 %): the brand's rate, a VIP level may set another. */
    rateBp: rateBpSchema,
    period: z.enum(CASHBACK_PERIODS),
    /** A period's loss below this pays nothing. */
    minLossMinor: amountMinorSchema,
    /** The most one member is paid per period (0: no cap). */
    maxPayoutMinor: amountMinorSchema,
  })
  .strict();
export type CashbackSettingsInput = z.infer<typeof cashbackSettingsSchema>;

export const rebateSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** Basis points of valid bets per game category (absent: 0). */
    ratesBp: z.partialRecord(categorySchema, rateBpSchema),
  })
  .strict();
export type RebateSettingsInput = z.infer<typeof rebateSettingsSchema>;

/**
 * The bonus wallet's rules: the weights, and which wallet a bet uses first with the categories
 * that never take bonus money (docs/bonus.md "Which wallet a bet uses"; absent: unchanged).
 */
export const bonusSettingsSchema = z
  .object({
    categoryWeights: z.partialRecord(categorySchema, z.number().int().min(0).max(100)),
    betOrder: z.enum(BET_ORDERS).optional(),
    cashOnlyCategories: z.array(categorySchema).max(GAME_CATEGORIES.length).optional(),
  })
  .strict();
export type BonusSettingsInput = z.infer<typeof bonusSettingsSchema>;

/** One period the cashback job paid: how many members and how much. */
export const cashbackPaidPeriodSchema = z.object({
  periodKey: serverText(),
  firstDay: serverText(),
  lastDay: serverText(),
  members: z.number().int(),
  amountMinor: z.number().int(),
});
export type CashbackPaidPeriod = z.infer<typeof cashbackPaidPeriodSchema>;

export const brandRewardSettingsSchema = z.object({
  merchantCode: serverText(),
  name: serverText(),
  currency: serverText(),
  /** False under br-regulated (Lei 14.790 art. 29): nothing here pays, the desk says so. */
  bonusAllowed: z.boolean(),
  /** The whitelabel's MANUAL_REBATE module: rebate pays only when it and `rebate.enabled` are on. */
  rebateModuleOn: z.boolean(),
  bonus: z.object({
    categoryWeights: z.record(serverText(), z.number().int()),
    betOrder: z.enum(BET_ORDERS),
    cashOnlyCategories: z.array(serverText()),
  }),
  cashback: cashbackSettingsSchema,
  rebate: z.object({ enabled: z.boolean(), ratesBp: z.record(serverText(), z.number().int()) }),
  /** Campaign promotions triggered by losses (the promotions desk), beside the standing programme. */
  lossPromotions: z.number().int(),
  recentCashback: z.array(cashbackPaidPeriodSchema),
});
export type BrandRewardSettings = z.infer<typeof brandRewardSettingsSchema>;

export const rewardSettingsSchema = z.object({
  categories: z.array(serverText()),
  brands: z.array(brandRewardSettingsSchema),
});
export type RewardSettings = z.infer<typeof rewardSettingsSchema>;

export const rewardSettingsBrandParamsSchema = z.object({ merchantCode: text(32) });

export const REWARD_SETTINGS_ROUTES = {
  read: defineRoute(REWARD_SETTINGS_ENDPOINTS.read, { response: rewardSettingsSchema }),
  updateBonus: defineRoute(REWARD_SETTINGS_ENDPOINTS.updateBonus, {
    params: rewardSettingsBrandParamsSchema,
    body: bonusSettingsSchema,
    response: brandRewardSettingsSchema,
  }),
  updateCashback: defineRoute(REWARD_SETTINGS_ENDPOINTS.updateCashback, {
    params: rewardSettingsBrandParamsSchema,
    body: cashbackSettingsSchema,
    response: brandRewardSettingsSchema,
  }),
  updateRebate: defineRoute(REWARD_SETTINGS_ENDPOINTS.updateRebate, {
    params: rewardSettingsBrandParamsSchema,
    body: rebateSettingsSchema,
    response: brandRewardSettingsSchema,
  }),
};
