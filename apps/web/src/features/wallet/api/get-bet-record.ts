import {
  ENDPOINTS,
  ROUTES,
  type BetPeriod,
  type BetRecordPage,
  type BetStatus,
  type GameCategory,
} from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { walletQueryKey } from './get-balances';

export type { BetRecordPage };
export type BetRoundRecord = BetRecordPage['list'][number];

/** A period: a preset the server resolves in the brand's time zone, or custom whole days. */
export type PeriodFilter = { period: BetPeriod; fromDay?: string; toDay?: string };

/** What the betting record is filtered by (null: every one). */
export type BetRecordFilter = PeriodFilter & {
  category: GameCategory | null;
  vendor: string | null;
  status: BetStatus | null;
};

export const betRecordQueryKey = [...walletQueryKey, 'bets'] as const;

/** The period as query parameters: the days travel only with a custom period. */
export function periodParams(filter: PeriodFilter) {
  return filter.period === 'custom'
    ? { period: filter.period, fromDay: filter.fromDay, toDay: filter.toDay }
    : { period: filter.period };
}

/**
 * `GET /wps/member/bets`: one page of the member's rounds (newest first) and the totals of the
 * whole filter. The previous page stays on screen while the next one loads.
 */
export const betRecordQueryOptions = (filter: BetRecordFilter, pageNo: number, language: string) =>
  queryOptions({
    // Game names come in the caller's language.
    queryKey: [...betRecordQueryKey, filter, pageNo, language],
    queryFn: ({ signal }) =>
      apiRequest<BetRecordPage>(ENDPOINTS.wallet.bets, {
        query: {
          ...periodParams(filter),
          category: filter.category ?? undefined,
          vendor: filter.vendor ?? undefined,
          status: filter.status ?? undefined,
          pageNo,
        },
        schema: import.meta.env.DEV ? ROUTES.wallet.bets.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
