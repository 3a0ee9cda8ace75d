import type { GameCard, GameList } from '@banca/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { FAVOURITES_ALL_PAGE_SIZE, type FavouriteList } from '../api/get-favourites';
import { lobbyKeys } from '../api/query-keys';

export type FavouriteChange = { game: GameCard; add: boolean; username: string };

/** The "all favourites" page, the one a new favourite is added to at once. */
const isAllPage = (key: QueryKey) =>
  (key[5] as { pageSize?: number } | undefined)?.pageSize === FAVOURITES_ALL_PAGE_SIZE &&
  (key[5] as { pageNo?: number } | undefined)?.pageNo === 1;

/** FAV lists of a category lobby (the member's favourites too). */
export const isFavouriteLobbyList = (key: QueryKey) =>
  (key[5] as { selectType?: string } | undefined)?.selectType === 'FAV';

/**
 * Applies a change to every cached list of the member's favourites: an addition goes to the
 * front of the "all" list (ignored if already there, docs/product.md §4); a removal filters it out
 * of every list. Other pages catch up when the change settles.
 */
export function applyFavouriteChange(
  queryClient: QueryClient,
  { game, add, username }: FavouriteChange,
): void {
  for (const [key, list] of queryClient.getQueriesData<FavouriteList>({
    queryKey: lobbyKeys.favourites(username),
  })) {
    if (!list) continue;
    const present = list.content.some((item) => item.nodeId === game.nodeId);
    if (add && !present && isAllPage(key))
      queryClient.setQueryData<FavouriteList>(key, {
        ...list,
        content: [game, ...list.content],
        totalCount: list.totalCount + 1,
      });
    else if (!add && present)
      queryClient.setQueryData<FavouriteList>(key, {
        ...list,
        content: list.content.filter((item) => item.nodeId !== game.nodeId),
        totalCount: Math.max(0, list.totalCount - 1),
      });
  }
  if (add) return;
  for (const [key, list] of queryClient.getQueriesData<GameList>({
    queryKey: lobbyKeys.memberList(username),
    predicate: (query) => isFavouriteLobbyList(query.queryKey),
  })) {
    if (!list) continue;
    queryClient.setQueryData<GameList>(key, {
      ...list,
      games: list.games.filter((item) => item.nodeId !== game.nodeId),
    });
  }
}
