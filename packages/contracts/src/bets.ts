import { z } from 'zod';
import { BET_PERIODS, BET_STATUSES } from './bet-lists';
import { gameCategorySchema } from './games';
import { serverText, text } from './text';

/**
 * The member's betting record (member centre personalHistoryCopy) and profit and loss
 * (personalProfit), read from the bet records the ledger writes beside the money (issue 12 §5).
 * Periods are whole calendar days in the brand's time zone.
 */

export { BET_PERIODS, BET_STATUSES } from './bet-lists';
export const betStatusSchema = z.enum(BET_STATUSES);
export type BetStatus = z.infer<typeof betStatusSchema>;

export const betPeriodSchema = z.enum(BET_PERIODS);
export type BetPeriod = z.infer<typeof betPeriodSchema>;

/** Rounds per page of the betting record: a phone screen or two of cards. */
export const BET_RECORD_PAGE_SIZE = 20;
/** Longest custom period of the betting record and the profit page, in days (as the account record). */
export const MAX_BET_RANGE_DAYS = 90;

/** A calendar day, `yyyy-mm-dd`. The service checks it is a real date. */
const calendarDaySchema = text(10).regex(/^\d{4}-\d{2}-\d{2}$/);

// Schemas here are built only from calls rooted at `z` or `text`, never `someSchema.method()`:
// those are the calls the web build knows to be pure (apps/web/vite.config.ts), so a page that
// imports a constant from this file does not carry zod.

/** The period of either page: a preset, or `custom` with both days. */
const periodShape = {
  period: z.enum(BET_PERIODS).default('last7'),
  fromDay: z.optional(calendarDaySchema),
  toDay: z.optional(calendarDaySchema),
};
export const betPeriodQuerySchema = z.object(periodShape);

/** `GET /wps/member/bets`: the betting record's filters and page. */
export const betRecordQuerySchema = z.object({
  ...periodShape,
  category: z.optional(gameCategorySchema),
  vendor: text(16)
    .regex(/^[A-Z0-9_]+$/)
    .optional(),
  status: z.optional(betStatusSchema),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** The period a page answered for: its days and the instants that cut them. */
export const betPeriodRangeSchema = z.object({
  fromDay: serverText(),
  toDay: serverText(),
  /** Start of fromDay and the midnight after toDay, in the brand's zone (ISO 8601, UTC). */
  fromUtc: serverText(),
  toUtc: serverText(),
  timeZone: serverText(),
});

/**
 * Sums over a set of rounds, in minor units. Profit is the member's: payout − stake of settled
 * rounds. A cancelled round counts as a round without stake: given back, it is no turnover.
 */
const totalsShape = {
  rounds: z.number().int(),
  stakeMinor: z.number().int(),
  validBetMinor: z.number().int(),
  payoutMinor: z.number().int(),
  profitMinor: z.number().int(),
};
export const betTotalsSchema = z.object(totalsShape);
export type BetTotals = z.infer<typeof betTotalsSchema>;

export const betRoundSchema = z.object({
  id: z.number().int(),
  roundId: serverText(),
  vendorCode: serverText(),
  vendorName: serverText(),
  gameCode: serverText(),
  /** In the caller's language; the game code when the catalogue no longer has the game. */
  gameName: serverText(),
  category: z.nullable(gameCategorySchema),
  status: betStatusSchema,
  /** What was staked; a cancelled round's too (given back: refundedMinor), not in the totals. */
  stakeMinor: z.number().int(),
  /** The stake the vendor's cancels gave back (a cancelled round's); 0 otherwise. */
  refundedMinor: z.number().int(),
  validBetMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** payout − stake once settled; null while open; 0 when cancelled. */
  profitMinor: z.number().int().nullable(),
  openedAt: serverText(),
  settledAt: serverText().nullable(),
});
export type BetRoundRecord = z.infer<typeof betRoundSchema>;

export const betRecordPageSchema = z.object({
  currency: serverText(),
  range: betPeriodRangeSchema,
  totals: betTotalsSchema,
  list: z.array(betRoundSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type BetRecordPage = z.infer<typeof betRecordPageSchema>;

/** `GET /wps/member/profit`: profit and loss of a period (settled rounds), per day and per category. */
export const profitQuerySchema = betPeriodQuerySchema;

export const profitDaySchema = z.object({ ...totalsShape, day: serverText() });
export const profitCategorySchema = z.object({ ...totalsShape, category: gameCategorySchema });

export const profitReportSchema = z.object({
  currency: serverText(),
  range: betPeriodRangeSchema,
  totals: betTotalsSchema,
  /** Every day of the period, oldest first, days without play at zero. */
  days: z.array(profitDaySchema),
  /** Categories with settled rounds in the period, by stake. */
  categories: z.array(profitCategorySchema),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;
