import { ENDPOINTS, ROUTES } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { memberQueryKey } from './get-member-info';

/** `GET /wps/member/info/icon`: the member's avatar (value.iconUrl). */
export const memberIconQueryOptions = () =>
  queryOptions({
    queryKey: [...memberQueryKey, 'icon'],
    queryFn: ({ signal }) =>
      apiRequest<{ iconUrl: string }>(ENDPOINTS.members.icon, {
        schema: import.meta.env.DEV ? ROUTES.members.icon.response : undefined,
        signal,
      }),
    staleTime: 30 * 60_000,
  });
