import { ENDPOINTS, ROUTES, type GameMenu, type Language } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/**
 * The categories that have vendors, with their vendors, in the server's order
 * (`/lgw/games/game_menus`). Keyed by language: vendor names may be translated, and the spec
 * refetches the vendor list on a language change (§4).
 */
export const gameMenusQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['games', 'menus', language],
    queryFn: ({ signal }) =>
      apiRequest<GameMenu[]>(ENDPOINTS.games.menus, {
        // Contract check in development only (see RequestOptions.schema).
        schema: import.meta.env.DEV ? ROUTES.games.menus.response : undefined,
        signal,
      }),
    // A language switch keeps showing the previous list until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
