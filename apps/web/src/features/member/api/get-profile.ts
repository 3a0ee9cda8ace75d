import { ENDPOINTS, ROUTES, type Profile } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** Under the member key: logout drops it with the rest of the member's data. */
export const profileQueryKey = ['member', 'profile'] as const;

/** `GET /wps/member/profile`: the fields of "my account". */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<Profile>(ENDPOINTS.members.profile, {
        schema: import.meta.env.DEV ? ROUTES.members.profile.response : undefined,
        signal,
      }),
  });
