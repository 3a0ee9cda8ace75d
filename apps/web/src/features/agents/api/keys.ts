import type { BetPeriod } from '@banca/contracts';

/** Every agent-centre query starts with this key, so a transfer or a new downline refreshes them all. */
export const agentsQueryKey = ['agents'] as const;

/** A period: a preset the server cuts in the brand's time zone, or custom whole days. */
export type PeriodFilter = {
  period: BetPeriod;
  fromDay?: string | undefined;
  toDay?: string | undefined;
};

/** The period as query parameters: the days travel only with a custom period. */
export function periodParams(filter: PeriodFilter) {
  return filter.period === 'custom'
    ? { period: filter.period, fromDay: filter.fromDay, toDay: filter.toDay }
    : { period: filter.period };
}
