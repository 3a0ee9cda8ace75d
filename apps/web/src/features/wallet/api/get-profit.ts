import { ENDPOINTS, ROUTES, type ProfitReport } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { periodParams, type PeriodFilter } from './get-bet-record';
import { walletQueryKey } from './get-balances';

export type { ProfitReport };

/** `GET /wps/member/profit`: settled rounds of a period, per day and per category. */
export const profitQueryOptions = (filter: PeriodFilter) =>
  queryOptions({
    queryKey: [...walletQueryKey, 'profit', filter],
    queryFn: ({ signal }) =>
      apiRequest<ProfitReport>(ENDPOINTS.wallet.profit, {
        query: periodParams(filter),
        schema: import.meta.env.DEV ? ROUTES.wallet.profit.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
