import {
  ENDPOINTS,
  ROUTES,
  type GameCard,
  type GameCategory,
  type Language,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { STORAGE_KEYS } from '@/lib/storage';
import { readSessionCache, writeSessionCache } from '../lib/session-cache';
import { lobbyKeys } from './query-keys';

/** A saved copy from an older release may differ: only a list of cards is used. */
const isGameList = (data: unknown): data is GameCard[] =>
  Array.isArray(data) &&
  data.every(
    (game: Partial<GameCard> | null) =>
      typeof game?.nodeId === 'number' && typeof game.iconUrl === 'string',
  );

/** The platform's own hot list (docs/product.md §7 "Hot games: … isPlatform 2"). */
const PLATFORM_HOT_LIST = 2;

/** Hot games of the whole site, a category or a vendor (`GET /lgw/games/hot`, at most 24). */
export const hotGamesQueryOptions = (
  language: Language,
  scope: { gameType?: GameCategory; vassalage?: string } = {},
) => {
  // Spec §4: kept in session storage for the visit (see lib/session-cache.ts).
  const variant = `${language}:${scope.gameType ?? ''}:${scope.vassalage ?? ''}`;
  const saved = () => readSessionCache(STORAGE_KEYS.hotGames, variant, isGameList);
  return queryOptions({
    queryKey: lobbyKeys.hot(language, scope),
    queryFn: async ({ signal }) => {
      const games = await apiRequest<GameCard[]>(ENDPOINTS.games.hot, {
        query: { ...scope, isPlatform: PLATFORM_HOT_LIST },
        schema: import.meta.env.DEV ? ROUTES.games.hot.response : undefined,
        signal,
      });
      writeSessionCache(STORAGE_KEYS.hotGames, variant, games);
      return games;
    },
    initialData: () => saved()?.data,
    initialDataUpdatedAt: () => saved()?.savedAtMs,
    staleTime: 5 * 60_000,
  });
};
