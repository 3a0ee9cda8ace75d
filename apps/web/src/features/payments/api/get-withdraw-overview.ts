import { ENDPOINTS, ROUTES, type WithdrawOverview } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { withdrawOverviewQueryKey } from './withdraw-keys';

/** `GET /wps/payments/withdraw`: limits, today's use, the requirements, identity and PIX keys. */
export const withdrawOverviewQueryOptions = () =>
  queryOptions({
    queryKey: withdrawOverviewQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<WithdrawOverview>(ENDPOINTS.withdrawals.overview, {
        schema: import.meta.env.DEV ? ROUTES.withdrawals.overview.response : undefined,
        signal,
      }),
    staleTime: 10_000,
  });
