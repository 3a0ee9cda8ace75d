import { recentListSchema, type Language } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { lobbyKeys } from './query-keys';

export type RecentList = ReturnType<typeof recentListSchema.parse>;

/** One page of the games the member launched lately (`GET /wps/games/recent`). */
export const recentGamesQueryOptions = (
  username: string,
  language: Language,
  page: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: [...lobbyKeys.recent(username), language, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<RecentList>('/wps/games/recent', {
        query: page,
        schema: import.meta.env.DEV ? recentListSchema : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
