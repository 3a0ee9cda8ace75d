import { ENDPOINTS, ROUTES, type Language, type Winner } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { lobbyKeys } from './query-keys';

/** Winner board size (docs/product.md §9: "Winner board limit 20, sorted by amount descending"). */
export const WINNER_BOARD_SIZE = 20;

/** The latest big wins of every category, biggest first (`GET /lgw/games/winners`). */
export const winnersQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: lobbyKeys.winners(language),
    queryFn: ({ signal }) =>
      apiRequest<Winner[]>(ENDPOINTS.games.winners, {
        query: { gameCategory: 'ALL', limitNum: WINNER_BOARD_SIZE },
        schema: import.meta.env.DEV ? ROUTES.games.winners.response : undefined,
        signal,
      }),
    staleTime: 60_000,
  });
