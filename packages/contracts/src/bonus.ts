import { z } from 'zod';
import { GAME_CATEGORIES } from './game-categories';
import { serverText } from './text';
import { BONUS_ENDPOINTS as E } from './bonus-endpoints';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';

const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

/**
 * Which wallet a bet uses first (docs/bonus.md "Which wallet a bet uses"): `cash_first` bets
 * from cash only (bonus money waits for its requirement), `bonus_first` draws the bonus wallet
 * first and splits wins back in the stake's proportion.
 */
export const BET_ORDERS = ['cash_first', 'bonus_first'] as const;
export type BetOrder = (typeof BET_ORDERS)[number];

/** Where a bonus stands (docs/bonus.md): wagering, converted to cash, given up, or run out. */
export const BONUS_STATUSES = ['open', 'completed', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

export const bonusGrantSchema = z.object({
  id: z.number().int(),
  title: serverText(),
  currency: serverText(),
  amountMinor: z.number().int(),
  /** The deposit the requirement counts when its base is bonus + deposit. */
  depositMinor: z.number().int(),
  wageringMultiple: z.number().int(),
  wageringBase: z.enum(['bonus', 'bonus_deposit']),
  requiredMinor: z.number().int(),
  /** Valid bets counted so far, by the game categories' weights (never above requiredMinor). */
  wageredMinor: z.number().int(),
  status: z.enum(BONUS_STATUSES),
  createdAt: serverText(),
  expiresAt: serverText(),
  closedAt: serverText().nullable(),
  /** What the close moved out of the bonus wallet (under bonus_first, what was left). */
  closedAmountMinor: z.number().int().nullable(),
});
export type BonusGrant = z.infer<typeof bonusGrantSchema>;

export const bonusListSchema = z.object({
  /** Under br-regulated every bonus feature is off (Lei 14.790 art. 29): the list is refused. */
  list: z.array(bonusGrantSchema),
  currency: serverText(),
  /** Bonus money the member holds (the bonus wallet's balance). */
  bonusBalanceMinor: z.number().int(),
  /** Per game category, percent of a valid bet that counts toward a requirement (absent: 100). */
  categoryWeights: z.record(serverText(), z.number().int()),
  /** Which wallet the brand's bets use first (the page explains the bonus balance by it). */
  betOrder: z.enum(BET_ORDERS),
});
export type BonusList = z.infer<typeof bonusListSchema>;

/** A brand's bet order, and the game categories whose bets never take bonus money. */
export const betOrderSettingsSchema = z
  .object({
    betOrder: z.enum(BET_ORDERS),
    cashOnlyCategories: z.array(z.enum(GAME_CATEGORIES)).max(GAME_CATEGORIES.length),
  })
  .strict();
export type BetOrderSettings = z.infer<typeof betOrderSettingsSchema>;

export const bonusIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const forfeitBonusRequestSchema = z.object({ confirm: z.literal(true) });

/** One category's part of a rebate: its valid bets since the last claim, its rate, what it pays. */
export const rebateLineSchema = z.object({
  category: serverText(),
  validBetMinor: z.number().int(),
  rateBp: z.number().int(),
  amountMinor: z.number().int(),
});
export const rebateClaimSchema = z.object({
  id: z.number().int(),
  fromUtc: serverText(),
  toUtc: serverText(),
  validBetMinor: z.number().int(),
  amountMinor: z.number().int(),
});
export type RebateClaim = z.infer<typeof rebateClaimSchema>;
export const rebateOverviewSchema = z.object({
  currency: serverText(),
  /** Where the next claim's bets start: the last claim's end, or the window's limit. */
  sinceUtc: serverText(),
  lines: z.array(rebateLineSchema),
  /** What a claim would pay now (the lines' sum). */
  amountMinor: z.number().int(),
  claims: z.array(rebateClaimSchema),
});
export type RebateOverview = z.infer<typeof rebateOverviewSchema>;

export const BONUS_ROUTES = {
  list: route(E.list, { response: bonusListSchema }),
  forfeit: route(E.forfeit, {
    params: bonusIdParamsSchema,
    body: forfeitBonusRequestSchema,
    response: bonusGrantSchema,
  }),
  rebate: route(E.rebate, { response: rebateOverviewSchema }),
  claimRebate: route(E.claimRebate, { response: rebateClaimSchema }),
} as const satisfies Record<string, RouteDescriptor>;
