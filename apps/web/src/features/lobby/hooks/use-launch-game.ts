import type { GameCard } from '@banca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { toast } from '@/stores/toast-store';
import { launchGame } from '../api/launch-game';
import { lobbyKeys } from '../api/query-keys';
import { LOTTERY_VENDOR } from '../lib/banca-lotteries';
import { seamlessPath } from '../lib/seamless';
import { lobbyDialogs, useLobbyDialogStore } from '../stores/lobby-dialog-store';
import { useMember } from './use-member';

/** The house's vendor code (docs/house.md). */
const HOUSE_VENDOR = 'BGS';
const LOBBY_GAME_CODE = 'LOBBY';

/** Where a launched game opens: Banca's own pages for its own games, else the vendor's frame. */
function launchPath(result: { url: string; game: GameCard }): string {
  const { vassalage, gameCode } = result.game;
  if (vassalage === HOUSE_VENDOR) return `/originals/${gameCode}`;
  // Banca's lottery: its lobby tile and games open the lottery pages.
  if (vassalage === LOTTERY_VENDOR)
    return gameCode === LOBBY_GAME_CODE
      ? '/lottery'
      : `/lottery?gameCode=${encodeURIComponent(gameCode)}`;
  return seamlessPath(result.url, result.game);
}

/** Popular games offered instead of one under maintenance (error `data.suggestions`). */
function suggestionsOf(data: Record<string, unknown> | undefined): GameCard[] {
  const list = data?.suggestions;
  return Array.isArray(list) ? (list as GameCard[]) : [];
}

/**
 * Opening a game (docs/product.md §4): a visitor gets the login dialog; a member's launch goes to
 * the server, which records it as recent and answers with the vendor's address (framed by
 * /seamless) or why not: the brand's provider is unavailable, or the game is under maintenance
 * (with popular games to try instead). The member's recent lists refresh either way.
 */
export function useLaunchGame(): (game: GameCard) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { username } = useMember();

  const { mutate } = useMutation({
    mutationFn: (game: GameCard) => launchGame(game.nodeId),
    onMutate: (game) => lobbyDialogs.setLaunching(game.nodeId),
    // House games (BGS) and the lottery (BLT) are Banca's own pages, not a vendor's framed address.
    onSuccess: (result) => void navigate(launchPath(result)),
    onError: (error, game) => {
      if (!isApiError(error)) {
        toast.error(t('lobby.launch.failed', { reason: errorMessage(error, t) }));
        return;
      }
      if (error.code === 'game_launch_unavailable')
        lobbyDialogs.showLaunchOutcome({ kind: 'unavailable', game, message: error.message });
      else if (error.code === 'game_maintenance')
        lobbyDialogs.showLaunchOutcome({
          kind: 'maintenance',
          game,
          message: error.message,
          suggestions: suggestionsOf(error.data),
        });
      // A lost session already opened the login dialog (the API client's session rejection).
      else if (error.code !== 'not_logged_in')
        toast.error(t('lobby.launch.failed', { reason: errorMessage(error, t) }));
    },
    onSettled: (_result, _error, game) => {
      if (useLobbyDialogStore.getState().launchingNodeId === game.nodeId)
        lobbyDialogs.setLaunching(null);
      if (!username) return;
      void queryClient.invalidateQueries({ queryKey: lobbyKeys.recent(username) });
      void queryClient.invalidateQueries({
        queryKey: lobbyKeys.memberList(username),
        predicate: (query) =>
          (query.queryKey[5] as { selectType?: string } | undefined)?.selectType === 'RECENT',
      });
    },
  });

  return useCallback(
    (game: GameCard) => {
      if (!username) {
        openAuthDialog({ kind: 'login' });
        return;
      }
      // One launch at a time: a second click while the first is on its way does nothing.
      if (useLobbyDialogStore.getState().launchingNodeId !== null) return;
      mutate(game);
    },
    [username, mutate],
  );
}
