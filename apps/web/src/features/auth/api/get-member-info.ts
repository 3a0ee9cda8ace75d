import { memberInfoSchema, type MemberInfo } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** Everything under this key belongs to the logged-in member; logout removes it all. */
export const memberQueryKey = ['member'] as const;
export const memberInfoQueryKey = [...memberQueryKey, 'info'] as const;

/** `GET /wps/member/info`: who is logged in (spec §3 member info). */
export function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo> {
  return apiRequest<MemberInfo>('/wps/member/info', {
    // Contract check in development only (see RequestOptions.schema).
    schema: import.meta.env.DEV ? memberInfoSchema : undefined,
    signal,
  });
}

export const memberInfoQueryOptions = () =>
  queryOptions({
    queryKey: memberInfoQueryKey,
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 60_000,
  });
