import {
  ENDPOINTS,
  ROUTES,
  type GameCategory,
  type GameList,
  type GameSelectType,
  type Language,
} from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { lobbyKeys } from './query-keys';

/** The game list parameters the web app sends (a subset of gameListQuerySchema). */
export type GamesRequest = {
  gameType?: GameCategory;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  selectType: GameSelectType;
  pageNo: number;
  pageSize: number;
};

/**
 * One page of a lobby (`GET /lgw/games/list`): category, vendor, classify, filter, name. FAV and
 * RECENT are the member's own games, so their key is the member's (`username` required then).
 */
export const gamesQueryOptions = (
  request: GamesRequest,
  language: Language,
  username: string | null,
) => {
  const own = request.selectType === 'FAV' || request.selectType === 'RECENT';
  return queryOptions({
    queryKey:
      own && username
        ? ([...lobbyKeys.memberList(username), language, request] as const)
        : lobbyKeys.list(language, request),
    queryFn: ({ signal }) =>
      apiRequest<GameList>(ENDPOINTS.games.list, {
        query: { ...request },
        // Contract check in development only (see RequestOptions.schema).
        schema: import.meta.env.DEV ? ROUTES.games.list.response : undefined,
        signal,
      }),
    // The next page replaces the current one without flashing skeletons.
    placeholderData: keepPreviousData,
    staleTime: own ? 0 : 60_000,
  });
};
