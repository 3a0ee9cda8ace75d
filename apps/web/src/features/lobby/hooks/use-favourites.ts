import type { GameCard } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { useLanguage } from '@/i18n';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { toast } from '@/stores/toast-store';
import { addFavourite } from '../api/add-favourite';
import { favouritesQueryOptions } from '../api/get-favourites';
import { lobbyKeys } from '../api/query-keys';
import { removeFavourite } from '../api/remove-favourite';
import {
  applyFavouriteChange,
  isFavouriteLobbyList,
  type FavouriteChange,
} from '../lib/favourite-cache';
import { createKeyedThrottle } from '../lib/throttle';
import { useMember } from './use-member';

/** Spec §9: one favourite toggle per second per card; the trailing call is ignored. */
export const FAVOURITE_TOGGLE_THROTTLE_MS = 1000;
const toggleThrottle = createKeyedThrottle<number>(FAVOURITE_TOGGLE_THROTTLE_MS);

/**
 * The member's favourites (up to 99, newest first): the home list, and the hearts of every
 * card. Empty for a visitor.
 */
export function useFavourites() {
  const { username } = useMember();
  const language = useLanguage();
  return useQuery({
    ...favouritesQueryOptions(username ?? '', language),
    enabled: username !== null,
  });
}

/** Whether one card's heart is filled; re-renders the card only when that answer changes. */
export function useIsFavourite(nodeId: number): boolean {
  const { username } = useMember();
  const language = useLanguage();
  const { data } = useQuery({
    ...favouritesQueryOptions(username ?? '', language),
    enabled: username !== null,
    select: (list) => list.content.some((game) => game.nodeId === nodeId),
  });
  return username !== null && data === true;
}

const FAVOURITE_MUTATION_KEY = ['games', 'favourite-toggle'] as const;

/**
 * The heart of a card (docs/product.md §4): needs a login (else the login dialog); adds or removes
 * at once on screen, then tells the server; one toggle per second per card; on failure the change
 * is undone and a toast says why.
 */
export function useFavouriteToggle(): (game: GameCard, isFavourite: boolean) => void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { username } = useMember();

  const mutation = useMutation({
    mutationKey: FAVOURITE_MUTATION_KEY,
    mutationFn: ({ game, add }: FavouriteChange) =>
      add ? addFavourite(game) : removeFavourite(game),
    onMutate: async (change) => {
      // A favourites fetch in flight would overwrite the change with the older list.
      await queryClient.cancelQueries({ queryKey: lobbyKeys.favourites(change.username) });
      applyFavouriteChange(queryClient, change);
    },
    onSuccess: (_result, { game, add }) => {
      toast.success(
        t(add ? 'lobby.favourites.added' : 'lobby.favourites.removed', { name: game.displayName }),
      );
    },
    onError: (error, change) => {
      applyFavouriteChange(queryClient, { ...change, add: !change.add });
      // A lost session opens the login dialog already (the API client's session rejection).
      if (isApiError(error) && error.code === 'not_logged_in') return;
      toast.error(t('lobby.favourites.failed', { reason: errorMessage(error, t) }));
    },
    onSettled: async (_result, _error, change) => {
      // Refetch once the last of quick successive toggles has settled, not in between.
      if (queryClient.isMutating({ mutationKey: FAVOURITE_MUTATION_KEY }) > 1) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: lobbyKeys.favourites(change.username) }),
        queryClient.invalidateQueries({
          queryKey: lobbyKeys.memberList(change.username),
          predicate: (query) => isFavouriteLobbyList(query.queryKey),
        }),
      ]);
    },
  });
  const { mutate } = mutation;

  return useCallback(
    (game: GameCard, isFavourite: boolean) => {
      if (!username) {
        openAuthDialog({ kind: 'login' });
        return;
      }
      if (!toggleThrottle.accept(game.nodeId)) return;
      mutate({ game, add: !isFavourite, username });
    },
    [username, mutate],
  );
}
