import { ENDPOINTS, ROUTES, type GameMenu, type Language } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/**
 * The categories and their vendors (`/lgw/games/game_menus`), for the betting record's
 * filters. The same key and answer as the lobby's menus, so a member who came from the lobby
 * reads them from the cache.
 */
export const betVendorsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['games', 'menus', language],
    queryFn: ({ signal }) =>
      apiRequest<GameMenu[]>(ENDPOINTS.games.menus, {
        schema: import.meta.env.DEV ? ROUTES.games.menus.response : undefined,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
