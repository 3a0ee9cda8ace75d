import { ENDPOINTS, ROUTES, type ResponseOf, type Language } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { lobbyKeys } from './query-keys';

export type RecentList = ResponseOf<typeof ROUTES.games.recent>;

/** One page of the games the member launched lately (`GET /wps/games/recent`). */
export const recentGamesQueryOptions = (
  username: string,
  language: Language,
  page: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: [...lobbyKeys.recent(username), language, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<RecentList>(ENDPOINTS.games.recent, {
        query: page,
        schema: import.meta.env.DEV ? ROUTES.games.recent.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
