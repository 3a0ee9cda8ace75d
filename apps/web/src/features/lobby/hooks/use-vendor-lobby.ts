import { LOBBY_PAGE_SIZE, type Vendor } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { useLanguage } from '@/i18n';
import { openAuthDialog } from '@/stores/auth-dialog-store';
import { toast } from '@/stores/toast-store';
import { gamesQueryOptions } from '../api/get-games';
import { useLaunchGame } from './use-launch-game';
import { useMember } from './use-member';

/**
 * Entering a LOBBY vendor (sports books, lotteries, cockfight: docs/product.md §2 "Game centre"):
 * its lobby is a game of its own, found in the vendor's game list, then launched like any game.
 */
export function useVendorLobby(): {
  enter: (vendor: Vendor) => void;
  pendingVendor: string | null;
} {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { t } = useTranslation();
  const { username } = useMember();
  const launch = useLaunchGame();
  const [pendingVendor, setPendingVendor] = useState<string | null>(null);

  const enter = useCallback(
    (vendor: Vendor) => {
      if (!username) {
        openAuthDialog({ kind: 'login' });
        return;
      }
      setPendingVendor(vendor.code);
      queryClient
        .fetchQuery(
          gamesQueryOptions(
            {
              gameType: vendor.gameCategory,
              vassalage: vendor.code,
              selectType: 'ALL',
              pageNo: 1,
              pageSize: LOBBY_PAGE_SIZE,
            },
            language,
            username,
          ),
        )
        .then((list) => {
          const lobby = list.games.find((game) => game.isGame === 'LOBBY') ?? list.games[0];
          if (lobby) launch(lobby);
          else toast.error(t('lobby.center.unavailable'));
        })
        .catch((error: unknown) =>
          toast.error(t('lobby.launch.failed', { reason: errorMessage(error, t) })),
        )
        .finally(() => setPendingVendor(null));
    },
    [queryClient, language, username, launch, t],
  );
  return { enter, pendingVendor };
}
