import type { GameCategory, Language } from '@banca/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { lobbyRequest, MEMBER_FILTERS, parseLobbyParams } from '../lib/lobby-state';
import { gamesQueryOptions } from './get-games';
import { lanesQueryOptions } from './get-lanes';

/**
 * Starts what a category lobby (/rng, /live…) shows first — the vendor lanes and the page of
 * games its URL names — as soon as its route is matched, alongside its code, instead of once
 * that code has arrived and rendered. A member's own lists (FAV, RECENT) need the restored
 * session, so the page asks for those itself.
 */
export function prefetchCategoryLobby(
  queryClient: QueryClient,
  category: GameCategory,
  search: URLSearchParams,
  language: Language,
): void {
  void queryClient.prefetchQuery(lanesQueryOptions(language));
  const state = parseLobbyParams(search);
  if (MEMBER_FILTERS.has(state.filter)) return;
  void queryClient.prefetchQuery(gamesQueryOptions(lobbyRequest(category, state), language, null));
}
