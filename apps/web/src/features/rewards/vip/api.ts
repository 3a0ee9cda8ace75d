import { LOYALTY_ENDPOINTS, LOYALTY_ROUTES, type VipOverview } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { vipQueryKey } from './keys';

/** `GET /wps/rewards/vip`: the levels' table and the member's card. */
export function vipQueryOptions() {
  return queryOptions({
    queryKey: vipQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<VipOverview>(LOYALTY_ENDPOINTS.vip, {
        schema: import.meta.env.DEV ? LOYALTY_ROUTES.vip.response : undefined,
        signal,
      }),
  });
}
