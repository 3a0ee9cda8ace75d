import { ENDPOINTS, ROUTES, type MemberInfo } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** Everything under this key belongs to the logged-in member; logout removes it all. */
export const memberQueryKey = ['member'] as const;
export const memberInfoQueryKey = [...memberQueryKey, 'info'] as const;

/** `GET /wps/member/info`: who is logged in (docs/product.md §3 member info). */
export function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo> {
  return apiRequest<MemberInfo>(ENDPOINTS.members.info, {
    // Contract check in development only (see RequestOptions.schema).
    schema: import.meta.env.DEV ? ROUTES.members.info.response : undefined,
    signal,
  });
}

export const memberInfoQueryOptions = () =>
  queryOptions({
    queryKey: memberInfoQueryKey,
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 60_000,
  });
