/**
 * The betting record's fixed lists, apart from their schemas (bets.ts), for the same reason as
 * game-categories.ts: the web's filters need the lists, not zod.
 */

/** States of a round (bet_rounds.status). */
export const BET_STATUSES = ['open', 'settled', 'cancelled'] as const;

/**
 * Date presets (docs/product.md §9 "previous 7 and 30 days"; today, yesterday and the calendar
 * months are what a betting record is asked most), or `custom` with `fromDay`–`toDay`.
 */
export const BET_PERIODS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
