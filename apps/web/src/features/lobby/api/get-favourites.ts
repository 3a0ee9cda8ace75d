import { ENDPOINTS, ROUTES, type ResponseOf, MAX_PAGE_SIZE, type Language } from '@banca/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { lobbyKeys } from './query-keys';

export type FavouriteList = ResponseOf<typeof ROUTES.games.favourites>;

/**
 * Home shows up to 99 favourites (docs/product.md §9), the most one page holds; the same page tells
 * every card whether its heart is filled.
 */
export const FAVOURITES_ALL_PAGE_SIZE = MAX_PAGE_SIZE;

/** One page of the member's favourite games (`GET /wps/games/favorites`). */
export const favouritesQueryOptions = (
  username: string,
  language: Language,
  page: { pageNo: number; pageSize: number } = { pageNo: 1, pageSize: FAVOURITES_ALL_PAGE_SIZE },
) =>
  queryOptions({
    queryKey: [...lobbyKeys.favourites(username), language, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<FavouriteList>(ENDPOINTS.games.favourites, {
        query: page,
        schema: import.meta.env.DEV ? ROUTES.games.favourites.response : undefined,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
