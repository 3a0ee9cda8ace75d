import { ENDPOINTS, ROUTES, type ReferralOverview } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** `GET /wps/referral`: the member's code, the rules and the friends, read again each 30 s. */
export const referralQueryOptions = () =>
  queryOptions({
    queryKey: ['rewards', 'referral'],
    queryFn: ({ signal }) =>
      apiRequest<ReferralOverview>(ENDPOINTS.referral.overview, {
        schema: import.meta.env.DEV ? ROUTES.referral.overview.response : undefined,
        signal,
      }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
