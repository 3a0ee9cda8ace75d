import type { BetPeriod } from '@banca/contracts';
import { BET_PERIODS } from '@banca/contracts';
import { useTableState, type TableState } from '@/lib/use-table-state';
import type { PeriodFilter } from '../api/keys';

const FILTERS = ['period', 'fromDay', 'toDay', 'username'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * A team list's state in the address (period, search, page), so reload and back show the
 * same rows: the one DataTable's paging plus the period and the username searched.
 */
export function useTeamList(defaultPeriod: BetPeriod = 'today'): {
  state: TableState<Filter>;
  period: PeriodFilter;
  setPeriod: (next: PeriodFilter) => void;
  query: PeriodFilter & { username?: string; pageNo: number; pageSize: number };
} {
  const state = useTableState<Filter>({ filters: FILTERS, pageSize: 20 });
  const raw = state.filters.period;
  const period: PeriodFilter = {
    period: BET_PERIODS.find((p) => p === raw) ?? defaultPeriod,
    fromDay: state.filters.fromDay,
    toDay: state.filters.toDay,
  };
  return {
    state,
    period,
    setPeriod: (next) =>
      state.setFilters({ period: next.period, fromDay: next.fromDay, toDay: next.toDay }),
    query: {
      ...period,
      ...(state.filters.username ? { username: state.filters.username } : {}),
      pageNo: state.page,
      pageSize: state.pageSize,
    },
  };
}
