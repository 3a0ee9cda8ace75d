import { ENDPOINTS, ROUTES, type MemberSession } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export const sessionsQueryKey = ['member', 'sessions'] as const;

/** `GET /wps/member/sessions`: where the member is logged in. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<MemberSession[]>(ENDPOINTS.auth.sessions, {
        schema: import.meta.env.DEV ? ROUTES.auth.sessions.response : undefined,
        signal,
      }),
    staleTime: 0,
  });
